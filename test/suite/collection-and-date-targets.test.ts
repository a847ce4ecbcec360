/**
 * No over-reach where the spec leaves a form open in the values a job comes back with: each target below
 * answers in a form the spec allows and the reference mock does not use, and the rules that read those
 * values pass it.
 * - Array order: spec 2.1 types `locations` and `categories` as arrays and states no order. This target
 *   answers POST and PUT in the order sent, and GET and the list by id.
 * - The end of the local day: a closeDate sent as `2026-12-09` comes back `2026-12-09T23:59:59-05:00`,
 *   whose written date is the date sent (2.1 "Date, ISO 8601"; a date names no zone).
 * - A location record per job: a server may store each job's places as its own records (2.2: a valid
 *   Canadian place outside the list "is accepted"), so one place has another id in another job.
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { isItem, mockOptions, rewriteJobs, type JsonObject, type Variant } from '../mutants/kit.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };
/** Each run takes seconds: one seed each, the three at once. */
const SEEDS = [1];
/**
 * The rules that read a job's locations, categories and closeDate back. Not jobs.limits.salary-four-decimals:
 * these targets parse and rewrite each answer (rewriteJobs), and `1.5000` comes back `1.5`.
 */
const READING_RULES = [
  'jobs.create.*',
  'jobs.put-create.*',
  'jobs.roundtrip.*',
  'jobs.update.*',
  'jobs.lifecycle.*',
  'jobs.list.*',
  'jobs.model.*',
];

const byId = (a: unknown, b: unknown): number => Number((a as JsonObject)?.id) - Number((b as JsonObject)?.id);

const idOrderOnReads: Variant = {
  transform: rewriteJobs((job, header, req) => {
    if (req.method !== 'GET' || !(header || isItem(req))) return;
    if (Array.isArray(job.locations)) job.locations = [...(job.locations as unknown[])].sort(byId);
    if (Array.isArray(job.categories)) job.categories = [...(job.categories as unknown[])].sort(byId);
  }),
};

const endOfLocalDay: Variant = {
  transform: rewriteJobs((job) => {
    if (typeof job.closeDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(job.closeDate)) job.closeDate = `${job.closeDate}T23:59:59-05:00`;
  }),
};

/** Location ids of the job's own: 10 per job, from its id (the same on every read of one job). */
const locationRecordPerJob: Variant = {
  transform: rewriteJobs((job) => {
    const id = job.id;
    if (!Array.isArray(job.locations) || typeof id !== 'number') return;
    job.locations = (job.locations as JsonObject[]).map((location, index) => ({ ...location, id: 1_000_000 + id * 10 + index }));
  }),
};

function notPassed(report: ConformanceReport): string[] {
  return report.rules
    .filter((rule) => rule.status === 'failed' || rule.status === 'warning' || rule.status === 'error')
    .map(
      (rule) => `${rule.id} ${rule.status}: ${rule.mismatches[0]?.title ?? rule.errorMessage ?? ''} ${rule.mismatches[0]?.received ?? ''}`,
    );
}

// `return await`: the mock must stay up until the run ends.
async function run(variant: Variant, seed: number): Promise<ConformanceReport> {
  await using mock = await createMockServer(mockOptions(variant));
  return await runConformance({ baseUrl: mock.url, ...KEYS, seed, only: READING_RULES });
}

describe.concurrent('targets that answer collections and dates in another legal form', () => {
  it.each(SEEDS)(
    'a server answering POST in the order sent and GET by id passes (seed %i; 2.1 states no order)',
    async (seed) => {
      const report = await run(idOrderOnReads, seed);
      expect(notPassed(report), `seed ${seed}`).toEqual([]);
      const orders = report.observations.filter((o) => o.topic === 'array-order').map((o) => o.observed);
      expect(
        orders.some((observed) => /GET by id/.test(observed)),
        orders.join('\n'),
      ).toBe(true);
    },
    120_000,
  );

  it.each(SEEDS)(
    'a server writing a date sent as the end of that day at -05:00 passes (seed %i)',
    async (seed) => {
      expect(notPassed(await run(endOfLocalDay, seed)), `seed ${seed}`).toEqual([]);
    },
    120_000,
  );

  it.each(SEEDS)(
    'a server giving each job its own location records passes (seed %i; places compared, not ids)',
    async (seed) => {
      expect(notPassed(await run(locationRecordPerJob, seed)), `seed ${seed}`).toEqual([]);
    },
    120_000,
  );
});
