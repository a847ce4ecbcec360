/**
 * @module The Commander program of each of the tool's commands, built one way: the tool's version, no
 * process.exit (each main resolves to its exit code, cli/exit-codes.ts), output to the command's streams, and
 * Commander's own errors (unknown option, missing value) naming the command like every other line it prints.
 */
import { Command } from 'commander';
import { toolInfo } from '../reports/tool-info.js';

/** What a command reads and writes instead of the process's own: the process in bin/, fakes in tests. */
export interface CliIo {
  /** The command's arguments, with the two leading argv entries (node, script); a subcommand's own name is taken out. */
  argv: string[];
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Aborted on Ctrl-C (the proxy: also SIGTERM): the command stops and writes what it has. */
  signal?: AbortSignal;
}

/** The streams a program writes its help, version and errors to. */
export type CommandStreams = Pick<CliIo, 'stdout' | 'stderr'>;

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
