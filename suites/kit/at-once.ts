/**
 * @module A rule's own setup requests, several at once where the run allows it (RuleContext.atOnce: against a
 * distant target, or for a rule that runs alone), one after another otherwise; and the parts of such a rule that must
 * still take turns (inTurn).
 */
import type { RuleContext } from '../contract/rule.js';

/**
 * `work` over every item, at most `ctx.atOnce()` in flight; the results in the items' order.
 *
 * @example
 * const jobs = await atOnce(ctx, bodies, (body) => createJob(ctx, body));
 */
export async function atOnce<T, R>(ctx: RuleContext, items: readonly T[], work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const limit = Math.max(1, ctx.atOnce?.() ?? 1);
  const results: R[] = [];
  for (let start = 0; start < items.length; start += limit) {
    const batch = items.slice(start, start + limit).map((item, i) => work(item, start + i));
    results.push(...(await Promise.all(batch)));
  }
  return results;
}

/**
 * A turn-taker: the work handed to it runs one at a time, in the order handed, whatever else of the rule runs beside
 * it. A rejected turn does not stop the next.
 *
 * @example
 * const turn = inTurn();
 * await Promise.all(lists.map((list) => turn(() => readBetweenTotals(list))));
 */
export function inTurn(): <R>(work: () => Promise<R>) => Promise<R> {
  let last: Promise<unknown> = Promise.resolve();
  return <R>(work: () => Promise<R>): Promise<R> => {
    const run = last.then(work, work);
    last = run.catch(() => undefined);
    return run;
  };
}
