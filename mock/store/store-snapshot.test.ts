import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClock } from './clock.js';
import { JobsStore } from './jobs-store.js';
import type { EmployerConfig, StoredJob } from './stored-job.js';

const T0 = Date.UTC(2025, 0, 1);
const EMPLOYERS: EmployerConfig[] = [
  { id: 101, name: 'A', apiKey: 'a' },
  { id: 102, name: 'B', apiKey: 'b' },
];

/** A new job as the core would insert it (the store hands out the id). */
function insert(store: JobsStore, employerId: number, i: number): void {
  store.insert({
    id: store.allocateId(),
    employerId,
    referenceId: `ref-${i}`,
    title: `Welder ${i}`,
    publishDate: T0 - i * 1000,
    updatedAt: T0,
    closeDate: '2030-01-01',
    confidential: false,
    autoRefresh: false,
    status: 'active',
    locations: [],
    categories: [],
    positionType: { id: 1, name: 'Full-time' },
    salary: null,
    description: '<p>x</p>',
    applicantRoutingType: { id: 1, name: 'Email' },
    applicationEmail: 'a@example.com',
    applicationUrl: null,
  });
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
        const store = new JobsStore(createClock(), EMPLOYERS);
        let made = 0;
        for (; made < count; made++) insert(store, made % 2 ? 101 : 102, made);
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
          if (s.op === 'create') insert(store, 101, made++);
          if (s.op === 'reset') store.clearJobs();
        }
        got.push(...reader);
        expect(got).toHaveLength(count);
        expect(titles(got)).toEqual(expected);
      }),
      { seed: 17, numRuns: 500 },
    );
  });

  it('once read to the end (or ended), the store stops keeping old versions for it', () => {
    const store = new JobsStore(createClock(), EMPLOYERS);
    insert(store, 101, 1);
    insert(store, 101, 2);
    const snapshot = store.beginSnapshot();
    const keep = (snapshot as unknown as { before: Map<number, StoredJob> }).before;
    Array.from(snapshot.jobs());
    const [entry] = store.allEntries();
    store.replace(entry!, { ...entry!.job, title: 'Later' });
    expect(keep.size).toBe(0);
  });
});
