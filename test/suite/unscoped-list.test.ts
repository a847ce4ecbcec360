/**
 * The list matrix's combinations without q (jobs.list.status-filter, spec 4.5
 * "When omitted, no term filter") read the employer's other jobs on a real server: they must
 * never reach a report. Against a target whose unscoped list shows only the
 * jobs that were there before the run, the rule fails, and its mismatch, with
 * the exchanges it records, holds nothing of those jobs. And another client writing
 * the employer's jobs meanwhile (another shard, a user of a shared server) fails
 * none of the matrix rules: what moved is observed, not judged.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import { jobCreateArb } from '../../suites/arbitraries/job.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { isList, isPost, mockOptions, type Transform } from '../mutants/kit.js';
import type { MockCore } from '../../mock/index.js';
import { relist } from '../mutants/support/relist.js';

const KEY = 'demo-key-1';
const REFS = { positionTypeIds: [1], categoryIds: [1] };
const SECRET = 'confidentialpreexisting';
const MATRIX = ['jobs.list.sorted', 'jobs.list.status-filter', 'jobs.paging.total', 'jobs.paging.next-follows', 'jobs.isolation.list'];

describe('the list without q', () => {
  it('records nothing of the jobs that were there before the run, even in a failure', async () => {
    // Without q, the run's own jobs (their titles start with the run tag) are hidden: only the older jobs show.
    const othersOnly = relist(({ items, view }) =>
      view.q === undefined ? items.filter((item) => !String(item.title).startsWith('jc')) : items,
    );
    await using mock = await createMockServer(
      mockOptions({ transform: (next) => (req) => (isList(req) ? othersOnly(next)(req) : next(req)) }),
    );
    const bodies = fc
      .sample(jobCreateArb(REFS, SECRET), { seed: 3, numRuns: 5 })
      .map((body, n) => ({ ...body, referenceId: `${SECRET}${n}` }));
    const seeded = mock.core.seedJobs(KEY, bodies);
    const report = await runConformance({ baseUrl: mock.url, apiKey: KEY, seed: 5, only: 'jobs.list.status-filter' });
    const rule = report.rules.find((r) => r.id === 'jobs.list.status-filter');
    expect(rule?.status).toBe('failed');
    expect(rule?.mismatches[0]?.exchanges.length).toBeGreaterThan(0);
    const text = JSON.stringify(report);
    expect(text).toContain('other jobs of the page');
    expect(text).not.toContain(SECRET);
    for (const job of seeded) expect(text).not.toContain(`"id":${job.id},`);
  });

  it("fails no matrix rule while another client writes the employer's jobs, and observes it", async () => {
    const bodies = fc.sample(jobCreateArb(REFS, SECRET), { seed: 4, numRuns: 200 });
    const statuses = ['active', 'archived', 'draft'] as const;
    let written = 0;
    // Beside every third creation and every fifth list, another client adds a job of the same employer.
    const write = (core: MockCore): void => {
      const body = bodies[written % bodies.length]!;
      core.seedJobs(KEY, [{ ...body, referenceId: `${SECRET}w${written}`, status: statuses[written % 3] }]);
      written++;
    };
    // The mock's state, once it is started: what the other client writes through.
    const other: { core?: MockCore } = {};
    let seen = 0;
    const writer = mockOptions({
      transform: (next) => async (req) => {
        const res = await next(req);
        if (req.headers['api-key'] === KEY && (isPost(req) || isList(req)) && ++seen % (isPost(req) ? 3 : 5) === 0) write(other.core!);
        return res;
      },
    });
    await using mock = await createMockServer(writer);
    other.core = mock.core;
    const report = await runConformance({ baseUrl: mock.url, apiKey: KEY, secondApiKey: 'demo-key-2', seed: 9, only: MATRIX.join(',') });
    for (const rule of report.rules) for (const m of rule.mismatches) console.log(rule.id, m.title, m.expected, m.received);
    console.log(`another client wrote ${written} jobs during the run (seed 9)`);
    expect(written).toBeGreaterThan(10);
    expect(report.rules.map((rule) => `${rule.id} ${rule.status}`)).toEqual(MATRIX.map((id) => `${id} passed`));
    expect(report.observations.some((o) => o.topic === 'list.employer-jobs-moved')).toBe(true);
  }, 120_000);

  it("fails no matrix rule while another client's job lives only as long as a list is answered", async () => {
    const other: { core?: MockCore } = {};
    const [body] = fc.sample(jobCreateArb(REFS, SECRET), { seed: 5, numRuns: 1 });
    let lists = 0;
    let fleeting = 0;
    const transform: Transform = (next) => async (req) => {
      // Every third list without q (totals read with pageSize=1 aside): the totals read either side do not move.
      const unscoped = isList(req) && !req.query.get('q') && req.query.get('pageSize') !== '1';
      if (req.headers['api-key'] !== KEY || !unscoped || ++lists % 3 !== 0) return next(req);
      const [job] = other.core!.seedJobs(KEY, [{ ...body!, referenceId: `${SECRET}f${lists}` }]);
      const res = await next(req);
      const gone = await next({ ...req, method: 'DELETE', path: `${req.path}/${job!.id}`, query: new URLSearchParams() });
      if (gone.status === 204) fleeting++;
      return res;
    };
    await using mock = await createMockServer(mockOptions({ transform }));
    other.core = mock.core;
    const report = await runConformance({ baseUrl: mock.url, apiKey: KEY, secondApiKey: 'demo-key-2', seed: 9, only: MATRIX.join(',') });
    for (const rule of report.rules) for (const m of rule.mismatches) console.log(rule.id, m.title, m.expected, m.received);
    console.log(`another client's job lived through ${fleeting} lists (seed 9)`);
    expect(fleeting).toBeGreaterThan(10);
    expect(report.rules.map((rule) => `${rule.id} ${rule.status}`)).toEqual(MATRIX.map((id) => `${id} passed`));
  }, 120_000);

  it("fails no refused write's count while another client's job lives only through the total read after them", async () => {
    const other: { core?: MockCore } = {};
    const [body] = fc.sample(jobCreateArb(REFS, SECRET), { seed: 6, numRuns: 1 });
    const SECOND = 'demo-key-2';
    let totalReads = 0;
    const transform: Transform = (next) => async (req) => {
      // The second employer's total without a filter, read the second time (the first reading after the refused writes).
      const total = isList(req) && !req.query.get('q') && !req.query.get('status') && req.query.get('pageSize') === '1';
      if (req.headers['api-key'] !== SECOND || !total || ++totalReads !== 2) return next(req);
      const [job] = other.core!.seedJobs(SECOND, [{ ...body!, referenceId: `${SECRET}t` }]);
      const res = await next(req);
      await next({ ...req, method: 'DELETE', path: `${req.path}/${job!.id}`, query: new URLSearchParams() });
      return res;
    };
    await using mock = await createMockServer(mockOptions({ transform }));
    other.core = mock.core;
    const only = 'jobs.paging.refused-writes-count-nothing';
    const report = await runConformance({ baseUrl: mock.url, apiKey: KEY, secondApiKey: SECOND, seed: 9, only });
    for (const rule of report.rules) for (const m of rule.mismatches) console.log(rule.id, m.title, m.received);
    expect(totalReads).toBeGreaterThanOrEqual(2);
    expect(report.rules.map((rule) => `${rule.id} ${rule.status}`)).toEqual([`${only} passed`]);
    expect(report.observations.some((o) => o.topic === 'list.employer-jobs-moved')).toBe(true);
  }, 60_000);
});
