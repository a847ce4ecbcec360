/**
 * @module `jobs-conformance diff OLD NEW`: what drifted between two report.json files (reports/drift.ts):
 * observations whose value changed, rules newly failing or passing, rules added or removed. Exit codes
 * (cli/exit-codes.ts): 0 nothing --fail-on names (a changed observation is a warning), 1 a rule newly failing
 * or what --fail-on names, 2 a report could not be read. Its options are cli/options/diff-options.ts.
 */
import { Command } from 'commander';
import { diffReports, driftFailures, readReportFile, renderDriftMarkdown, renderDriftTerminal, shouldUseColor } from '../reports/index.js';
import type { Drift } from '../schemas/types.gen.js';
import { messageOf } from '../suites/contract/errors.js';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, exitCodeOfBadCommandLine } from './exit-codes.js';
import { DIFF_OPTIONS, type DiffOptions } from './options/diff-options.js';
import { commandProgram, type CliIo } from './command.js';
import { addOptions, readOptions } from './options/option-table.js';

const NAME = 'jobs-conformance diff';

function program(io: CliIo): Command {
  const command = commandProgram(NAME, io)
    .description(
      'Lists what changed between two report.json files: ' +
        'observations (what the target chose where the spec leaves room), rules newly failing or passing, rules added or removed.',
    )
    .argument('<old>', 'the earlier report.json (e.g. of the last deployment)')
    .argument('<new>', 'the later report.json')
    .addHelpText(
      'after',
      '\nEvery option also reads from its environment variable (flags win). ' +
        'Exit codes: 0 nothing that --fail-on names (a changed observation is a warning), ' +
        '1 a rule newly failing or what --fail-on names, 2 could not read a report.',
    );
  return addOptions(command, DIFF_OPTIONS);
}

/** The command line parsed and its options read, without running anything: throws what the command refuses with exit 2. */
export function parseDiffCommandLine(io: CliIo): { options: DiffOptions; files: [string, string] } {
  const command = program(io);
  command.parse(io.argv);
  return { options: readOptions(command, DIFF_OPTIONS, io.env), files: [command.args[0]!, command.args[1]!] };
}

/**
 * Runs `diff` and resolves to its exit code.
 *
 * @example
 * const argv = ['node', 'jobs-conformance', 'old/report.json', 'new/report.json'];
 * const code = await diffMain({ argv, env: process.env, stdout: process.stdout, stderr: process.stderr });
 */
export async function diffMain(io: CliIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`${NAME}: ${line}\n`);
  let parsed: ReturnType<typeof parseDiffCommandLine>;
  try {
    parsed = parseDiffCommandLine(io);
  } catch (error) {
    return exitCodeOfBadCommandLine(error, say);
  }
  const { options, files } = parsed;
  let drift: Drift;
  try {
    drift = diffReports(await readReportFile(files[0]), await readReportFile(files[1]), { oldSource: files[0], newSource: files[1] });
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  const text =
    options.format === 'json'
      ? `${JSON.stringify(drift, null, 2)}\n`
      : options.format === 'markdown'
        ? renderDriftMarkdown(drift)
        : renderDriftTerminal(drift, { color: shouldUseColor(io.stdout, io.env) });
  io.stdout.write(text);
  const failures = driftFailures(drift, options.failOn, options.strict === true);
  for (const failure of failures) say(failure.message);
  return failures.length > 0 ? EXIT_FAILED : EXIT_OK;
}
