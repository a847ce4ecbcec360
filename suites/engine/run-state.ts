/**
 * @module What every rule of one run shares: seed and budget, tag, the APIs,
 * the reference data, cleanup and the observation store. Built once by
 * run-conformance.ts; the context and runner read it.
 */
import type { RunCleanup } from './cleanup.js';
import type { CreatedJobs } from './created-jobs.js';
import type { Observations } from '../contract/observations.js';
import type { JobsApi, ReferenceData } from '../contract/rule.js';

export interface RunState {
  seed: number;
  runs: number;
  /** --max-shrinks: cases tried while shrinking one counterexample. */
  maxShrinks: number;
  /** --concurrency: above 1, a case's cleanup also runs beside the rule's next case. */
  concurrency: number;
  tag: string;
  refs: ReferenceData;
  api: JobsApi;
  second?: JobsApi;
  cleanup: RunCleanup;
  /** The jobs the run created, and which of them a DELETE by id removed (what cleanup deletes). */
  createdJobs?: CreatedJobs;
  observations: Observations;
  /** fast-check replay path, applied only when exactly one rule is selected. */
  replayPath?: string;
  signal?: AbortSignal;
  /** Under --duration, first pass: notes a check that may draw on (its index, and the runs drawn, examples included). */
  noteDeepenable?(checkIndex: number, drawn: number): void;
  /**
   * Under --duration, the second pass of a rule: the checks that draw on (index -> runs drawn so far) and the
   * performance.now() time until which they do, the rule's share of the budget (it grows as other rules end).
   */
  deepening?: { drawn: ReadonlyMap<number, number>; until(): number };
  /** The command that replays one rule (keys come from the environment). */
  replayCommand(ruleId: string, path?: string): string;
  /**
   * Cases of one independent property (CheckOptions.independentCases) that may run at once, now (default 1), for a
   * rule that runs alone (Rule.exclusive) or beside others.
   */
  casesAtOnce?(exclusive: boolean): number;
  /** A run-unique token for the next case of a rule, used in case tags (suites/engine/case-tokens.ts). */
  nextCaseToken(ruleId: string): string;
}
