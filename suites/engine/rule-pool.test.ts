import { describe, expect, it } from 'vitest';
import { runPool, startOrder, type PoolTask } from './rule-pool.js';

/** Tasks that record when they start and end, and how many ran at once. */
function recordingTasks(spec: Array<{ exclusive?: boolean; ms: number }>) {
  const events: string[] = [];
  let active = 0;
  let peak = 0;
  const overlaps: number[] = [];
  const tasks: PoolTask[] = spec.map((s, i) => ({
    exclusive: s.exclusive === true,
    run: async () => {
      active++;
      peak = Math.max(peak, active);
      if (s.exclusive) overlaps.push(active - 1);
      events.push(`start ${i}`);
      await new Promise((resolve) => setTimeout(resolve, s.ms));
      if (s.exclusive) overlaps.push(active - 1);
      events.push(`end ${i}`);
      active--;
    },
  }));
  return { tasks, events, peak: () => peak, overlaps };
}

describe('runPool', () => {
  it('starts tasks in order and runs at most `limit` at once', async () => {
    const r = recordingTasks([{ ms: 30 }, { ms: 5 }, { ms: 5 }, { ms: 5 }, { ms: 5 }, { ms: 5 }]);
    await runPool(r.tasks, 3);
    expect(r.events.filter((e) => e.startsWith('start'))).toEqual([0, 1, 2, 3, 4, 5].map((i) => `start ${i}`));
    expect(r.peak()).toBe(3);
    // Task 0 is slow: later tasks finish before it.
    expect(r.events.indexOf('end 1')).toBeLessThan(r.events.indexOf('end 0'));
  });

  it('runs an exclusive task alone: the running ones end first, nothing starts until it ends', async () => {
    const r = recordingTasks([{ ms: 20 }, { ms: 10 }, { exclusive: true, ms: 15 }, { ms: 5 }, { ms: 5 }]);
    await runPool(r.tasks, 4);
    expect(r.overlaps).toEqual([0, 0]);
    const at = (e: string) => r.events.indexOf(e);
    expect(Math.max(at('end 0'), at('end 1'))).toBeLessThan(at('start 2'));
    expect(at('end 2')).toBeLessThan(Math.min(at('start 3'), at('start 4')));
  });

  it('with limit 1 is a sequential walk', async () => {
    const r = recordingTasks([{ ms: 5 }, { ms: 1 }, { ms: 3 }]);
    await runPool(r.tasks, 1);
    expect(r.events).toEqual(['start 0', 'end 0', 'start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('after a rejection starts nothing more, lets the running tasks end, then rethrows', async () => {
    const ended: number[] = [];
    const tasks: PoolTask[] = [0, 1, 2, 3].map((i) => ({
      exclusive: false,
      run: async () => {
        await new Promise((resolve) => setTimeout(resolve, i === 0 ? 1 : 20));
        if (i === 0) throw new Error('boom');
        ended.push(i);
      },
    }));
    await expect(runPool(tasks, 2)).rejects.toThrow('boom');
    expect(ended).toEqual([1]);
  });
});

describe('startOrder', () => {
  it('starts long rules first above concurrency 1, and keeps registry order at 1', () => {
    const rules = [{}, { long: true }, {}, { long: true }, {}];
    expect(startOrder(rules, 8)).toEqual([1, 3, 0, 2, 4]);
    expect(startOrder(rules, 1)).toEqual([0, 1, 2, 3, 4]);
  });

  it('starts the exclusive rules before all others above concurrency 1, so none drains the pool mid-run', () => {
    const rules = [{}, { long: true }, { exclusive: true }, {}, { exclusive: true, long: true }];
    expect(startOrder(rules, 8)).toEqual([2, 4, 1, 0, 3]);
    expect(startOrder(rules, 1)).toEqual([0, 1, 2, 3, 4]);
  });
});
