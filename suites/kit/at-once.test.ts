import { describe, expect, it } from 'vitest';
import type { RuleContext } from '../contract/rule.js';
import { atOnce, inTurn } from './at-once.js';

/** A context allowing `limit` requests at once (undefined: a context without atOnce, as tests build them). */
const contextAllowing = (limit?: number) => (limit === undefined ? {} : { atOnce: () => limit }) as unknown as RuleContext;

/** Runs atOnce over 10 items that each wait a little, counting how many were in flight at most. */
async function mostInFlight(ctx: RuleContext): Promise<{ most: number; results: number[] }> {
  let inFlight = 0;
  let most = 0;
  const results = await atOnce(ctx, [...Array(10).keys()], async (item, index) => {
    most = Math.max(most, ++inFlight);
    // The later items answer first: the results must still come in the items' order.
    await new Promise((resolve) => setTimeout(resolve, 10 - item));
    inFlight--;
    return item * 10 + index;
  });
  return { most, results };
}

describe('atOnce', () => {
  it('keeps at most ctx.atOnce() in flight, and the results in the items order', async () => {
    const { most, results } = await mostInFlight(contextAllowing(4));
    expect(most).toBe(4);
    expect(results).toEqual([0, 11, 22, 33, 44, 55, 66, 77, 88, 99]);
  });

  it('goes one at a time when the run allows one, or the context does not say', async () => {
    expect((await mostInFlight(contextAllowing(1))).most).toBe(1);
    expect((await mostInFlight(contextAllowing())).most).toBe(1);
  });
});

describe('inTurn', () => {
  it('runs the work handed to it one at a time, in the order handed, past a rejected turn', async () => {
    const turn = inTurn();
    const order: string[] = [];
    let inFlight = 0;
    let most = 0;
    const step = (name: string, ms: number, fails = false) =>
      turn(async () => {
        most = Math.max(most, ++inFlight);
        order.push(`${name} starts`);
        // The first turn waits longest: taken in turn, the later ones still start after it ends.
        await new Promise((resolve) => setTimeout(resolve, ms));
        order.push(`${name} ends`);
        inFlight--;
        if (fails) throw new Error(name);
        return name;
      });
    const settled = await Promise.allSettled([step('a', 15), step('b', 5, true), step('c', 1)]);
    expect(most).toBe(1);
    expect(order).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });
});
