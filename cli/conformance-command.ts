/**
 * @module The `jobs-conformance` command, as a function (cli/jobs-conformance.ts is
 * the bin that calls it). Options come from flags or from
 * their JOBS_* environment variables (flags win). Progress and the seed go
 * to stderr, the summary to stdout, reports to --report-dir.
 * Exit codes: 0 no mismatch, 1 mismatch (per --fail-on; warnings only with
 * --strict), 2 could not run (bad arguments, unwritable --report-dir, target
 * unreachable, key rejected), 130 interrupted.
 */
import { Command, CommanderError, Option } from 'commander';
import {
  applyBaseline,
  createBaseline,
  createProgress,
  EXIT_INTERRUPTED,
  exitCodeOf,
  failingConditions,
  mergeReports,
  prepareReportDir,
  ReportError,
  redactReport,
  renderTerminalSummary,
  shouldUseColor,
  writeBaseline,
  writeReports,
  type Baseline,
} from '../reports/index.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ConformanceReport } from '../schemas/types.gen.js';
import { formatIssues, validators } from '../schemas/index.js';
import { prepareGating, type Gating } from '../suites/engine/gating-options.js';
import { proxyMain } from '../proxy/proxy-cli.js';
import { DEFAULT_REPORT_DIR, OPTION_SPECS, envOf, optionsFromEnv, resolveConfig, type CliOnlyOptions, type ConformanceOptions, type OptionKey } from '../suites/engine/config.js';
import { SuiteError, messageOf } from '../suites/engine/errors.js';
import { parseExtraHeaders } from '../suites/http/extra-headers.js';
import { Redactor } from '../suites/http/redactor.js';
import { runConformance, type ProgressEvent } from '../suites/engine/run-conformance.js';
import type { Rule } from '../suites/engine/rule.js';
import { rules } from '../suites/checks/rules.js';
import { toolInfo } from '../suites/engine/tool-info.js';

/**
 * Two lines per rule: id, section, level (must or should), title (and what it needs); then, indented,
 * the spec sentence it checks. The first line keeps its form for scripts that parse it; the second
 * starts with white space.
 */
export function formatRuleList(list: readonly Rule[]): string {
  const width = Math.max(...list.map((rule) => rule.id.length));
  return list
    .map(
      (rule) =>
        `${rule.id.padEnd(width)}  ${`§${rule.section}`.padEnd(6)}  ${(rule.level ?? 'must').padEnd(6)}  ${rule.title}${rule.requires?.length ? ` [needs ${rule.requires.join(', ')}]` : ''}\n    spec says: ${rule.statement}\n`,
    )
    .join('');
}

const NAME = 'jobs-conformance';

export { EXIT_INTERRUPTED };

export interface CliIo {
  argv: string[];
  env: NodeJS.ProcessEnv;
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  /** Aborted on Ctrl-C; the CLI wires SIGINT to it. */
  signal?: AbortSignal;
}

function buildProgram(io: CliIo): Command {
  const program = new Command(NAME)
    .description('Checks a Jobs API v1.1 server against the spec and writes conformance reports.')
    .version(toolInfo.version)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Commander's own errors (unknown option, missing value) name the tool like every other line.
      outputError: (text, write) => write(`${NAME}: ${text}`),
    })
    .addHelpText(
      'after',
      '\nEvery option also reads from its environment variable (flags win; a switch takes 1 or 0). Exit codes: 0 no mismatch (warnings allowed unless --strict), 1 mismatch, 2 could not run, 130 interrupted.' +
        '\n`jobs-conformance merge-reports DIR... --report-dir OUT` merges the reports of the --shard runs of one seed (see its --help).',
    );
  for (const spec of OPTION_SPECS) {
    const defaults = spec.default ? `; default ${spec.default}` : '';
    const flags = `${spec.short ? `-${spec.short}, ` : ''}--${spec.flag}`;
    const usage = spec.value === undefined ? flags : `${flags} <${spec.value}>`;
    const option = new Option(usage, `${spec.description} (env ${envOf(spec)}${defaults})`);
    if (spec.repeatable) option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
    program.addOption(option);
  }
  program.addOption(new Option('--list-rules', 'print every rule (id, spec section, level, title; then the spec sentence it checks) and exit'));
  return program;
}

type AllOptions = ConformanceOptions & CliOnlyOptions;

/** Flags over environment. */
function mergeOptions(flags: Record<string, unknown>, env: NodeJS.ProcessEnv): Partial<AllOptions> {
  const merged: Partial<Record<OptionKey, string | string[]>> = optionsFromEnv(env);
  for (const spec of OPTION_SPECS) {
    // Commander names a value after its long flag (--header -> header), camel-cased.
    const value = flags[spec.flag.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())];
    if (typeof value === 'string' || Array.isArray(value)) merged[spec.key] = value as string | string[];
    else if (value === true) merged[spec.key] = 'true';
  }
  return merged as Partial<AllOptions>;
}

/** The --header values, secrets like the key (none when they do not parse: resolveConfig then reports that). */
function extraHeaderValues(options: Partial<AllOptions>): string[] {
  try {
    return Object.values(parseExtraHeaders(options.headers));
  } catch {
    return [];
  }
}

/**
 * Gates a finished run: against --baseline, and with --write-baseline, against a new baseline
 * of what fails now, written first (a refresh of --baseline when both are given: see createBaseline).
 */
async function gate(report: ConformanceReport, gating: Gating, secrets: string[], say: (line: string) => void): Promise<ConformanceReport> {
  const gated = gating.baseline ? applyBaseline(report, gating.baseline) : report;
  if (gating.writeBaseline === undefined) return gated;
  if (report.interrupted) {
    say(`baseline not written: the run was interrupted, so ${gating.writeBaseline} would miss the rules that did not run`);
    return gated;
  }
  // Reasons are mismatch titles, which may quote the target: redacted as the report files are.
  const baseline: Baseline = { ...createBaseline(redactReport(gated, secrets), gating.baseline), source: gating.writeBaseline };
  await writeBaseline(gating.writeBaseline, baseline);
  say(`wrote baseline ${gating.writeBaseline}: ${baseline.rules.length} ${baseline.rules.length === 1 ? 'rule' : 'rules'} accepted`);
  return applyBaseline(report, baseline);
}

function progressPrinter(io: CliIo, say: (line: string) => void): (event: ProgressEvent) => void {
  const progress = createProgress(io.stderr, { color: shouldUseColor(io.stderr, io.env) });
  return (event) => {
    switch (event.type) {
      case 'begin':
        say(`seed ${event.seed} (replay with --seed ${event.seed}); target ${event.apiRoot}; jobs tagged ${event.tag}${event.shard ? `; shard ${event.shard.index}/${event.shard.count}` : ''}`);
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
      case 'deepen':
        say(`every rule ran its --runs; ${event.rules} ${event.rules === 1 ? 'rule draws' : 'rules draw'} more cases for the ${Math.round(event.leftMs / 1000)} s left of --duration`);
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
  if (io.argv[2] === 'proxy') return proxyMain({ ...io, argv: [io.argv[0]!, io.argv[1]!, ...io.argv.slice(3)] });
  if (io.argv[2] === 'merge-reports') return mergeReportsMain({ ...io, argv: [io.argv[0]!, io.argv[1]!, ...io.argv.slice(3)] });
  const redactor = new Redactor();
  const say = (line: string) => io.stderr.write(`${NAME}: ${redactor.redact(line)}\n`);
  const program = buildProgram(io);
  try {
    program.parse(io.argv);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  if (program.opts().listRules === true) {
    io.stdout.write(formatRuleList(rules));
    return 0;
  }
  const options = mergeOptions(program.opts(), io.env);
  redactor.add(options.apiKey);
  redactor.add(options.secondApiKey);
  const headerValues = extraHeaderValues(options);
  for (const value of headerValues) redactor.add(value);
  let report: ConformanceReport;
  let gating: Gating;
  try {
    const config = resolveConfig(options);
    gating = await prepareGating({ reporters: config.reporters.join(','), failOn: options.failOn, baseline: options.baseline, writeBaseline: options.writeBaseline });
    await prepareReportDir(config.reportDir);
    report = await runConformance({ ...(options as ConformanceOptions), ...(io.signal ? { signal: io.signal } : {}), onProgress: progressPrinter(io, say) });
  } catch (error) {
    if (error instanceof SuiteError && error.code === 'INTERRUPTED') {
      say('interrupted');
      return EXIT_INTERRUPTED;
    }
    const prefix = error instanceof SuiteError && error.code !== 'CONFIG' ? 'cannot run' : 'error';
    say(`${prefix}: ${messageOf(error)}`);
    return 2;
  }
  const secrets = [options.apiKey, options.secondApiKey, ...headerValues].filter((s): s is string => typeof s === 'string' && s !== '');
  let gated: ConformanceReport;
  try {
    gated = await gate(report, gating, secrets, say);
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return 2;
  }
  let files: string[] = [];
  try {
    files = await writeReports(gated, { dir: resolveConfig(options).reportDir, reporters: gating.reporters, secrets });
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return 2;
  }
  io.stdout.write(redactor.redact(renderTerminalSummary(gated, { color: shouldUseColor(io.stdout, io.env), files, secrets })));
  if (gated.interrupted) {
    say(`interrupted: partial report in ${files.join(', ')}`);
    return EXIT_INTERRUPTED;
  }
  for (const condition of failingConditions(gated, gating.failOn)) say(condition.message);
  return exitCodeOf(gated, gating.failOn);
}

/** The options merge-reports shares with a run: where and how to write, and what gates the exit code. */
const MERGE_OPTION_KEYS: readonly OptionKey[] = ['reportDir', 'reporter', 'baseline', 'writeBaseline', 'failOn'];

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
  if (!valid.ok) throw new ReportError('MERGE_REFUSED', `${file} is not a conformance report: ${formatIssues(valid.issues).split('\n')[0]}`, { context: { file } });
  return parsed as ConformanceReport;
}

/**
 * `jobs-conformance merge-reports DIR... --report-dir OUT`: the shard reports of one run merged into one
 * report in every format, gated (--baseline, --fail-on) and exiting as an unsharded run would. A merge it
 * refuses (mixed seeds or versions, a missing or duplicate shard) exits 2 with one line.
 *
 * @example
 * await mergeReportsMain({ argv: ['node', 'jobs-conformance', 'shard-1', 'shard-2', '--report-dir', 'merged'], env, stdout, stderr });
 */
export async function mergeReportsMain(io: CliIo): Promise<number> {
  const say = (line: string) => io.stderr.write(`${NAME} merge-reports: ${line}\n`);
  const program = new Command(`${NAME} merge-reports`)
    .description('Merges the reports of the shards of one run (--shard i/n) into one report, with the verdict and exit code of an unsharded run.')
    .argument('<dir...>', 'report folders of the shards (each holds report.json)')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(`${NAME} merge-reports: ${text}`),
    });
  for (const spec of OPTION_SPECS.filter((option) => MERGE_OPTION_KEYS.includes(option.key))) {
    program.addOption(new Option(`--${spec.flag} <${spec.value ?? 'value'}>`, `${spec.description} (env ${envOf(spec)}${spec.default ? `; default ${spec.default}` : ''})`));
  }
  try {
    program.parse(io.argv);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  const options = mergeOptions(program.opts(), io.env);
  const reportDir = options.reportDir?.trim() || DEFAULT_REPORT_DIR;
  let merged: ConformanceReport;
  let gating: Gating;
  try {
    gating = await prepareGating({ reporters: options.reporter === undefined ? 'all' : [options.reporter].flat().join(','), failOn: options.failOn, baseline: options.baseline, writeBaseline: options.writeBaseline });
    await prepareReportDir(reportDir);
    const sources = program.args;
    const shards = await Promise.all(sources.map(async (source) => ({ source, report: await readShardReport(source) })));
    merged = mergeReports(shards, rules.map((rule) => rule.id));
    say(`merged ${shards.length} shards of seed ${merged.seed}: ${merged.rules.length} rules`);
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return 2;
  }
  let files: string[];
  let gated: ConformanceReport;
  try {
    gated = await gate(merged, gating, [], say);
    files = await writeReports(gated, { dir: reportDir, reporters: gating.reporters });
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return 2;
  }
  io.stdout.write(renderTerminalSummary(gated, { color: shouldUseColor(io.stdout, io.env), files }));
  if (gated.interrupted) return EXIT_INTERRUPTED;
  for (const condition of failingConditions(gated, gating.failOn)) say(condition.message);
  return exitCodeOf(gated, gating.failOn);
}
