/**
 * The suite is safe on a real server: jobs that existed before the run (of
 * both employers, in every status, some with referenceIds that look like a
 * run tag) are byte-for-byte the same afterwards, and the run leaves nothing
 * behind: the mock's state equals the state before the run.
 */
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/index.js';
import type { Job } from '../../schemas/types.gen.js';
import { jobCreateArb } from '../../suites/arbitraries/job.js';
import { itemIds } from '../../suites/target/reference-list.js';
import { runConformance } from '../../suites/engine/run-conformance.js';

const KEYS = ['demo-key-1', 'demo-key-2'] as const;

let mock: MockServer;

async function getJson(path: string, key: string): Promise<{ status: number; text: string }> {
  const res = await fetch(`${mock.url}/api/v1.1${path}`, { headers: { 'API-Key': key } });
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  mock = await createMockServer({ port: 0 });
});

afterAll(async () => {
  await mock.close();
});

/** What must not change: the jobs, employers and faults (not the clock). */
function state() {
  const { jobs, employers, faults } = mock.core.snapshot();
  return { jobs, employers, faults };
}

describe('jobs that existed before the run', () => {
  it('are untouched, and the run leaves the target as it found it', async () => {
    const lists = await Promise.all(
      ['/positiontypes', '/categories'].map(async (path) => JSON.parse((await getJson(path, KEYS[0])).text) as unknown),
    );
    const refs = {
      positionTypeIds: itemIds((lists[0] as { data: unknown[] }).data),
      categoryIds: itemIds((lists[1] as { data: unknown[] }).data),
    };
    const seeded: Array<{ key: string; job: Job }> = [];
    for (const [i, key] of KEYS.entries()) {
      // Tag-like prefixes on purpose: only the run's own random tag may be touched.
      const bodies = fc.sample(jobCreateArb(refs, 'jc000000-', { withStatus: true }), { seed: 11 + i, numRuns: 6 });
      const withRefs = bodies.map((body, n) => (n === 0 ? body : { ...body, referenceId: `jc000000-k${n}-0` }));
      for (const job of mock.core.seedJobs(key, withRefs)) seeded.push({ key, job });
    }
    expect(seeded).toHaveLength(12);
    const before = state();
    const texts = await Promise.all(seeded.map(({ key, job }) => getJson(`/jobs/${job.id}`, key)));
    for (const text of texts) expect(text.status).toBe(200);

    const report = await runConformance({ baseUrl: mock.url, apiKey: KEYS[0], secondApiKey: KEYS[1], seed: 77, runs: 3 });

    expect(report.summary.mismatches).toBe(0);
    expect(report.cleanup.leftover).toEqual([]);
    const after = await Promise.all(seeded.map(({ key, job }) => getJson(`/jobs/${job.id}`, key)));
    expect(after).toEqual(texts);
    expect(state()).toEqual(before);
  }, 120_000);
});
