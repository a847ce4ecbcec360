/**
 * @module The `jobs-conformance` command, as a function (cli/jobs-conformance.ts is
 * the bin that calls it). Options come from flags or from
 * their JOBS_* environment variables (flags win). Progress and the seed go
 * to stderr, the summary to stdout, reports to --report-dir.
 * Exit codes: 0 no mismatch, 1 mismatch (per --fail-on; warnings only with
 * --strict), 2 could not run (bad arguments, unwritable --report-dir, target
 * unreachable, key rejected), 130 interrupted.
 * Commands of their own: `diff OLD NEW` (drift between two reports) and `proxy` (proxy/proxy-cli.ts).
 */
import { Command, CommanderError, Option } from 'commander';
import {
  applyBaseline,
  createBaseline,
  createProgress,
  DEFAULT_DRIFT_FAIL_ON,
  diffReports,
  DRIFT_CONDITIONS,
  driftFailures,
  EXIT_INTERRUPTED,
  exitCodeOf,
  failingConditions,
  parseDriftFailOn,
  parseFailOn,
  parseReporters,
  prepareReportDir,
  readReportFile,
  redactReport,
  renderDriftMarkdown,
  renderDriftTerminal,
  renderTerminalSummary,
  shouldUseColor,
  writeBaseline,
  writeReports,
  type Baseline,
  type DriftCondition,
} from '../reports/index.js';
import type { ConformanceReport, Drift } from '../schemas/types.gen.js';
import { prepareGating, type Gating } from '../suites/engine/gating-options.js';
import { proxyMain } from '../proxy/proxy-cli.js';
import { OPTION_SPECS, envOf, optionsFromEnv, resolveConfig, type CliOnlyOptions, type ConformanceOptions, type OptionKey } from '../suites/engine/config.js';
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

/** What every command shares: --version, errors thrown instead of exiting, output to the io streams. */
function withIo(command: Command, io: CliIo): Command {
  return command
    .version(toolInfo.version)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      // Commander's own errors (unknown option, missing value) name the tool like every other line.
      outputError: (text, write) => write(`${NAME}: ${text}`),
    });
}

function buildProgram(io: CliIo): Command {
  const program = withIo(new Command(NAME), io)
    .description('Checks a Jobs API v1.1 server against the spec and writes conformance reports.')
    .addHelpText(
      'after',
      '\nEvery option also reads from its environment variable (flags win; a switch takes 1 or 0). Exit codes: 0 no mismatch (warnings allowed unless --strict), 1 mismatch, 2 could not run, 130 interrupted.' +
        '\nOther commands: diff OLD NEW (what drifted between two report.json files; diff --help), proxy (a validating proxy; proxy --help).',
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

/** `jobs-conformance diff OLD NEW`: what drifted between two reports (reports/drift.ts). */
function buildDiffProgram(io: CliIo): Command {
  return withIo(new Command(`${NAME} diff`), io)
    .description(
      'Lists what changed between two report.json files: observations (what the target chose where the spec leaves room), rules newly failing or passing, rules added or removed.',
    )
    .argument('<old>', 'the earlier report.json (e.g. of the last deployment)')
    .argument('<new>', 'the later report.json')
    .addOption(new Option('--format <format>', 'output on stdout: terminal, markdown (a pull-request comment) or json (for tools)').choices(DIFF_FORMATS).default('terminal'))
    .addOption(new Option('--fail-on <list>', `what makes the exit code 1: ${DRIFT_CONDITIONS.join(', ')}, all or none (default ${DEFAULT_DRIFT_FAIL_ON.join(',')})`))
    .addOption(new Option('--strict', 'a rule newly warning and any drift in the observations fail too (exit 1)'))
    .addHelpText('after', '\nExit codes: 0 nothing that --fail-on names (a changed observation is a warning), 1 a rule newly failing or what --fail-on names, 2 could not read a report.');
}

const DIFF_FORMATS = ['terminal', 'markdown', 'json'] as const;

/** A command line as main() reads it, parsed without running anything. */
export type ParsedCommandLine = { command: 'run'; flags: Record<string, unknown> } | { command: 'diff'; flags: Record<string, unknown>; files: [string, string] };

/**
 * Parses a command line as main() does, and stops there: what main() refuses with exit 2 for its
 * arguments throws a CommanderError (exit code 0 for --help and --version). The CI recipes' test
 * checks their commands with it. (The proxy parses its own options: see proxy/proxy-cli.ts.)
 *
 * @example
 * parseCommandLine({ ...io, argv: ['node', 'jobs-conformance', 'diff', 'a.json', 'b.json', '--fail-on', 'drift'] }).command // 'diff'
 */
export function parseCommandLine(io: CliIo): ParsedCommandLine {
  if (io.argv[2] === 'diff') {
    const program = buildDiffProgram(io);
    program.parse([io.argv[0]!, io.argv[1]!, ...io.argv.slice(3)]);
    return { command: 'diff', flags: program.opts(), files: [program.args[0]!, program.args[1]!] };
  }
  const program = buildProgram(io);
  program.parse(io.argv);
  return { command: 'run', flags: program.opts() };
}

/**
 * Checks a command line as far as it can be checked without running it: parsed as main() parses
 * it, then its values as main() validates them before it sends anything (resolveConfig, --fail-on,
 * --reporter), with options from `io.env` as in a run. Throws what main() would report with exit 2.
 * The CI recipes' test (cli/ci-recipes.test.ts) checks every command of docs/ci/ with it.
 *
 * @example
 * checkCommandLine({ ...io, argv: ['node', 'jobs-conformance', '--runs', '200'], env: { JOBS_BASE_URL: 'http://127.0.0.1:4010', JOBS_API_KEY: 'k' } });
 */
export function checkCommandLine(io: CliIo): ParsedCommandLine {
  const parsed = parseCommandLine(io);
  if (parsed.command === 'diff') {
    if (typeof parsed.flags.failOn === 'string') parseDriftFailOn(parsed.flags.failOn);
    return parsed;
  }
  if (parsed.flags.listRules === true) return parsed;
  const options = mergeOptions(parsed.flags, io.env);
  const config = resolveConfig(options);
  parseReporters(config.reporters.join(','));
  if (options.failOn !== undefined) parseFailOn(options.failOn);
  return parsed;
}

/** Runs `diff`: reads both reports, prints the drift in --format, and gates it (see reports/drift.ts). */
async function diffMain(io: CliIo, parsed: { flags: Record<string, unknown>; files: [string, string] }, say: (line: string) => void): Promise<number> {
  const [oldFile, newFile] = parsed.files;
  let drift: Drift;
  let failOn: DriftCondition[];
  try {
    failOn = typeof parsed.flags.failOn === 'string' ? parseDriftFailOn(parsed.flags.failOn) : [...DEFAULT_DRIFT_FAIL_ON];
    drift = diffReports(await readReportFile(oldFile), await readReportFile(newFile), { oldSource: oldFile, newSource: newFile });
  } catch (error) {
    say(`error: ${messageOf(error)}`);
    return 2;
  }
  const format = parsed.flags.format as (typeof DIFF_FORMATS)[number];
  const text =
    format === 'json' ? `${JSON.stringify(drift, null, 2)}\n` : format === 'markdown' ? renderDriftMarkdown(drift) : renderDriftTerminal(drift, { color: shouldUseColor(io.stdout, io.env) });
  io.stdout.write(text);
  const failures = driftFailures(drift, failOn, parsed.flags.strict === true);
  for (const failure of failures) say(failure.message);
  return failures.length > 0 ? 1 : 0;
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
        say(`seed ${event.seed} (replay with --seed ${event.seed}); target ${event.apiRoot}; jobs tagged ${event.tag}`);
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
  const redactor = new Redactor();
  const say = (line: string) => io.stderr.write(`${NAME}: ${redactor.redact(line)}\n`);
  let parsed: ParsedCommandLine;
  try {
    parsed = parseCommandLine(io);
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    throw error;
  }
  if (parsed.command === 'diff') return diffMain(io, parsed, say);
  if (parsed.flags.listRules === true) {
    io.stdout.write(formatRuleList(rules));
    return 0;
  }
  const options = mergeOptions(parsed.flags, io.env);
  redactor.add(options.apiKey);
  redactor.add(options.secondApiKey);
  const headerValues = extraHeaderValues(options);
  for (const value of headerValues) redactor.add(value);
  let report: ConformanceReport;
  let gating: Gating;
  let earlier: ConformanceReport | undefined;
  try {
    const config = resolveConfig(options);
    gating = await prepareGating({ reporters: config.reporters.join(','), failOn: options.failOn, baseline: options.baseline, writeBaseline: options.writeBaseline });
    // Read before anything is sent: a missing or foreign file stops the run at once (exit 2).
    if (options.compareWith) earlier = await readReportFile(options.compareWith);
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
    if (earlier && options.compareWith) gated = { ...gated, drift: diffReports(earlier, gated, { oldSource: options.compareWith }) };
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
