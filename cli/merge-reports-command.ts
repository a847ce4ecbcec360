/**
 * @module `jobs-conformance merge-reports DIR... --report-dir OUT`: the shard reports of one run (--shard i/n)
 * merged into one report in every format (reports/merge-reports.ts), gated (--baseline, --fail-on) and exiting
 * as the unsharded run would (cli/exit-codes.ts). A merge it refuses (mixed seeds or versions, a missing or a
 * duplicate shard) exits 2 with one line. Its options are cli/options/merge-reports-options.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Command } from 'commander';
import {
  failingConditions,
  mergeReports,
  prepareReportDir,
  redactReport,
  renderTerminalSummary,
  ReportError,
  shouldUseColor,
  writeReports,
  type RedactedReport,
} from '../reports/index.js';
import { formatIssues, validators } from '../schemas/index.js';
import type { ConformanceReport } from '../schemas/types.gen.js';
import { catalog } from '../suites/catalog/index.js';
import { messageOf } from '../suites/contract/errors.js';
import { prepareGating, type Gating } from '../reports/gating/gating-options.js';
import { EXIT_INTERRUPTED, EXIT_USAGE, exitCodeOf, exitCodeOfBadCommandLine } from './exit-codes.js';
import { gateReport } from '../reports/gating/gate-report.js';
import { MERGE_REPORTS_OPTIONS, type MergeReportsOptions } from './options/merge-reports-options.js';
import { commandProgram, type CliIo } from './command.js';
import { addOptions, readOptions } from './options/option-table.js';

const NAME = 'jobs-conformance merge-reports';

function program(io: CliIo): Command {
  const command = commandProgram(NAME, io)
    .description(
      'Merges the reports of the shards of one run (--shard i/n) into one report, with the verdict and exit code of an unsharded run.',
    )
    .argument('<dir...>', 'report folders of the shards (each holds report.json)')
    .addHelpText('after', '\nEvery option also reads from its environment variable (flags win).');
  return addOptions(command, MERGE_REPORTS_OPTIONS);
}

/** The command line parsed and its options read, without running anything: throws what the command refuses with exit 2. */
export function parseMergeReportsCommandLine(io: CliIo): { options: MergeReportsOptions; sources: string[] } {
  const command = program(io);
  command.parse(io.argv);
  return { options: readOptions(command, MERGE_REPORTS_OPTIONS, io.env), sources: command.args };
}

/** One shard's report.json (DIR/report.json, or the file itself), checked against the report schema. */
async function readShardReport(source: string): Promise<ConformanceReport> {
  const file = source.endsWith('.json') ? source : join(source, 'report.json');
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new ReportError('MERGE_REFUSED', `cannot read ${file}: ${messageOf(error)}`, { cause: error, context: { file } });
  }
  const valid = validators.report(parsed);
  if (!valid.ok)
    throw new ReportError('MERGE_REFUSED', `${file} is not a conformance report: ${formatIssues(valid.issues).split('\n')[0]}`, {
      context: { file },
    });
  return parsed as ConformanceReport;
}

/**
 * Runs `merge-reports` and resolves to its exit code.
 *
 * @example
 * await mergeReportsMain({ argv: ['node', 'jobs-conformance', 'shard-1', 'shard-2', '--report-dir', 'merged'], env, stdout, stderr });
 */
export async function mergeReportsMain(io: CliIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`${NAME}: ${line}\n`);
  let parsed: ReturnType<typeof parseMergeReportsCommandLine>;
  try {
    parsed = parseMergeReportsCommandLine(io);
  } catch (error) {
    return exitCodeOfBadCommandLine(error, say);
  }
  const { options, sources } = parsed;
  let merged: RedactedReport;
  let gating: Gating;
  try {
    gating = await prepareGating(options);
    await prepareReportDir(options.reportDir);
    const shards = await Promise.all(sources.map(async (source) => ({ source, report: await readShardReport(source) })));
    // The shards were redacted when they were written; the merged object takes its one pass here.
    merged = redactReport(
      mergeReports(
        shards,
        catalog.map((rule) => rule.id),
      ),
    );
    say(`merged ${shards.length} shards of seed ${merged.seed}: ${merged.rules.length} rules`);
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  let files: string[];
  let gated: RedactedReport;
  try {
    gated = await gateReport(merged, gating, say);
    files = await writeReports(gated, { dir: options.reportDir, reporters: gating.reporters });
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  io.stdout.write(renderTerminalSummary(gated, { color: shouldUseColor(io.stdout, io.env), files }));
  if (gated.interrupted) return EXIT_INTERRUPTED;
  for (const condition of failingConditions(gated, gating.failOn)) say(condition.message);
  return exitCodeOf(gated, gating.failOn);
}
