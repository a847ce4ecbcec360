import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MockCore } from '../core/mock-core.js';
import type { StoredJob } from './stored-job.js';

function body(i: number) {
  return {
    referenceId: `ref-${i}`,
    title: `Welder ${i}`,
    locations: [{ description: 'Toronto, ON' }],
    categories: [{ id: 1 }],
    positionType: { id: 1 },
    description: '<p>x</p>',
    applicantRoutingType: { id: 1 },
    applicationEmail: 'jobs@example.com',
  };
}

const titles = (jobs: Iterable<StoredJob>) => new Map([...jobs].map((job) => [job.id, job.title]));

type Step = { read: number } & ({ op: 'change' | 'remove'; at: number } | { op: 'create' | 'reset' });

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ read: fc.nat(8), op: fc.constantFrom('change' as const, 'remove' as const), at: fc.nat() }),
  fc.record({ read: fc.nat(8), op: fc.constant('create' as const) }),
  fc.record({ read: fc.nat(8), op: fc.constant('reset' as const) }),
);

describe('StoreSnapshot (copy on write)', () => {
  it('reads every job as it was at the instant, whatever changes, goes or comes between reads', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.array(step, { maxLength: 30 }), (count, steps) => {
        const core = new MockCore();
        let made = 0;
        for (; made < count; made++) core.seedJobs(made % 2 ? 101 : 102, [body(made)]);
        const store = core.store;
        const expected = titles(store.allEntries().map((entry) => entry.job));
        const snapshot = store.beginSnapshot();
        expect(snapshot.size).toBe(count);
        const reader = snapshot.jobs();
        const got: StoredJob[] = [];
        for (const s of steps) {
          for (let i = 0; i < s.read; i++) {
            const next = reader.next();
            if (!next.done) got.push(next.value);
          }
          const entries = store.allEntries();
          const entry = entries[s.op === 'change' || s.op === 'remove' ? s.at % Math.max(1, entries.length) : 0];
          if (s.op === 'change' && entry) store.replace(entry, { ...entry.job, title: `Changed ${entry.id}` });
          if (s.op === 'remove' && entry) store.remove(entry);
          if (s.op === 'create') core.seedJobs(101, [body(made++)]);
          if (s.op === 'reset') core.reset();
        }
        got.push(...reader);
        expect(got).toHaveLength(count);
        expect(titles(got)).toEqual(expected);
      }),
      { seed: 17, numRuns: 300 },
    );
  });

  it('once read to the end (or ended), the store stops keeping old versions for it', () => {
    const core = new MockCore();
    core.seedJobs(101, [body(1), body(2)]);
    const snapshot = core.store.beginSnapshot();
    const keep = (snapshot as unknown as { before: Map<number, StoredJob> }).before;
    [...snapshot.jobs()];
    const [entry] = core.store.allEntries();
    core.store.replace(entry!, { ...entry!.job, title: 'Later' });
    expect(keep.size).toBe(0);
  });
});
