/**
 * @module The RuleContext a rule runs with. It owns the rule's cases: each
 * property run (and the rule's own top-level work) is a case with its own
 * id, tag, exchange log and cleanup. ctx.check runs fast-check with the
 * rule's derived seed and budget (its examples first: the boundary cases
 * every run sends before any draw), caps shrinking, re-runs the shrunk case to
 * label it deterministic or flaky, and records the mismatch with its
 * exchanges, curl reproducer and replay command.
 */
import * as fc from 'fast-check';
import type { Exchange, Mismatch, RuleResult } from '../../schemas/types.gen.js';
import { currentCase, runInCase, type CaseLog } from '../contract/case-scope.js';
import { errorBodyForm } from './error-body-form.js';
import { jobAnswerForms } from './job-answer-form.js';
import { curlFor } from '../../reports/curl.js';
import { MismatchError, SkipError, TransportError } from '../contract/errors.js';
import { mismatchLevel, raiseStatus, statusOfMismatch } from '../../reports/status.js';
import type { CheckOptions, JobsApi, MismatchInput, ObservationInput, ReferenceData, Rule, RuleContext } from '../contract/rule.js';
import type { RunState } from './run-state.js';
import { runPool } from './rule-pool.js';
import { referenceWord } from '../contract/scope-words.js';
import { deriveSeed } from './seeds.js';
import { serverErrorMismatch } from './server-errors.js';

/** How often the minimal case is re-run before it is labelled deterministic. */
export const REPRODUCE_TIMES = 3;

/**
 * Re-runs `attempt` REPRODUCE_TIMES times (it resolves to the error it ended with, if any):
 * deterministic if every run fails with a mismatch, flaky if one does not, unchecked if interrupted.
 */
export async function reproducibility(
  signal: AbortSignal | undefined,
  attempt: () => Promise<unknown>,
): Promise<Mismatch['reproducibility']> {
  let failures = 0;
  for (let i = 0; i < REPRODUCE_TIMES; i++) {
    if (signal?.aborted) return 'unchecked';
    if ((await attempt()) instanceof MismatchError) failures++;
  }
  return failures === REPRODUCE_TIMES ? 'deterministic' : 'flaky';
}
/** A mismatch shows at most this many exchanges (the last ones of the case). */
const MAX_EXCHANGES = 30;

/** A --duration stretch shorter than this is not started: its skipped draws would cost more than its cases add. */
const MIN_STRETCH_MS = 50;
/** Runs of the first --duration stretch of a check, before its pace is known. */
const FIRST_STRETCH_RUNS = 8;
/** The most runs of one stretch: past its share a run costs only its draw, but draws are not free. */
const MAX_STRETCH_RUNS = 2_000;

/** A case run ahead of fast-check: its outcome, and the observations it made, added when fast-check reaches it. */
type AheadCase = { stopped: true } | { stopped: false; outcome: CaseOutcome; observations: ObservationInput[] };

interface PropertyOutcome<T> {
  failed: boolean;
  /** Runs drawn up to the last case sent (examples and skipped runs included): a check of this many runs replays them. */
  drawn: number;
  failure?: { value: T; error: MismatchError; log: CaseLog };
  counterexamplePath?: string;
}

export interface CaseOutcome {
  log: CaseLog;
  error?: unknown;
}

interface RecordExtras {
  counterexample?: unknown;
  path?: string;
  reproducibility: Mismatch['reproducibility'];
}

/** A replay path names the property inside the rule when it is not the first: `2/0:1:0`. */
export function encodeReplayPath(index: number, fcPath: string): string {
  return index === 0 ? fcPath : `${index}/${fcPath}`;
}

export function decodeReplayPath(path: string): { index: number; fcPath: string } {
  const match = /^(\d+)\/(.*)$/.exec(path);
  return match ? { index: Number(match[1]), fcPath: match[2] ?? '' } : { index: 0, fcPath: path };
}

/** Whether `value` is JSON's own kind of value all the way down: no class instance (a model command) inside. */
function isPlainData(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  if (Array.isArray(value)) return value.every(isPlainData);
  return Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every(isPlainData);
}

/**
 * The generated input as JSON: plain data as it is, anything else (a sequence of model commands, scripted or drawn)
 * as fast-check prints it, each command by its own toString.
 */
function counterexampleJson(value: unknown): Record<string, unknown> {
  try {
    if (isPlainData(value)) {
      const json = JSON.parse(JSON.stringify(value ?? null)) as unknown;
      if (json !== null && typeof json === 'object' && !Array.isArray(json)) return json as Record<string, unknown>;
      return { value: json };
    }
  } catch {
    // falls through to the printed form
  }
  return { text: fc.stringify(value) };
}

/**
 * The examples of a check as whole values: each laid over a value drawn from the arbitrary with a seed of
 * its own (derived from the check's), so an example depends on the run seed only and replays by its path.
 */
export function exampleValues<T>(arbitrary: fc.Arbitrary<T>, examples: ReadonlyArray<Partial<T>> | undefined, seed: number): T[] {
  if (!examples || examples.length === 0) return [];
  const drawn = fc.sample(arbitrary, { seed: deriveSeed(seed, 'examples'), numRuns: examples.length });
  return examples.map((example, i) => {
    const base = drawn[i];
    const isRecord = base !== null && typeof base === 'object' && !Array.isArray(base);
    return (isRecord ? { ...base, ...example } : example) as T;
  });
}

interface CheckedProperty<T> {
  arbitrary: fc.Arbitrary<T>;
  predicate: (value: T) => Promise<void>;
  index: number;
  seed: number;
  examples: T[];
  /** CheckOptions.independentCases. */
  independent: boolean;
}

/** The values fast-check hands a check of `numRuns` runs with this seed and examples, in order (drawing sends nothing). */
async function drawnValues<T>(property: CheckedProperty<T>, numRuns: number): Promise<T[]> {
  const values: T[] = [];
  const record = fc.asyncProperty(property.arbitrary, (value) => {
    values.push(value);
    return Promise.resolve();
  });
  await fc.check(record, { seed: property.seed, numRuns, examples: property.examples.map((value): [T] => [value]) });
  return values;
}

export class Context implements RuleContext {
  readonly rule: Rule;
  readonly api: JobsApi;
  readonly second?: JobsApi;
  readonly refs: ReferenceData;
  readonly tag: string;
  readonly runs: number;
  readonly #state: RunState;
  readonly #result: RuleResult;
  /** A quiet context re-runs a rule to test reproducibility: it records nothing. */
  readonly #quiet: boolean;
  readonly #counters = new WeakMap<CaseLog, number>();
  /** Observations of cases run ahead, held until fast-check reaches them: the report keeps draw order. */
  readonly #heldObservations = new WeakMap<CaseLog, ObservationInput[]>();
  readonly #defaultCase: CaseLog;
  #checks = 0;
  #cases = 0;
  /** The cleanup of the cases that ended, in order (RunCleanup.afterCase never rejects). */
  #cleanup: Promise<void> = Promise.resolve();

  constructor(rule: Rule, state: RunState, result: RuleResult, quiet = false) {
    this.rule = rule;
    this.api = state.api;
    if (state.second) this.second = state.second;
    this.refs = state.refs;
    this.tag = state.tag;
    this.runs = state.runs;
    this.#state = state;
    this.#result = result;
    this.#quiet = quiet;
    this.#defaultCase = this.newCase(quiet ? 'q' : 'main');
  }

  /** A new case of this rule: its own id, tag and exchange log. */
  newCase(label: string): CaseLog {
    const caseTag = `${this.#state.tag}${this.#state.nextCaseToken(this.rule.id)}`;
    return { caseId: `${this.#state.tag}-${this.rule.id}#${label}.${this.#cases++}`, caseTag, ruleId: this.rule.id, exchanges: [] };
  }

  /**
   * Runs `fn` as one case; what it created is deleted whatever happened: above --concurrency 1 beside
   * the rule's next case (on a slow network a delete need not hold up the next case), and always
   * before the rule ends.
   */
  async runCase(log: CaseLog, fn: () => Promise<void>): Promise<CaseOutcome> {
    try {
      await runInCase(log, async () => {
        try {
          await fn();
          const crash = serverErrorMismatch(log.exchanges);
          if (crash) throw new MismatchError(crash);
        } finally {
          this.#observeAnswerForms(log);
        }
      });
      return { log };
    } catch (error) {
      return { log, error };
    } finally {
      const cleanup = () => this.#state.cleanup.afterCase(log.caseId);
      // One case's cleanup after the other: a rule keeps at most one in flight. --concurrency 1 keeps to one request at a time.
      if (this.#state.concurrency > 1) this.#cleanup = this.#cleanup.then(cleanup);
      else await cleanup();
    }
  }

  /**
   * Records the open forms of the case's answers: each client error's body (the spec shows none, 7.2), and how each
   * job answer writes its dates and which fields it adds (2.1).
   */
  #observeAnswerForms(log: CaseLog): void {
    for (const exchange of log.exchanges) {
      const form = errorBodyForm(exchange);
      if (form !== undefined) this.observe({ topic: 'error-body-shape', section: '7.2', observed: form });
      for (const observation of jobAnswerForms(exchange)) this.observe(observation);
    }
  }

  /** Runs the rule's own top-level work as the default case, and waits until every case's jobs are deleted. */
  async runMain(): Promise<CaseOutcome> {
    const outcome = await this.runCase(this.#defaultCase, () => this.rule.run(this));
    await this.#cleanup;
    return outcome;
  }

  get defaultCase(): CaseLog {
    return this.#defaultCase;
  }

  #case(): CaseLog {
    return currentCase() ?? this.#defaultCase;
  }

  referenceId(): string {
    const log = this.#case();
    const n = this.#counters.get(log) ?? 0;
    this.#counters.set(log, n + 1);
    return referenceWord(log.caseTag, n);
  }

  /** The current case's tag: every referenceId() of the case starts with it; use it as q to list only the case's jobs. */
  caseTag(): string {
    return this.#case().caseTag;
  }

  seedOf(label: string): number {
    return deriveSeed(this.#state.seed, this.rule.id, label);
  }

  atOnce(): number {
    return this.#state.casesAtOnce?.(this.rule.exclusive === true) ?? 1;
  }

  removedByRun(api: JobsApi, id: number): { referenceId: string | null } | undefined {
    const owner = api === this.api ? 'primary' : api === this.second ? 'second' : undefined;
    const job = owner === undefined ? undefined : this.#state.createdJobs?.find(owner, id);
    return job?.gone ? { referenceId: job.referenceId } : undefined;
  }

  fail(mismatch: MismatchInput): never {
    throw new MismatchError(mismatch);
  }

  expect(condition: boolean, mismatch: MismatchInput): asserts condition {
    if (!condition) this.fail(mismatch);
  }

  observe(observation: ObservationInput): void {
    if (this.#quiet) return;
    const held = this.#heldObservations.get(this.#case());
    if (held) held.push(observation);
    else this.#state.observations.add({ ...observation, ruleId: this.rule.id });
  }

  skip(reason: string): never {
    throw new SkipError(reason);
  }

  async check<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, options: CheckOptions<T> = {}): Promise<void> {
    const index = this.#checks++;
    const seed = deriveSeed(this.#state.seed, this.rule.id, index);
    // The examples come first (fast-check runs them before any draw) and on top of the random runs.
    const examples = exampleValues(arbitrary, options.examples, seed);
    const requested = Math.max(1, Math.floor(options.runs ?? this.runs));
    const path = this.#replayPathFor(index);
    const property = { arbitrary, predicate, index, seed, examples, independent: options.independentCases === true };
    const deepening = this.#state.deepening;
    let outcome: PropertyOutcome<T>;
    if (deepening === undefined || this.#quiet) {
      outcome = await this.#property(property, { numRuns: requested + examples.length, ...(path !== undefined ? { path } : {}) });
      // A check that takes the full --runs (a capped one keeps its cap, as at any --runs) can draw on under --duration.
      const capped = requested < this.runs || options.maxRuns !== undefined;
      if (!this.#quiet && path === undefined && !capped && !outcome.failed) this.#state.noteDeepenable?.(index, outcome.drawn);
    } else {
      // The second pass of --duration: only the checks noted in the first draw on, from where they stopped; the share
      // of the budget is asked again after each stretch, as it grows when other rules end.
      let drawn = deepening.drawn.get(index);
      if (drawn === undefined) return;
      outcome = { failed: false, drawn };
      // Stretches of as many runs as the last stretch's pace fits in the time left; a run that starts past the
      // share sends nothing, so the share is overrun by at most the cases in flight.
      let pace: number | undefined;
      while (!outcome.failed && performance.now() < deepening.until() - MIN_STRETCH_MS) {
        const started = performance.now();
        const batch =
          pace === undefined
            ? FIRST_STRETCH_RUNS
            : Math.max(1, Math.min(MAX_STRETCH_RUNS, Math.ceil(pace * (deepening.until() - started))));
        outcome = await this.#property(property, { numRuns: drawn + batch, skip: drawn, stopAt: () => deepening.until() });
        if (outcome.drawn <= drawn) break;
        pace = (outcome.drawn - drawn) / Math.max(1, performance.now() - started);
        drawn = outcome.drawn;
        this.#result.runs = Math.max(this.#result.runs ?? this.runs, drawn - examples.length);
      }
    }
    if (!outcome.failed || outcome.failure === undefined) return;
    const found = outcome.failure;
    const reproducibility = this.#quiet ? 'unchecked' : await this.reproduce(() => predicate(found.value), `p${index}r`);
    throw this.record(found.error, found.log, {
      counterexample: found.value,
      reproducibility,
      ...(outcome.counterexamplePath ? { path: encodeReplayPath(index, outcome.counterexamplePath) } : {}),
    });
  }

  /**
   * One fast-check run of a property. `skip` passes the first runs without sending anything: they were
   * sent by the run before, and the draws after them are the ones a single check of more runs makes,
   * so `--runs` of the total replays them all. Past `stopAt()` a run sends nothing either.
   */
  async #property<T>(
    property: CheckedProperty<T>,
    run: { numRuns: number; path?: string; skip?: number; stopAt?: () => number },
  ): Promise<PropertyOutcome<T>> {
    const { arbitrary, predicate, index, seed, examples } = property;
    // A replay runs one path: nothing to run ahead.
    const atOnce = property.independent && run.path === undefined ? this.atOnce() : 1;
    const ahead = atOnce > 1 ? await this.#runAhead(property, run, atOnce) : undefined;
    let abort: { error: unknown } | undefined;
    let failure: PropertyOutcome<T>['failure'];
    let shrinkCases = 0;
    let runs = 0;
    let drawn = 0;
    const runNow = (value: T): Promise<CaseOutcome> => this.runCase(this.newCase(`p${index}`), () => predicate(value));
    const judge = (value: T, outcome: CaseOutcome): void => {
      this.#result.cases += 1;
      if (outcome.error === undefined) return;
      if (outcome.error instanceof MismatchError && !outcome.error.recorded) {
        failure = { value, error: outcome.error, log: outcome.log };
        throw outcome.error;
      }
      // Not the server's fault, or already recorded by a nested check: stop without shrinking.
      abort = { error: outcome.error };
    };
    const asyncProperty = fc.asyncProperty(arbitrary, async (value) => {
      if (abort !== undefined) return;
      if (!failure) {
        const at = runs++;
        if (at < (run.skip ?? 0)) return;
        if (ahead !== undefined) {
          const done = ahead.get(at);
          // Not run ahead: past stopAt (or past a failure, which fast-check never reaches).
          if (done === undefined || done.stopped) return;
          drawn = at + 1;
          if (done.outcome.error === undefined) {
            this.#result.cases += 1;
            for (const observation of done.observations) this.observe(observation);
            return;
          }
          // A failure: run again now, so that fast-check shrinks from a value it ran itself (a command sequence
          // shrinks by the commands it ran); if it passes this time, the failure seen ahead stands.
          const again = await runNow(value);
          return judge(value, again.error === undefined ? done.outcome : again);
        }
        if (run.stopAt !== undefined && performance.now() >= run.stopAt()) return;
        drawn = at + 1;
      }
      // Past --max-shrinks, later candidates count as passing, which ends the shrink.
      if (failure && ++shrinkCases > this.#state.maxShrinks) return;
      if (this.#state.signal?.aborted) {
        abort = { error: new TransportError('INTERRUPTED', 'run interrupted') };
        return;
      }
      judge(value, await runNow(value));
    });
    const details = await fc.check(asyncProperty, {
      seed,
      numRuns: run.numRuns,
      examples: examples.map((value): [T] => [value]),
      ...(run.path !== undefined ? { path: run.path, endOnFailure: true } : {}),
    });
    if (abort !== undefined) throw abort.error;
    return {
      failed: details.failed,
      drawn,
      ...(failure ? { failure } : {}),
      ...(details.counterexamplePath ? { counterexamplePath: details.counterexamplePath } : {}),
    };
  }

  /**
   * Runs the cases of an independent property ahead of fast-check, `atOnce` at a time: the values a check with
   * the same seed and runs draws, each in its own case, started in draw order (so case ids and tags follow draw
   * order). Nothing starts past the first failure, nor past `stopAt()`. Returns each run's outcome by its index.
   */
  async #runAhead<T>(
    property: CheckedProperty<T>,
    run: { numRuns: number; skip?: number; stopAt?: () => number },
    atOnce: number,
  ): Promise<Map<number, AheadCase>> {
    const values = await drawnValues(property, run.numRuns);
    const done = new Map<number, AheadCase>();
    let firstFailure = Number.POSITIVE_INFINITY;
    const runAt = async (at: number): Promise<void> => {
      if (at > firstFailure) return;
      if (this.#state.signal?.aborted || (run.stopAt !== undefined && performance.now() >= run.stopAt())) {
        done.set(at, { stopped: true });
        return;
      }
      const log = this.newCase(`p${property.index}`);
      const observations: ObservationInput[] = [];
      this.#heldObservations.set(log, observations);
      const outcome = await this.runCase(log, () => property.predicate(values[at]!));
      this.#heldObservations.delete(log);
      if (outcome.error !== undefined) firstFailure = Math.min(firstFailure, at);
      done.set(at, { stopped: false, outcome, observations });
    };
    const indexes = values.map((_, at) => at).slice(run.skip ?? 0);
    await runPool(
      indexes.map((at) => ({ exclusive: false, run: () => runAt(at) })),
      atOnce,
    );
    return done;
  }

  #replayPathFor(index: number): string | undefined {
    if (this.#state.replayPath === undefined) return undefined;
    const { index: wanted, fcPath } = decodeReplayPath(this.#state.replayPath);
    return wanted === index ? fcPath : undefined;
  }

  /** Re-runs a failing case REPRODUCE_TIMES times in fresh cases. */
  reproduce(fn: () => Promise<void>, label: string): Promise<Mismatch['reproducibility']> {
    return reproducibility(this.#state.signal, async () => (await this.runCase(this.newCase(label), fn)).error);
  }

  /** Adds the mismatch to the rule's result (unless quiet) and marks the error recorded. */
  record(error: MismatchError, log: CaseLog, extras: RecordExtras): MismatchError {
    error.recorded = true;
    if (this.#quiet) return error;
    const input = error.mismatch;
    const exchanges: Exchange[] = (input.exchanges ?? log.exchanges).slice(-MAX_EXCHANGES);
    const failing = input.failingExchange ?? exchanges.at(-1);
    if (failing && !exchanges.includes(failing)) exchanges.push(failing);
    const level = mismatchLevel(this.rule.level ?? 'must', failing);
    const mismatch: Mismatch = {
      ruleId: this.rule.id,
      section: this.rule.section,
      level,
      title: input.title,
      expected: input.expected,
      received: input.received,
      exchanges,
      curl: failing ? curlFor(failing) : '# no request was sent',
      replay: { command: this.#state.replayCommand(this.rule.id, extras.path), seed: this.#state.seed, path: extras.path ?? null },
      reproducibility: extras.reproducibility,
    };
    if (extras.counterexample !== undefined) mismatch.counterexample = counterexampleJson(extras.counterexample);
    this.#result.mismatches.push(mismatch);
    this.#result.status = raiseStatus(this.#result.status, statusOfMismatch(level));
    return error;
  }
}
