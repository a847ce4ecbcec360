/**
 * The list matrix's combinations without q (jobs.list.status-filter, spec 4.5
 * "When omitted, no term filter") read the employer's other jobs on a real server: they must
 * never reach a report. Against a target whose unscoped list shows only the
 * jobs that were there before the run, the rule fails, and its mismatch, with
 * the exchanges it records, holds nothing of those jobs.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import { jobCreateArb } from '../../suites/arbitraries/job.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { isList, mockOptions } from '../mutants/kit.js';
import { relist } from '../mutants/support/relist.js';

const KEY = 'demo-key-1';
const REFS = { positionTypeIds: [1], categoryIds: [1] };
const SECRET = 'confidentialpreexisting';

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
});
