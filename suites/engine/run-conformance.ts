/**
 * @module The runner: takes the RunConfig (resolveConfig, once per run), checks the target and the key,
 * discovers reference data, runs the selected rules (up to --concurrency at
 * once, long rules first, exclusive rules alone: suites/engine/rule-pool.ts) with
 * their derived seeds, reports them in registry order, and always cleans up
 * (also after a failure or an interruption) before returning the report,
 * redacted where it is built (the one redaction pass: reports/redactor.ts).
 */
import type { ConformanceReport, RuleResult } from '../../schemas/types.gen.js';
import type { RedactedReport } from '../../reports/redactor.js';
import { createJobsApi } from '../http/api.js';
import { currentCase } from './case-scope.js';
import { CASE_DELETES_AT_ONCE, RunCleanup } from './cleanup.js';
import { createAgent, createClient, type KeyOwner } from '../http/client.js';
import { resolveConfig, type ConformanceOptions, type RunConfig } from './config.js';
import { caseTokens } from './case-tokens.js';
import { CreatedJobs } from './created-jobs.js';
import { POSITION_TYPES_PATH, discoverReferenceData } from '../target/discovery.js';
import { ConfigError, SuiteError, TransportError, messageOf } from './errors.js';
import { Observations } from './observations.js';
import { preflight } from '../target/preflight.js';
import { probeQueryScope } from '../target/q-scope.js';
import { Redactor } from '../../reports/redactor.js';
import { RequestPacer } from '../http/request-pacer.js';
import { RetryPolicy } from '../http/retry-policy.js';
import { replayCommand } from '../http/replay-command.js';
import { buildReport, newRuleResult } from './results.js';
import { runPool, startOrder } from './rule-pool.js';
import type { Rule } from './rule.js';
import { runRule } from './rule-runner.js';
import { raiseStatus } from '../../reports/status.js';
import { rules as registry } from '../checks/rules.js';
import type { RunState } from './run-state.js';
import { randomSeed, runTag } from './seeds.js';
import { selectRules } from './select-rules.js';
import { ruleCost, rulesOfShard } from './shards.js';
import { formatDuration } from './duration.js';
import { casesAtOnce, ConcurrencyGovernor } from './concurrency-governor.js';
import { toolInfo } from '../../reports/tool-info.js';
import type { TimedExchange } from '../../reports/har/exchanges-har.js';

/** Progress of a run, for a terminal or a log. Never carries a key. */
export type ProgressEvent =
  /** Before anything is sent: the seed to replay the run with. */
  | { type: 'begin'; seed: number; tag: string; apiRoot: string; shard?: { index: number; count: number } }
  /** The target answered and reference data was found: these rules run now. */
  | { type: 'start'; rules: readonly Rule[] }
  /**
   * Rules run up to --concurrency at once, so the rule-start and rule-end events of different rules
   * interleave; `index` is the rule's place in the selection (registry order), as in the report.
   */
  | { type: 'rule-start'; rule: Rule; index: number; total: number }
  | { type: 'rule-end'; rule: Rule; result: RuleResult; index: number; total: number }
  /** --duration: every rule ran its --runs; these rules now draw more cases until the budget is spent. */
  | { type: 'deepen'; rules: number; leftMs: number }
  /** No --concurrency given and the target is distant: more rules run at once (until it answers 429). */
  | { type: 'concurrency'; limit: number; medianMs: number }
  | { type: 'cleanup' };

/** What a run is given besides its configuration: how to stop it, whom to tell, which rules to pick from. */
export interface RunHooks {
  /** Abort to stop promptly: remaining rules are skipped, cleanup still runs, the report says interrupted. */
  signal?: AbortSignal;
  onProgress?: (event: ProgressEvent) => void;
  /** The rules to select from (default: the registry in suites/checks/rules.ts). */
  rules?: readonly Rule[];
  /** Told every exchange of the run once it is over, redacted (the CLI writes them as exchanges.har). */
  onExchange?: (recorded: TimedExchange) => void;
}

/** Plain options of a programmatic run: resolved once by runConformance. */
export interface RunOptions extends ConformanceOptions, RunHooks {}

/** A RunConfig from resolveConfig (it has apiRoot), not plain options (they have baseUrl). */
function isRunConfig(input: RunOptions | RunConfig): input is RunConfig {
  return typeof (input as Partial<RunConfig>).apiRoot === 'string' && (input as Partial<RunOptions>).baseUrl === undefined;
}

function notRun(rule: Rule, skipReason: string): RuleResult {
  return { ...newRuleResult(rule), status: 'skipped', skipReason };
}

/** The rules of the second pass of --duration not ended yet (running or waiting to start): how many, and their cost by the table. */
export interface Waiting {
  count: number;
  cost: number;
}

/**
 * Under --duration, the time until which a rule's second pass, started at `startedAt`, draws cases: its
 * share of what was left of the budget then. The --concurrency slots are spread over the rules not ended
 * yet (`waiting`, counted now) in proportion to their cost at --runs 200 (suites/engine/rule-costs.ts),
 * so time goes where a deeper run would spend it. An exclusive rule has the target, all slots, to itself.
 * As rules end the share grows; the last rule running takes the rest of the budget, so the run ends near it.
 */
export function caseDeadlineOf(
  rule: Pick<Rule, 'id' | 'exclusive'>,
  runDeadline: number,
  waiting: Waiting,
  concurrency: number,
  startedAt: number,
): number {
  const left = Math.max(0, runDeadline - startedAt);
  const slots = rule.exclusive === true ? 1 : Math.min(concurrency, waiting.count);
  const fraction = Math.min(1, (slots * ruleCost(rule.id)) / Math.max(1, waiting.cost));
  return startedAt + left * fraction;
}

/** A rule's result after the second pass of --duration: the cases, time and runs of both, the worse status. */
export function joinPasses(first: RuleResult, second: RuleResult): RuleResult {
  const joined: RuleResult = {
    ...first,
    status: raiseStatus(first.status, second.status),
    durationMs: first.durationMs + second.durationMs,
    // A second pass that drew nothing new counts no case (runRule counts its top-level work as one).
    cases: first.cases + (second.runs !== undefined ? second.cases : 0),
    mismatches: [...first.mismatches, ...second.mismatches],
  };
  if (second.runs !== undefined) joined.runs = second.runs;
  if (second.status === 'error' && second.errorMessage !== undefined) joined.errorMessage = second.errorMessage;
  return joined;
}

/** After this many rules in a row could not reach the target, the rest are not run (a dead target would cost --timeout-ms per request). */
const MAX_UNREACHABLE_RULES = 3;

function isUnreachable(error: unknown): boolean {
  return error instanceof TransportError && (error.code === 'TARGET_UNREACHABLE' || error.code === 'REQUEST_TIMEOUT');
}

/**
 * Runs the conformance suite against a target and returns the report (the
 * report.json shape, redacted). Takes a RunConfig (resolveConfig: what the CLI
 * passes, so options are parsed once per run) with the hooks beside it, or
 * plain options (hooks included), which it resolves once. Throws a SuiteError (`code` CONFIG, TARGET_UNREACHABLE,
 * KEY_REJECTED, API_NOT_FOUND, DISCOVERY_FAILED, INTERRUPTED) when the run
 * cannot proceed; mismatches are in the report, never thrown.
 *
 * @example
 * import { runConformance } from 'jobs-conformance/suites';
 *
 * const report = await runConformance({
 *   baseUrl: 'http://localhost:4010',
 *   apiKey: process.env.JOBS_API_KEY!,
 *   seed: 42,
 *   only: 'jobs.create',
 * });
 * if (report.verdict !== 'passed') console.log(report.rules.filter((r) => r.status === 'failed'));
 * console.log(report.rules.filter((r) => r.status === 'warning')); // failed should rules; fail the run only with strict: true
 */
export async function runConformance(config: RunConfig, hooks?: RunHooks): Promise<RedactedReport>;
export async function runConformance(options: RunOptions): Promise<RedactedReport>;
export async function runConformance(input: RunOptions | RunConfig, hooks: RunHooks = {}): Promise<RedactedReport> {
  if (isRunConfig(input)) return runResolved(input, hooks);
  return runResolved(resolveConfig(input), input);
}

async function runResolved(config: RunConfig, options: RunHooks): Promise<RedactedReport> {
  const allRules = options.rules ?? registry;
  // --shard splits what --only selects, so every shard of one --only computes the same partition.
  const selected = rulesOfShard(selectRules(allRules, config.only), config.shard);
  if (config.replayPath !== undefined && selected.length !== 1) {
    throw new ConfigError('replay-path', `--replay-path replays one rule: --only must select exactly one (it selects ${selected.length})`);
  }
  const seed = config.seed ?? randomSeed();
  const tag = runTag();
  const redactor = new Redactor([config.apiKey, config.secondApiKey]);
  for (const [name, value] of Object.entries(config.headers)) redactor.addHeader(name, value);
  const governor = new ConcurrencyGovernor({ concurrency: config.concurrency, adaptive: config.adaptiveConcurrency });
  const agent = createAgent(config.timeoutMs, governor.ceiling);
  // One pacer and one retry policy for every client: --rate-limit and the retry caps hold for the whole run.
  const pacer = config.rateLimit ? new RequestPacer(config.rateLimit) : undefined;
  const retry = new RetryPolicy(config.retry);
  const jobs = new CreatedJobs();
  let requests = 0;
  const client = (owner: KeyOwner, apiKey: string, signal?: AbortSignal) =>
    createClient({
      apiRoot: config.apiRoot,
      apiKey,
      owner,
      timeoutMs: config.timeoutMs,
      redactor,
      dispatcher: agent,
      retry,
      extraHeaders: config.headers,
      ...(pacer ? { pacer } : {}),
      defaultCaseId: `${tag}-run`,
      ...(signal ? { signal } : {}),
      onRequest: () => void requests++,
      gate: governor,
      onExchange: (recorded) => {
        const { response } = recorded.exchange;
        governor.noteAnswer(recorded.exchange.durationMs, response?.status, response?.headers['retry-after'] !== undefined);
        options.onExchange?.(recorded);
      },
      onResponse: (response) => jobs.noteResponse(response, currentCase()?.caseId ?? 'run'),
    });
  const primary = client('primary', config.apiKey, options.signal);
  const second = config.secondApiKey ? client('second', config.secondApiKey, options.signal) : undefined;
  // Cleanup clients ignore the run's signal: after Ctrl-C they still have to delete.
  const cleanup = new RunCleanup({
    jobs,
    tag,
    // --concurrency 1 sends one request at a time, cleanup included.
    caseDeletesAtOnce: config.concurrency > 1 ? CASE_DELETES_AT_ONCE : 1,
    clients: {
      primary: client('primary', config.apiKey),
      ...(config.secondApiKey ? { second: client('second', config.secondApiKey) } : {}),
    },
  });
  const observations = new Observations();
  const startedAt = new Date();
  // --duration: cases are drawn until this performance.now() time (the whole run's budget, preflight included).
  const runDeadline = config.durationMs !== undefined ? performance.now() + config.durationMs : undefined;
  // Each result at its rule's place in the selection: reports keep registry order at any --concurrency.
  const results: Array<RuleResult | undefined> = new Array<RuleResult | undefined>(selected.length).fill(undefined);
  let interrupted = false;
  let cleanupReport: ConformanceReport['cleanup'] = { created: 0, deleted: 0, leftover: [] };
  options.onProgress?.({ type: 'begin', seed, tag, apiRoot: config.apiRoot, ...(config.shard ? { shard: config.shard } : {}) });
  try {
    await preflight(primary, tag, 'api-key');
    if (second) await preflight(second, tag, 'second-api-key');
    const refs = await discoverReferenceData(
      primary,
      {
        positionTypesPath: POSITION_TYPES_PATH,
        categoriesPath: config.categoriesPath,
        locationsPath: config.locationsPath,
      },
      observations,
      {
        ...(config.categoryIds ? { categoryIds: config.categoryIds } : {}),
        ...(config.positionTypeIds ? { positionTypeIds: config.positionTypeIds } : {}),
      },
    );
    // Every list is scoped with q = a case tag: check once that the target's q finds that form (spec 4.5).
    await probeQueryScope(createJobsApi(primary), refs, tag, seed, observations);
    // Preflight, discovery and the q probe have timed the target: a distant one gets more rules at once.
    const adapted = governor.adapt();
    if (adapted.raised) options.onProgress?.({ type: 'concurrency', limit: governor.limit, medianMs: adapted.medianMs! });
    const state: RunState = {
      seed,
      runs: config.runs,
      maxShrinks: config.maxShrinks,
      concurrency: config.concurrency,
      tag,
      refs,
      api: createJobsApi(primary),
      ...(second ? { second: createJobsApi(second) } : {}),
      cleanup,
      observations,
      ...(config.replayPath !== undefined ? { replayPath: config.replayPath } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      replayCommand: (ruleId, path) => replayCommand({ config, seed }, ruleId, path),
      nextCaseToken: caseTokens(allRules),
      casesAtOnce: () => casesAtOnce(governor.limit),
    };
    options.onProgress?.({ type: 'start', rules: selected });
    let unreachable = 0;
    // Under --duration: each rule's checks that may draw on in the second pass (check index -> runs drawn).
    const deepenable = selected.map(() => new Map<number, number>());
    let stopped: string | undefined;
    const runAt = async (rule: Rule, index: number): Promise<void> => {
      if (options.signal?.aborted) {
        interrupted = true;
        results[index] = notRun(rule, 'run interrupted before this rule');
        return;
      }
      if (stopped !== undefined) {
        results[index] = notRun(rule, stopped);
        return;
      }
      options.onProgress?.({ type: 'rule-start', rule, index, total: selected.length });
      const ruleState: RunState =
        runDeadline === undefined ? state : { ...state, noteDeepenable: (check, drawn) => void deepenable[index]!.set(check, drawn) };
      let lastError: unknown;
      const result = await runRule(
        rule,
        ruleState,
        (text) => redactor.redact(text),
        (error) => (lastError = error),
      );
      results[index] = result;
      options.onProgress?.({ type: 'rule-end', rule, result, index, total: selected.length });
      // Rules that end in a row (in the order they end) without reaching the target stop the run.
      unreachable = result.status === 'error' && isUnreachable(lastError) ? unreachable + 1 : 0;
      if (unreachable >= MAX_UNREACHABLE_RULES)
        stopped ??= `not run: the target stopped answering (${redactor.redact(messageOf(lastError))})`;
    };
    await runPool(
      startOrder(selected, config.concurrency).map((index) => {
        const rule = selected[index]!;
        return { exclusive: rule.exclusive === true, run: () => runAt(rule, index) };
      }),
      () => governor.limit,
    );
    // --duration, second pass: the rules that passed draw more cases from where they stopped, until the budget is spent.
    const deeper = selected
      .map((rule, index) => ({ rule, index }))
      .filter(({ index }) => results[index]?.status === 'passed' && deepenable[index]!.size > 0);
    if (
      runDeadline !== undefined &&
      deeper.length > 0 &&
      stopped === undefined &&
      !options.signal?.aborted &&
      performance.now() < runDeadline
    ) {
      options.onProgress?.({ type: 'deepen', rules: deeper.length, leftMs: Math.round(runDeadline - performance.now()) });
      const waiting: Waiting = { count: deeper.length, cost: deeper.reduce((sum, { rule }) => sum + ruleCost(rule.id), 0) };
      const deepen = async (rule: Rule, index: number): Promise<void> => {
        const started = performance.now();
        const until = () => caseDeadlineOf(rule, runDeadline, waiting, governor.limit, started);
        const more = await runRule(rule, { ...state, deepening: { drawn: deepenable[index]!, until } }, (text) =>
          redactor.redact(text),
        ).finally(() => {
          waiting.count--;
          waiting.cost -= ruleCost(rule.id);
        });
        results[index] = joinPasses(results[index]!, more);
      };
      await runPool(
        startOrder(
          deeper.map(({ rule }) => rule),
          config.concurrency,
        ).map((at) => {
          const { rule, index } = deeper[at]!;
          return { exclusive: rule.exclusive === true, run: () => deepen(rule, index) };
        }),
        () => governor.limit,
      );
    }
    if (options.signal?.aborted) interrupted = true;
  } catch (error) {
    if (options.signal?.aborted) throw new SuiteError('INTERRUPTED', 'interrupted before the rules ran', { cause: error });
    throw error;
  } finally {
    if (jobs.all().length > 0 || results.some((result) => result !== undefined)) {
      options.onProgress?.({ type: 'cleanup' });
      cleanupReport = await cleanup.finish();
    }
    await agent.close();
  }
  // The one redaction pass of the report: where it is built, with the run's keys and --header values.
  return redactor.redactReport(
    buildReport({
      tool: toolInfo,
      apiRoot: config.apiRoot,
      seed,
      runs: config.runs,
      options: {
        only: config.only?.join(',') ?? null,
        secondApiKey: second !== undefined,
        timeoutMs: config.timeoutMs,
        concurrency: config.concurrency,
        referencePrefix: tag,
        strict: config.strict,
        ...(config.rateLimit ? { rateLimit: `${config.rateLimit.requests}/${config.rateLimit.per}` } : {}),
        headerNames: Object.keys(config.headers),
        ...(config.durationMs !== undefined ? { duration: formatDuration(config.durationMs) } : {}),
      },
      ...(config.shard ? { shard: config.shard } : {}),
      startedAt,
      finishedAt: new Date(),
      interrupted,
      rules: results.filter((result): result is RuleResult => result !== undefined),
      observations: observations.list(selected.map((rule) => rule.id)),
      cleanup: cleanupReport,
      requests,
      network: {
        retries: retry.stats.retries,
        retryWaitMs: Math.round(retry.stats.waitedMs),
        rateLimitWaitMs: Math.round(pacer?.waitedMs ?? 0),
      },
      replayCommand: replayCommand({ config, seed }),
    }),
  );
}
