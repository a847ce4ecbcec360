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
import { currentCase } from '../contract/case-scope.js';
import { CASE_DELETES_AT_ONCE, RunCleanup } from './cleanup.js';
import { createAgent, createClient, type KeyOwner } from '../http/client.js';
import { isRunConfig, resolveConfig, type ConformanceOptions, type RunConfig } from './config.js';
import { caseTokens } from './case-tokens.js';
import { CreatedJobs } from './created-jobs.js';
import { POSITION_TYPES_PATH, discoverReferenceData } from '../target/discovery.js';
import { ConfigError, SuiteError, TransportError, messageOf } from '../contract/errors.js';
import { Observations } from '../contract/observations.js';
import { preflight } from '../target/preflight.js';
import { probeQueryScope } from '../target/q-scope.js';
import { RequestPacer } from '../http/request-pacer.js';
import { RetryPolicy } from '../http/retry-policy.js';
import { replayCommand } from './replay-command.js';
import { buildReport, newRuleResult } from './results.js';
import { runPool, startOrder } from './rule-pool.js';
import type { Rule } from '../contract/rule.js';
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
  | { type: 'concurrency'; limit: number; medianMs: number; burstMedianMs: number }
  /** No --concurrency given and the target answers slowly, but slower still to requests at once: it queues them. */
  | { type: 'concurrency-kept'; limit: number; medianMs: number; burstMedianMs: number }
  /** After a raise, the answers slowed down by a large factor and came no faster (the target queues what it cannot serve at once): back to the default. */
  | { type: 'concurrency-lowered'; limit: number; medianMs: number; slowMedianMs: number; burstPerSecond: number; slowPerSecond: number }
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

type Client = ReturnType<typeof createClient>;

/** What one run holds while it runs: its seed and tag, its clients and what they share, its results so far. */
interface Run {
  readonly config: RunConfig;
  readonly hooks: RunHooks;
  /** The rules the run selects from, and those it runs (registry order). */
  readonly allRules: readonly Rule[];
  readonly selected: readonly Rule[];
  readonly seed: number;
  readonly tag: string;
  readonly governor: ConcurrencyGovernor;
  readonly agent: ReturnType<typeof createAgent>;
  readonly pacer: RequestPacer | undefined;
  readonly retry: RetryPolicy;
  readonly jobs: CreatedJobs;
  readonly primary: Client;
  readonly second: Client | undefined;
  readonly cleanup: RunCleanup;
  readonly observations: Observations;
  readonly startedAt: Date;
  /** --duration: cases are drawn until this performance.now() time (the whole run's budget, preflight included). */
  readonly runDeadline: number | undefined;
  /** Each result at its rule's place in the selection: reports keep registry order at any --concurrency. */
  readonly results: Array<RuleResult | undefined>;
  /** Requests sent so far. */
  readonly requests: number;
  interrupted: boolean;
}

async function runResolved(config: RunConfig, hooks: RunHooks): Promise<RedactedReport> {
  const run = openRun(config, hooks);
  hooks.onProgress?.({
    type: 'begin',
    seed: run.seed,
    tag: run.tag,
    apiRoot: config.apiRoot,
    ...(config.shard ? { shard: config.shard } : {}),
  });
  let cleanupReport: ConformanceReport['cleanup'];
  try {
    const state = await prepareTarget(run);
    hooks.onProgress?.({ type: 'start', rules: run.selected });
    const first = await firstPass(run, state);
    await secondPass(run, state, first);
    if (hooks.signal?.aborted) run.interrupted = true;
  } catch (error) {
    if (hooks.signal?.aborted) throw new SuiteError('INTERRUPTED', 'interrupted before the rules ran', { cause: error });
    throw error;
  } finally {
    cleanupReport = await closeRun(run);
  }
  return reportOf(run, cleanupReport);
}

/** The rules a run runs: --shard splits what --only selects, so every shard of one --only computes the same partition. */
function selectionOf(config: RunConfig, hooks: RunHooks): { allRules: readonly Rule[]; selected: readonly Rule[] } {
  const allRules = hooks.rules ?? registry;
  const selected = rulesOfShard(selectRules(allRules, config.only), config.shard);
  if (config.replayPath !== undefined && selected.length !== 1) {
    throw new ConfigError('replay-path', `--replay-path replays one rule: --only must select exactly one (it selects ${selected.length})`);
  }
  return { allRules, selected };
}

/** The run's seed, tag and clients, with what every client shares: the agent, the pacer, the retry policy, the redactor. */
function openRun(config: RunConfig, hooks: RunHooks): Run {
  const { allRules, selected } = selectionOf(config, hooks);
  const seed = config.seed ?? randomSeed();
  const tag = runTag();
  const governor = new ConcurrencyGovernor({ concurrency: config.concurrency, adaptive: config.adaptiveConcurrency });
  const agent = createAgent(config.timeoutMs, governor.ceiling);
  // One pacer and one retry policy for every client: --rate-limit and the retry caps hold for the whole run.
  const pacer = config.rateLimit ? new RequestPacer(config.rateLimit) : undefined;
  const retry = new RetryPolicy(config.retry);
  const jobs = new CreatedJobs();
  const counter = { requests: 0 };
  const client = (owner: KeyOwner, apiKey: string, signal?: AbortSignal) =>
    createClient({
      apiRoot: config.apiRoot,
      apiKey,
      owner,
      timeoutMs: config.timeoutMs,
      redactor: config.redactor,
      dispatcher: agent,
      retry,
      extraHeaders: config.headers,
      ...(pacer ? { pacer } : {}),
      defaultCaseId: `${tag}-run`,
      ...(signal ? { signal } : {}),
      onRequest: () => void counter.requests++,
      gate: governor,
      onExchange: (recorded) => {
        const { response } = recorded.exchange;
        const slowdown = governor.noteAnswer(
          recorded.exchange.durationMs,
          response?.status,
          response?.headers['retry-after'] !== undefined,
        );
        if (slowdown) hooks.onProgress?.({ type: 'concurrency-lowered', ...slowdown });
        hooks.onExchange?.(recorded);
      },
      onResponse: (response) => jobs.noteResponse(response, currentCase()?.caseId ?? 'run'),
    });
  const primary = client('primary', config.apiKey, hooks.signal);
  const second = config.secondApiKey ? client('second', config.secondApiKey, hooks.signal) : undefined;
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
  const startedAt = new Date();
  const runDeadline = config.durationMs !== undefined ? performance.now() + config.durationMs : undefined;
  return {
    config,
    hooks,
    allRules,
    selected,
    seed,
    tag,
    governor,
    agent,
    pacer,
    retry,
    jobs,
    primary,
    second,
    cleanup,
    startedAt,
    runDeadline,
    observations: new Observations(),
    results: new Array<RuleResult | undefined>(selected.length).fill(undefined),
    get requests() {
      return counter.requests;
    },
    interrupted: false,
  };
}

/**
 * The target checked (its keys), its reference data discovered and its q probed; then the state every rule runs
 * in. A distant target, timed by these requests, gets more rules at once.
 */
async function prepareTarget(run: Run): Promise<RunState> {
  const { config, hooks, primary, second, observations, tag, seed, governor } = run;
  await preflight(primary, tag, 'api-key');
  if (second) await preflight(second, tag, 'second-api-key');
  const refs = await discoverReferenceData(
    primary,
    { positionTypesPath: POSITION_TYPES_PATH, categoriesPath: config.categoriesPath, locationsPath: config.locationsPath },
    observations,
    {
      ...(config.categoryIds ? { categoryIds: config.categoryIds } : {}),
      ...(config.positionTypeIds ? { positionTypeIds: config.positionTypeIds } : {}),
    },
  );
  // Every list is scoped with q = a case tag: check once that the target's q finds that form (spec 4.5).
  await probeQueryScope(createJobsApi(primary), refs, tag, seed, observations);
  // A distant target gets more rules at once if it answers a burst as fast as one request (it does not queue them).
  await governor.burst(() => primary.request({ method: 'GET', path: POSITION_TYPES_PATH }));
  const adapted = governor.adapt();
  // A 429 during the burst is pressure, not a queue: then the run claims no queue.
  if (adapted.burstMedianMs !== undefined && (adapted.raised || !governor.underPressure))
    hooks.onProgress?.({
      type: adapted.raised ? 'concurrency' : 'concurrency-kept',
      limit: governor.limit,
      medianMs: adapted.medianMs!,
      burstMedianMs: adapted.burstMedianMs,
    });
  return {
    seed,
    runs: config.runs,
    maxShrinks: config.maxShrinks,
    concurrency: config.concurrency,
    tag,
    refs,
    api: createJobsApi(primary),
    ...(second ? { second: createJobsApi(second) } : {}),
    cleanup: run.cleanup,
    createdJobs: run.jobs,
    observations,
    ...(config.replayPath !== undefined ? { replayPath: config.replayPath } : {}),
    ...(hooks.signal ? { signal: hooks.signal } : {}),
    replayCommand: (ruleId, path) => replayCommand({ config, seed }, ruleId, path),
    nextCaseToken: caseTokens(run.allRules),
    casesAtOnce: (exclusive) => casesAtOnce(governor.limit, exclusive),
  };
}

/** What the first pass leaves to the second: each rule's checks that may draw on (check index -> runs drawn), and why the rest stopped. */
interface FirstPass {
  readonly deepenable: ReadonlyArray<Map<number, number>>;
  readonly stopped: string | undefined;
}

/** Every selected rule once, up to --concurrency at once; a run of unreachable rules stops the rest. */
async function firstPass(run: Run, state: RunState): Promise<FirstPass> {
  const { selected, results, hooks, config, governor } = run;
  const redact = (text: string) => config.redactor.redact(text);
  let unreachable = 0;
  const deepenable = selected.map(() => new Map<number, number>());
  let stopped: string | undefined;
  const runAt = async (rule: Rule, index: number): Promise<void> => {
    if (hooks.signal?.aborted) {
      run.interrupted = true;
      results[index] = notRun(rule, 'run interrupted before this rule');
      return;
    }
    if (stopped !== undefined) {
      results[index] = notRun(rule, stopped);
      return;
    }
    hooks.onProgress?.({ type: 'rule-start', rule, index, total: selected.length });
    const ruleState: RunState =
      run.runDeadline === undefined ? state : { ...state, noteDeepenable: (check, drawn) => void deepenable[index]!.set(check, drawn) };
    let lastError: unknown;
    const result = await runRule(rule, ruleState, redact, (error) => (lastError = error));
    results[index] = result;
    hooks.onProgress?.({ type: 'rule-end', rule, result, index, total: selected.length });
    // Rules that end in a row (in the order they end) without reaching the target stop the run.
    unreachable = result.status === 'error' && isUnreachable(lastError) ? unreachable + 1 : 0;
    if (unreachable >= MAX_UNREACHABLE_RULES) stopped ??= `not run: the target stopped answering (${redact(messageOf(lastError))})`;
  };
  await runPool(
    startOrder(selected, config.concurrency).map((index) => {
      const rule = selected[index]!;
      return { exclusive: rule.exclusive === true, run: () => runAt(rule, index) };
    }),
    () => governor.limit,
  );
  return { deepenable, stopped };
}

/** --duration, second pass: the rules that passed draw more cases from where they stopped, until the budget is spent. */
async function secondPass(run: Run, state: RunState, first: FirstPass): Promise<void> {
  const { selected, results, hooks, config, governor, runDeadline } = run;
  const deeper = selected
    .map((rule, index) => ({ rule, index }))
    .filter(({ index }) => results[index]?.status === 'passed' && first.deepenable[index]!.size > 0);
  if (runDeadline === undefined || deeper.length === 0 || first.stopped !== undefined || hooks.signal?.aborted) return;
  if (performance.now() >= runDeadline) return;
  hooks.onProgress?.({ type: 'deepen', rules: deeper.length, leftMs: Math.round(runDeadline - performance.now()) });
  const waiting: Waiting = { count: deeper.length, cost: deeper.reduce((sum, { rule }) => sum + ruleCost(rule.id), 0) };
  const deepen = async (rule: Rule, index: number): Promise<void> => {
    const started = performance.now();
    const until = () => caseDeadlineOf(rule, runDeadline, waiting, governor.limit, started);
    const more = await runRule(rule, { ...state, deepening: { drawn: first.deepenable[index]!, until } }, (text) =>
      config.redactor.redact(text),
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

/** The jobs the run created deleted (after a failure or an interruption too), then the connections closed. */
async function closeRun(run: Run): Promise<ConformanceReport['cleanup']> {
  let cleanupReport: ConformanceReport['cleanup'] = { created: 0, deleted: 0, leftover: [] };
  try {
    if (run.jobs.all().length > 0 || run.results.some((result) => result !== undefined)) {
      run.hooks.onProgress?.({ type: 'cleanup' });
      cleanupReport = await run.cleanup.finish();
    }
  } finally {
    await run.agent.close();
  }
  return cleanupReport;
}

/** The report, redacted where it is built: the one redaction pass, with the run's keys and --header values. */
function reportOf(run: Run, cleanup: ConformanceReport['cleanup']): RedactedReport {
  const { config, seed, second, observations, selected, retry, pacer } = run;
  return config.redactor.redactReport(
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
        referencePrefix: run.tag,
        strict: config.strict,
        ...(config.rateLimit ? { rateLimit: `${config.rateLimit.requests}/${config.rateLimit.per}` } : {}),
        headerNames: Object.keys(config.headers),
        ...(config.durationMs !== undefined ? { duration: formatDuration(config.durationMs) } : {}),
      },
      ...(config.shard ? { shard: config.shard } : {}),
      startedAt: run.startedAt,
      finishedAt: new Date(),
      interrupted: run.interrupted,
      rules: run.results.filter((result): result is RuleResult => result !== undefined),
      observations: observations.list(selected.map((rule) => rule.id)),
      cleanup,
      requests: run.requests,
      network: {
        retries: retry.stats.retries,
        retryWaitMs: Math.round(retry.stats.waitedMs),
        rateLimitWaitMs: Math.round(pacer?.waitedMs ?? 0),
      },
      replayCommand: replayCommand({ config, seed }),
    }),
  );
}
