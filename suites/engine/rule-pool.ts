/**
 * @module Runs the selected rules up to --concurrency at once. Rules start in
 * registry order, exclusive and long rules first (startOrder); a report never depends on
 * who finished first (callers store each result at its index). An exclusive
 * rule gets the target to itself: the rules already running end first, and
 * nothing else starts until it ends.
 */
import type { Rule } from '../contract/rule.js';

export interface PoolTask {
  /** Runs alone (Rule.exclusive). */
  exclusive: boolean;
  /** Should not reject: a rejection stops the pool from starting more tasks, and is rethrown once the running ones end. */
  run(): Promise<void>;
}

/**
 * Runs `tasks`, at most `limit` at once, each started in order. A function limit is read before each start:
 * the run raises or lowers it while the pool runs (suites/engine/concurrency-governor.ts).
 *
 * @example
 * await runPool(rules.map((rule, i) => ({ exclusive: rule.exclusive === true, run: () => runAt(i) })), 8);
 */
export async function runPool(tasks: Iterable<PoolTask>, limit: number | (() => number)): Promise<void> {
  const limitNow = typeof limit === 'number' ? () => limit : limit;
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | undefined;
  const start = (task: PoolTask): Promise<void> => {
    const settled: Promise<void> = task
      .run()
      .catch((error: unknown) => {
        failure ??= { error };
      })
      .finally(() => running.delete(settled));
    running.add(settled);
    return settled;
  };
  for (const task of tasks) {
    if (task.exclusive) {
      await Promise.all(running);
      if (failure) break;
      await start(task);
    } else {
      while (running.size >= Math.max(1, limitNow())) await Promise.race(running);
      if (failure) break;
      // Not awaited: the pool tracks it in `running`, and it never rejects (a failure is kept in `failure`).
      void start(task);
    }
  }
  await Promise.all(running);
  if (failure) throw failure.error;
}

/**
 * The order rules start in (indexes into `rules`): registry order, except that above concurrency 1 the exclusive
 * rules come first, then the long ones. An exclusive rule met mid-run drains the pool: every slot idles until the
 * longest running rule ends, once per exclusive rule, which on a distant server costs more than the rules
 * themselves. Run first, they drain nothing. Long rules then start before the short ones, so a long chain of
 * requests overlaps them instead of running last.
 *
 * @example
 * startOrder([short, long, exclusive], 8); // [2, 1, 0]
 */
export function startOrder(rules: readonly Pick<Rule, 'long' | 'exclusive'>[], concurrency: number): number[] {
  const indexes = rules.map((_, index) => index);
  if (concurrency <= 1) return indexes;
  const exclusive = (i: number) => rules[i]?.exclusive === true;
  const long = (i: number) => !exclusive(i) && rules[i]?.long === true;
  return [...indexes.filter(exclusive), ...indexes.filter(long), ...indexes.filter((i) => !exclusive(i) && !long(i))];
}
