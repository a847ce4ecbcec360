/**
 * @module The Commander program of each of the tool's commands, built one way: the tool's version, no
 * process.exit (each main resolves to its exit code, cli/exit-codes.ts), output to the command's streams, and
 * Commander's own errors (unknown option, missing value) naming the command like every other line it prints.
 */
import { Command } from 'commander';
import { toolInfo } from '../reports/tool-info.js';

export interface CommandStreams {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

/**
 * A program named `name` that writes to `io`.
 *
 * @example
 * const program = commandProgram('jobs-conformance diff', io).description('...');
 */
export function commandProgram(name: string, io: CommandStreams): Command {
  return new Command(name)
    .version(toolInfo.version)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(`${name}: ${text}`),
    });
}
