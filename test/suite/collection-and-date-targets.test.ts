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
 * The three choices are independent, and a server may make them all: one target makes the three at once, in one run
 * (a whole run costs seconds of CPU); the tests read that run, for its verdict and for the other order met.
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import {
  isItem,
  isJobsPath,
  mockOptions,
  rewriteJobs,
  rewriteResponseText,
  type JsonObject,
  type Transform,
  type Variant,
} from '../mutants/kit.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };
const SEED = 1;
/** The rules that read a job's locations, categories and closeDate back. */
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

const idOrderOnReads: Transform = rewriteJobs((job, header, req) => {
  if (req.method !== 'GET' || !(header || isItem(req))) return;
  if (Array.isArray(job.locations)) job.locations = [...(job.locations as unknown[])].sort(byId);
  if (Array.isArray(job.categories)) job.categories = [...(job.categories as unknown[])].sort(byId);
});

const endOfLocalDay: Transform = rewriteJobs((job) => {
  if (typeof job.closeDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(job.closeDate)) job.closeDate = `${job.closeDate}T23:59:59-05:00`;
});

/** Place ids at or above this are the mock's own for places outside its list (a hash up to the Int32 maximum). */
const OUTSIDE_LIST_IDS = 100_000;

/**
 * Location ids of the job's own, from its id and the place's id in the mock's list (the same on every read of one job,
 * another in another job), in the order of the list's ids: the reads' order by id stays the same. Every id stays an
 * Int32: a place outside the list, whose id may be near the maximum, is halved into the ids from 10^9 on (above every
 * id of a listed place), plus the job's id modulo 1000.
 */
const locationRecordPerJob: Transform = rewriteJobs((job) => {
  const id = job.id;
  if (!Array.isArray(job.locations) || typeof id !== 'number') return;
  const recordId = (place: number): number =>
    place < OUTSIDE_LIST_IDS ? 1_000_000 + id * 10_000 + place : 1_000_000_000 + Math.floor((place - OUTSIDE_LIST_IDS) / 2) + (id % 1000);
  job.locations = (job.locations as JsonObject[]).map((location) => ({ ...location, id: recordId(Number(location.id)) }));
});

/**
 * The salary amount written with four places again (2.5), as the mock wrote it: rewriteJobs parses and writes each
 * answer anew, and `1.5000` would come back `1.5`.
 */
const amountInFourPlaces: Transform = rewriteResponseText(isJobsPath, (text) =>
  text.replace(/"amount":(-?\d+(?:\.\d+)?)(?=[,}])/g, (_match, amount: string) => `"amount":${Number(amount).toFixed(4)}`),
);

/** The three at once, each applied to the mock's own answer as it would be alone. */
const allThree: Variant = { transform: (next) => amountInFourPlaces(locationRecordPerJob(endOfLocalDay(idOrderOnReads(next)))) };

function notPassed(report: ConformanceReport): string[] {
  return report.rules
    .filter((rule) => rule.status === 'failed' || rule.status === 'warning' || rule.status === 'error')
    .map(
      (rule) => `${rule.id} ${rule.status}: ${rule.mismatches[0]?.title ?? rule.errorMessage ?? ''} ${rule.mismatches[0]?.received ?? ''}`,
    );
}

let run: Promise<ConformanceReport> | undefined;
/** The one run of the target making all three choices, started by the first test that reads it. */
function report(): Promise<ConformanceReport> {
  run ??= (async () => {
    // `return await`: the mock must stay up until the run ends.
    await using mock = await createMockServer(mockOptions(allThree));
    return await runConformance({ baseUrl: mock.url, ...KEYS, seed: SEED, only: READING_RULES });
  })();
  return run;
}

describe('a target answering collections, dates and places in other legal forms, all three at once', () => {
  it(`passes every rule that reads them (seed ${SEED}): arrays in another order, a date as its day's end at -05:00, own place ids`, async () => {
    expect(notPassed(await report())).toEqual([]);
  }, 120_000);

  it('was seen answering in another order: the run observed arrays in id order on GET by id (2.1 states no order)', async () => {
    const orders = (await report()).observations.filter((o) => o.topic === 'array-order').map((o) => o.observed);
    expect(
      orders.some((observed) => /GET by id/.test(observed)),
      orders.join('\n'),
    ).toBe(true);
  }, 120_000);
});
