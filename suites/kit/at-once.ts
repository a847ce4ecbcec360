/**
 * @module A rule's own setup requests, several at once where the run allows it (RuleContext.atOnce: against a
 * distant target), one after another otherwise.
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
