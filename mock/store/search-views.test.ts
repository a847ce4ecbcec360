import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createClock } from './clock.js';
import { AUTO_REFRESH_MS } from './auto-refresh.js';
import { JobsStore } from './jobs-store.js';
import { compareListOrder } from './ordered-index.js';
import { SEARCH_VIEWS_KEPT } from './search-views.js';
import { JOB_STATUSES, type JobStatus, type StoredJob } from './stored-job.js';

const EMPLOYERS = [
  { id: 1, name: 'One', apiKey: 'k1', plan: 'unlimited' as const },
  { id: 2, name: 'Two', apiKey: 'k2' },
];
const TITLES = ['Welder', 'welding lead', 'Nurse', 'Cook', 'Ébéniste', 'line cook'];
/** More needles than an employer keeps views for, so eviction and rebuilding happen too. */
const NEEDLES = [
  'wel',
  'welder',
  'cook',
  'ook',
  'nurse',
  'ébé',
  'e',
  'ref-1',
  'ref-',
  'lead',
  'ne c',
  '\u0000ref-2',
  'zzz',
  'w',
  'in',
  'er',
  'ur',
  'é',
  'ste',
];

function job(id: number, employerId: number, title: string, status: JobStatus, publishDate: number): StoredJob {
  return {
    id,
    employerId,
    referenceId: `ref-${id}`,
    title,
    updatedAt: publishDate,
    publishDate,
    closeDate: '2030-01-01',
    confidential: false,
    autoRefresh: id % 2 === 0,
    status,
    locations: [],
    categories: [],
    positionType: { id: 1, name: 'Full-time' },
    salary: null,
    description: '<p>x</p>',
    applicantRoutingType: { id: 1, name: 'Email' },
    applicationEmail: 'a@example.com',
    applicationUrl: null,
  };
}

/** Spec 4.5 written out plainly: every job of the employer, filtered, in list order. */
function scan(store: JobsStore, employerId: number, needle: string, status: JobStatus | undefined): number[] {
  return [...store.ordered(employerId)]
    .filter(
      (e) => (status === undefined || e.job.status === status) && `${e.job.title}\u0000${e.job.referenceId}`.toLowerCase().includes(needle),
    )
    .sort(compareListOrder)
    .map((e) => e.id);
}

const op = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    employer: fc.constantFrom(1, 2),
    title: fc.constantFrom(...TITLES),
    status: fc.constantFrom(...JOB_STATUSES),
    age: fc.nat(20),
  }),
  fc.record({
    kind: fc.constantFrom('title' as const, 'status' as const, 'republish' as const, 'delete' as const),
    pick: fc.nat(),
    title: fc.constantFrom(...TITLES),
    status: fc.constantFrom(...JOB_STATUSES),
  }),
  fc.record({ kind: fc.constant('clock' as const), days: fc.integer({ min: 1, max: 10 }) }),
  fc.record({
    kind: fc.constant('query' as const),
    employer: fc.constantFrom(1, 2),
    needle: fc.constantFrom(...NEEDLES),
    status: fc.constantFrom(undefined, ...JOB_STATUSES),
  }),
);

describe('search views (store.matching)', () => {
  it('always equal a full scan, under inserts, changes of title, status and publish date, deletes, auto-refresh and eviction', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 300 }), (ops) => {
        const clock = createClock();
        clock.set('2025-01-01T00:00:00Z');
        const store = new JobsStore(clock, EMPLOYERS);
        for (const o of ops) {
          const live = store.allEntries();
          if (o.kind === 'insert') {
            store.insert(job(store.allocateId(), o.employer, o.title, o.status, clock.now() - o.age * 60_000));
          } else if (o.kind === 'clock') {
            clock.advance(o.days * 24 * 3600 * 1000);
          } else if (o.kind === 'query') {
            expect([...store.matching(o.employer, o.needle, o.status)].map((e) => e.id)).toEqual(
              scan(store, o.employer, o.needle, o.status),
            );
            expect(store.matching(o.employer, o.needle, o.status).size).toBe(scan(store, o.employer, o.needle, o.status).length);
          } else if (live.length > 0) {
            const entry = live[o.pick % live.length]!;
            if (o.kind === 'delete') store.remove(entry);
            else if (o.kind === 'title') store.replace(entry, { ...entry.job, title: o.title });
            else if (o.kind === 'status') store.replace(entry, { ...entry.job, status: o.status });
            else store.replace(entry, { ...entry.job, publishDate: clock.now() });
          }
        }
        for (const employer of [1, 2]) {
          for (const needle of NEEDLES)
            expect([...store.matching(employer, needle)].map((e) => e.id)).toEqual(scan(store, employer, needle, undefined));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('keeps a view up to date instead of rebuilding it: a page of a broad search after a change costs no scan', () => {
    const clock = createClock();
    clock.set('2025-01-01T00:00:00Z');
    const store = new JobsStore(clock, EMPLOYERS);
    for (let i = 0; i < 3000; i++) store.insert(job(store.allocateId(), 1, TITLES[i % TITLES.length]!, 'active', clock.now() - i));
    const view = store.matching(1, 'welder');
    expect(view.size).toBe(500);
    const added = store.insert(job(store.allocateId(), 1, 'Senior welder', 'draft', clock.now() + 1));
    // Same index object, now holding the new job first: it was updated, not rebuilt.
    expect(store.matching(1, 'welder')).toBe(view);
    expect(view.slice(0, 1)[0]).toBe(added);
    expect(store.matching(1, 'welder', 'draft').size).toBe(1);
    clock.advance(AUTO_REFRESH_MS);
    expect(store.matching(1, 'welder')).toBe(view);
  });

  it(`forgets the least recently used needle beyond ${SEARCH_VIEWS_KEPT}`, () => {
    const store = new JobsStore(createClock(), EMPLOYERS);
    store.insert(job(store.allocateId(), 1, 'Welder', 'active', 0));
    const first = store.matching(1, 'wel');
    for (let i = 0; i < SEARCH_VIEWS_KEPT - 1; i++) store.matching(1, `needle ${i}`);
    expect(store.matching(1, 'wel')).toBe(first); // used again: now the most recent
    for (let i = 0; i < SEARCH_VIEWS_KEPT - 1; i++) store.matching(1, `other ${i}`);
    expect(store.matching(1, 'wel')).toBe(first);
    for (let i = 0; i < SEARCH_VIEWS_KEPT; i++) store.matching(1, `third ${i}`);
    expect(store.matching(1, 'wel')).not.toBe(first);
    expect(store.matching(1, 'wel').size).toBe(1);
  });
});
