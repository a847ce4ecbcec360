/**
 * @module The current case: every exchange the client makes while a case runs
 * is appended to that case's log, found through AsyncLocalStorage so that
 * concurrent requests of one case (the concurrency rules) land in the same log
 * and nothing leaks between cases.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange } from '../../schemas/types.gen.js';

export interface CaseLog {
  /** Sent as X-Conformance-Case-Id, e.g. `jc1a2b3c-jobs.create.status-201#3`. */
  readonly caseId: string;
  /** Run-unique prefix of this case's referenceIds, a word of its titles, e.g. `jc1a2b3c05k3x` (suites/contract/scope-words.ts). */
  readonly caseTag: string;
  /** The rule the case belongs to. */
  readonly ruleId?: string;
  readonly exchanges: Exchange[];
}

const storage = new AsyncLocalStorage<CaseLog>();

/** Runs `fn` with `log` as the current case. */
export function runInCase<T>(log: CaseLog, fn: () => Promise<T>): Promise<T> {
  return storage.run(log, fn);
}

/** Runs `fn` outside any case (cleanup traffic is not part of a case's evidence). */
export function runOutsideCase<T>(fn: () => Promise<T>): Promise<T> {
  return storage.exit(fn);
}

/** The case running now, if any. */
export function currentCase(): CaseLog | undefined {
  return storage.getStore();
}
