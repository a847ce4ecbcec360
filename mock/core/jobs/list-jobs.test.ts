import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiState } from './api-state.js';
import { MockCore } from '../mock-core.js';
import { SEARCH_INDEX_MIN_JOBS } from '../../store/job-index.js';
import { compareListOrder, compareListOrderIdsAscending } from '../../store/ordered-index.js';
import { searchMatchOf } from '../../store/search-views.js';
import { listJobs } from './list-jobs.js';

const WORDS = ['Welder', 'Nurse', 'Cook', 'Ébéniste', 'Driver'];

function body(i: number, status: string) {
  return {
    referenceId: `ref-${String(i).padStart(5, '0')}`,
    title: `${WORDS[i % WORDS.length]} ${i}`,
    status,
    locations: [{ description: 'Toronto, ON' }],
    categories: [{ id: 1 }],
    positionType: { id: 1 },
    description: '<p>x</p>',
    applicantRoutingType: { id: 1 },
    applicationEmail: 'jobs@example.com',
  };
}

/** What spec 4.5 asks (with the choices q.match and order.ties), written out plainly: filter every job, sort, page. */
function expected(core: MockCore, q: string, status: string | undefined, page: number, pageSize: number) {
  const needle = q.toLowerCase();
  const match = searchMatchOf(core.choices['q.match']);
  const all = [...core.store.ordered(101)].filter(
    (e) =>
      (status === undefined || e.job.status === status) && match(`${e.job.title}\u0000${e.job.referenceId ?? ''}`.toLowerCase(), needle),
  );
  all.sort(core.choices['order.ties'] === 'id-asc' ? compareListOrderIdsAscending : compareListOrder);
  return { total: all.length, ids: all.slice((page - 1) * pageSize, page * pageSize).map((e) => e.id) };
}

describe.each([
  ['reference choices', {}],
  ['q.match=word-prefix, order.ties=id-asc', { 'q.match': 'word-prefix', 'order.ties': 'id-asc' }],
  ['q.match=word', { 'q.match': 'word' }],
])('listJobs with q on a large employer (trigram index), %s', (_name, choices) => {
  it('gives exactly the filtered, ordered page a full scan gives, also after updates and deletes', () => {
    const core = new MockCore({ choices });
    const n = SEARCH_INDEX_MIN_JOBS + 500;
    const statuses = ['active', 'draft', 'archived'];
    const created = core.seedJobs(
      101,
      Array.from({ length: n }, (_, i) => ({
        ...body(i, statuses[i % 3]!),
        publishDate: new Date(Date.UTC(2024, 0, 1) + ((i * 7919) % 300) * 60_000).toISOString(),
      })), // five jobs per minute: ties
    );
    const store = core.store;
    const state = new ApiState(store);
    state.setChoices(core.choices);
    const query = fc.record({
      q: fc.oneof(
        fc.constantFrom('weld', 'WELDER 1', 'ref-0', 'ref-01234', 'ébé', 'ÉBÉNISTE 1', 'zzz', '1\u00000', 'er 12'),
        fc.string({ maxLength: 5 }),
      ),
      status: fc.constantFrom(undefined, 'active', 'draft', 'archived'),
      page: fc.integer({ min: 1, max: 5 }),
      pageSize: fc.constantFrom(1, 10, 100),
    });
    const change = fc.record({ pick: fc.nat(), kind: fc.constantFrom('title', 'reference', 'delete') });
    fc.assert(
      fc.property(fc.array(change, { maxLength: 5 }), fc.array(query, { minLength: 1, maxLength: 5 }), (changes, queries) => {
        for (const c of changes) {
          const live = store.allEntries().filter((e) => e.job.employerId === 101);
          const entry = live[c.pick % live.length]!;
          if (c.kind === 'delete') store.remove(entry);
          else if (c.kind === 'title') store.replace(entry, { ...entry.job, title: `Nurse welder ${c.pick}` });
          else store.replace(entry, { ...entry.job, referenceId: `moved-${entry.id}-${c.pick}` });
        }
        for (const { q, status, page, pageSize } of queries) {
          const params = new URLSearchParams({ q, page: String(page), pageSize: String(pageSize) });
          if (status) params.set('status', status);
          const res = listJobs(state, 101, params, 'http://x');
          if (res.status !== 200) continue; // an empty q or the like is validated elsewhere
          const got = JSON.parse(String(res.body)) as { data: Array<{ id: number }>; paging: { total: number } };
          const want = q === '' ? undefined : expected(core, q, status, page, pageSize);
          if (!want) continue;
          expect({ total: got.paging.total, ids: got.data.map((d) => d.id) }).toEqual(want);
        }
      }),
      { numRuns: 60 },
    );
    expect(created.length).toBe(n);
  });
});
