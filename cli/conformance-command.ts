/**
 * @module The `jobs-conformance` command, as a function (cli/jobs-conformance.ts is
 * the bin that calls it). Options come from flags or from
 * their JOBS_* environment variables (flags win). Progress and the seed go
 * to stderr, the summary to stdout, reports to --report-dir.
 * Exit codes: 0 no mismatch, 1 mismatch (per --fail-on; warnings only with
 * --strict), 2 could not run (bad arguments, unwritable --report-dir, target
 * unreachable, key rejected), 130 interrupted.
 * Commands of their own: `diff OLD NEW` (cli/diff-command.ts) and `proxy` (cli/proxy-command.ts).
 */
import { Command } from 'commander';
import {
  createProgress,
  diffReports,
  failingConditions,
  prepareReportDir,
  readReportFile,
  renderTerminalSummary,
  shouldUseColor,
  writeReports,
  type RedactedReport,
  type TimedExchange,
} from '../reports/index.js';
import { Redactor } from '../reports/redactor.js';
import { redactionSecrets } from '../vocabulary/index.js';
import type { ConformanceReport } from '../schemas/types.gen.js';
import { prepareGating, type Gating } from '../reports/gating/gating-options.js';
import { checkHarMain, parseCheckHarCommandLine } from './check-har-command.js';
import { diffMain, parseDiffCommandLine } from './diff-command.js';
import { gateReport } from '../reports/gating/gate-report.js';
import { mergeReportsMain, parseMergeReportsCommandLine } from './merge-reports-command.js';
import { proxyMain } from './proxy-command.js';
import { resolveConfig, type RunConfig, type RunConfigOptions } from '../suites/engine/config.js';
import { ConfigError, SuiteError, messageOf } from '../suites/contract/errors.js';
import { BURST_SIZE } from '../suites/engine/concurrency-governor.js';
import { runConformance, type ProgressEvent } from '../suites/engine/run-conformance.js';
import { catalog, type CatalogEntry } from '../suites/catalog/index.js';
import { EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE, exitCodeOf, exitCodeOfBadCommandLine } from './exit-codes.js';
import { CONFORMANCE_OPTIONS, type ConformanceCliOptions } from './options/conformance-options.js';
import { commandProgram, type CliIo } from './command.js';
import { addOptions, envOfOption, readOptions } from './options/option-table.js';

/**
 * Two lines per rule: id, section, level (must or should), title (and what it needs); then, indented,
 * the spec sentence it checks. The first line keeps its form for scripts that parse it; the second
 * starts with white space.
 */
export function formatRuleList(list: readonly CatalogEntry[]): string {
  const width = Math.max(...list.map((rule) => rule.id.length));
  return list.map((rule) => ruleListEntry(rule, width)).join('');
}

function ruleListEntry(rule: CatalogEntry, width: number): string {
  const needs = rule.requires?.length ? ` [needs ${rule.requires.join(', ')}]` : '';
  const head = `${rule.id.padEnd(width)}  ${`§${rule.section}`.padEnd(6)}  ${(rule.level ?? 'must').padEnd(6)}  ${rule.title}${needs}`;
  return `${head}\n    spec says: ${rule.statement}\n`;
}

const NAME = 'jobs-conformance';

export { EXIT_INTERRUPTED };

function buildProgram(io: CliIo): Command {
  const program = commandProgram(NAME, io)
    .description('Checks a Jobs API v1.1 server against the spec and writes conformance reports.')
    .addHelpText(
      'after',
      '\nEvery option also reads from its environment variable (flags win; a switch takes 1 or 0). ' +
        'Exit codes: 0 no mismatch (warnings allowed unless --strict), 1 mismatch, 2 could not run, 130 interrupted.' +
        '\nOther commands: diff OLD NEW (what drifted between two report.json files; diff --help), ' +
        'merge-reports DIR... (the reports of the --shard runs of one seed merged; merge-reports --help), ' +
        'proxy (a validating proxy; proxy --help), check-har FILE (recorded traffic judged offline; check-har --help).',
    );
  return addOptions(program, CONFORMANCE_OPTIONS);
}

/** The arguments after a subcommand's name, with the two leading argv entries (node, script). */
function subcommandArgv(argv: readonly string[]): string[] {
  return [argv[0]!, argv[1]!, ...argv.slice(3)];
}

/** A run's command line parsed and its options read (flags over variables), without running anything. */
function parseRunCommandLine(io: CliIo): ConformanceCliOptions {
  const program = buildProgram(io);
  program.parse(io.argv);
  return readOptions(program, CONFORMANCE_OPTIONS, io.env);
}

/** The rows a run cannot do without: checked here, so the message names the variable that also sets them. */
const REQUIRED_FLAGS = ['base-url', 'api-key'];

/** Throws the ConfigError of the first required option neither its flag nor its variable gave. */
function requireRunOptions(options: Partial<RunConfigOptions>): void {
  for (const row of CONFORMANCE_OPTIONS.options.filter((option) => REQUIRED_FLAGS.includes(option.flag))) {
    const value = (options as Record<string, unknown>)[row.key];
    if (typeof value !== 'string' || value.trim() === '')
      throw new ConfigError(row.flag, `--${row.flag} is required (or set ${envOfOption(CONFORMANCE_OPTIONS, row)})`);
  }
}

/**
 * Checks a command line as far as it can be checked without running it: parsed as main() parses it, then
 * its values validated as main() validates them before it sends anything (resolveConfig). Throws what main()
 * reports with exit 2 (a CommanderError with exit code 0 for --help and --version). The CI recipes' test
 * (cli/ci-recipes.test.ts) checks every command of docs/ci/ with it.
 *
 * @example
 * checkCommandLine({ ...io, argv: ['node', 'jobs-conformance', '--runs', '200'], env: { JOBS_BASE_URL: 'http://127.0.0.1:4010', JOBS_API_KEY: 'k' } });
 */
export function checkCommandLine(io: CliIo): void {
  if (io.argv[2] === 'diff') {
    parseDiffCommandLine({ ...io, argv: subcommandArgv(io.argv) });
    return;
  }
  if (io.argv[2] === 'merge-reports') {
    parseMergeReportsCommandLine({ ...io, argv: subcommandArgv(io.argv) });
    return;
  }
  if (io.argv[2] === 'check-har') {
    parseCheckHarCommandLine({ ...io, argv: subcommandArgv(io.argv) });
    return;
  }
  const options = parseRunCommandLine(io);
  if (options.listRules === true) return;
  requireRunOptions(options);
  resolveConfig(options);
}

function progressPrinter(io: CliIo, say: (line: string) => void): (event: ProgressEvent) => void {
  const progress = createProgress(io.stderr, { color: shouldUseColor(io.stderr, io.env) });
  return (event) => {
    switch (event.type) {
      case 'begin':
        say(
          `seed ${event.seed} (replay with --seed ${event.seed}); target ${event.apiRoot}; ` +
            `jobs tagged ${event.tag}${event.shard ? `; shard ${event.shard.index}/${event.shard.count}` : ''}`,
        );
        break;
      case 'start':
        say(`running ${event.rules.length} ${event.rules.length === 1 ? 'rule' : 'rules'}`);
        progress.plan(event.rules);
        break;
      case 'rule-start':
        progress.ruleStarted(event.rule);
        break;
      case 'rule-end':
        progress.ruleFinished(event.result);
        break;
      case 'concurrency':
        say(
          `distant target (median answer ${Math.round(event.medianMs)} ms): up to ${event.limit} rules at once, ` +
            `fewer at its first 429 (--concurrency fixes the number)`,
        );
        break;
      case 'concurrency-kept':
        say(
          `slow target (median answer ${Math.round(event.medianMs)} ms, ${Math.round(event.burstMedianMs)} ms with ${BURST_SIZE} at once): ` +
            `it queues requests, so ${event.limit} rules at once (--concurrency fixes the number)`,
        );
        break;
      case 'concurrency-lowered':
        say(
          `the target slowed down at more rules at once (median answer ${Math.round(event.slowMedianMs)} ms, ${Math.round(event.medianMs)} ms before, ` +
            `${Math.round(event.slowPerSecond)} answers a second, ${Math.round(event.burstPerSecond)} with ${BURST_SIZE} at once): ` +
            `it queues requests, so back to ${event.limit} rules at once`,
        );
        break;
      case 'deepen':
        say(
          `every rule ran its --runs; ${event.rules} ${event.rules === 1 ? 'rule draws' : 'rules draw'} more cases ` +
            `for the ${Math.round(event.leftMs / 1000)} s left of --duration`,
        );
        break;
      case 'cleanup':
        progress.done();
        say('cleaning up the jobs this run created');
        break;
    }
  };
}

/**
 * Runs the CLI and resolves to its exit code (the bin calls process.exit with it).
 *
 * @example
 * const code = await main({ argv: process.argv, env: process.env, stdout: process.stdout, stderr: process.stderr });
 */
export async function main(io: CliIo): Promise<number> {
  // `jobs-conformance proxy ...`: the validating proxy (docs/proxy.md), a command of its own.
  if (io.argv[2] === 'proxy') return proxyMain({ ...io, argv: subcommandArgv(io.argv) });
  if (io.argv[2] === 'diff') return diffMain({ ...io, argv: subcommandArgv(io.argv) });
  if (io.argv[2] === 'merge-reports') return mergeReportsMain({ ...io, argv: subcommandArgv(io.argv) });
  if (io.argv[2] === 'check-har') return checkHarMain({ ...io, argv: subcommandArgv(io.argv) });
  // Every line printed is scrubbed: of the keys as given until the run is configured, then through the run's one Redactor.
  let redactor = new Redactor();
  const say = (line: string) => io.stderr.write(`${NAME}: ${redactor.redact(line)}\n`);
  let options: ConformanceCliOptions;
  try {
    options = parseRunCommandLine(io);
  } catch (error) {
    return exitCodeOfBadCommandLine(error, say);
  }
  if (options.listRules === true) {
    io.stdout.write(formatRuleList(catalog));
    return EXIT_OK;
  }
  redactor = new Redactor(redactionSecrets([options.apiKey, options.secondApiKey])).freeze();
  let config: RunConfig;
  let report: RedactedReport;
  let gating: Gating;
  let earlier: ConformanceReport | undefined;
  const exchanges: TimedExchange[] = [];
  try {
    requireRunOptions(options);
    // The one parse of this run's options: everything below reads `config`.
    config = resolveConfig(options);
    redactor = config.redactor;
    gating = await prepareGating(config);
    // Read before anything is sent: a missing or foreign file stops the run at once (exit 2).
    if (config.compareWith !== undefined) earlier = await readReportFile(config.compareWith);
    await prepareReportDir(config.reportDir);
    report = await runConformance(config, {
      ...(io.signal ? { signal: io.signal } : {}),
      onProgress: progressPrinter(io, say),
      onExchange: (recorded) => exchanges.push(recorded),
    });
  } catch (error) {
    if (error instanceof SuiteError && error.code === 'INTERRUPTED') {
      say('interrupted');
      return EXIT_INTERRUPTED;
    }
    const prefix = error instanceof SuiteError && error.code !== 'CONFIG' ? 'cannot run' : 'error';
    say(`${prefix}: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  let gated: RedactedReport;
  try {
    gated = await gateReport(report, gating, say);
    if (earlier !== undefined) gated = { ...gated, drift: diffReports(earlier, gated, { oldSource: config.compareWith! }) };
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  let files: string[];
  try {
    files = await writeReports(gated, { dir: config.reportDir, reporters: config.reporters, redactor: config.redactor, exchanges });
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return EXIT_USAGE;
  }
  io.stdout.write(renderTerminalSummary(gated, { color: shouldUseColor(io.stdout, io.env), files }));
  if (gated.interrupted) {
    say(`interrupted: partial report in ${files.join(', ')}`);
    return EXIT_INTERRUPTED;
  }
  for (const condition of failingConditions(gated, config.failOn)) say(condition.message);
  return exitCodeOf(gated, config.failOn);
}
