/**
 * The q probe before the rules (suites/target/q-scope.ts): it records how the
 * target's q matches, leaves nothing behind, and stops the run with a clear
 * reason when q cannot find the suite's jobs by the whole word the lists use
 * (a job listed in another form is found, and a job the list leaves out without
 * q too, a q that misses only the newest job, one that finds the jobs beside a
 * filter of their status only, one that misses the jobs of one status only, or one
 * that misses a match at the start of a field, is no fault of the scoping: the list
 * rules report them).
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import { SuiteError } from '../../suites/contract/errors.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import {
  answerInstead,
  isList,
  jsonResponse,
  mockOptions,
  reshapeRequest,
  responseJson,
  rewriteResponse,
  withResponseJson,
  type Transform,
} from '../mutants/kit.js';
import { mutants } from '../mutants/index.js';

const KEYS = { apiKey: 'demo-key-1' };
const ONLY = 'jobs.reference.position-types';

async function qObservations(choices: Record<string, string>): Promise<string[]> {
  await using mock = await createMockServer({ port: 0, choices });
  const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: 5, only: ONLY });
  expect(mock.core.snapshot().jobs).toEqual([]);
  return report.observations.filter((o) => o.topic === 'q.match').map((o) => o.observed);
}

/** The run against a mock broken by `transform` goes on past the probe: no q form recorded, `only` failed, nothing left. */
async function expectRunGoesOn(transform: Transform, only: string): Promise<void> {
  await using mock = await createMockServer(mockOptions({ transform }));
  const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: 5, only });
  expect(report.observations.filter((o) => o.topic === 'q.match')).toEqual([]);
  expect(report.rules.map((rule) => [rule.id, rule.status])).toEqual([[only, 'failed']]);
  expect(mock.core.snapshot().jobs).toEqual([]);
}

describe('the q probe', () => {
  it('records substring matching', async () => {
    expect(await qObservations({ 'q.match': 'substring' })).toEqual(['substring of the title or referenceId']);
  });

  it('records prefix-only matching, and the run goes on', async () => {
    expect(await qObservations({ 'q.match': 'word-prefix' })).toEqual(['prefix (of the title, a word of it, or the referenceId) only']);
  });

  it('records whole-word matching (words end at white space only), and the run goes on', async () => {
    expect(await qObservations({ 'q.match': 'word' })).toEqual(['whole word (of the title, or the whole referenceId) only']);
  });

  it('stops the run (DISCOVERY_FAILED) when q finds nothing by a whole word, and deletes its job', async () => {
    // A q that matches whole titles only: the suite cannot scope its lists on it.
    const wholeTitlesOnly = reshapeRequest(
      (req) => isList(req) && req.query.has('q'),
      (req) => {
        const query = new URLSearchParams(req.query);
        query.set('q', `${req.query.get('q')}\u0000no such title`);
        return { ...req, query };
      },
    );
    await using mock = await createMockServer(mockOptions({ transform: wholeTitlesOnly }));
    const run = runConformance({ baseUrl: mock.url, ...KEYS, seed: 5, only: ONLY });
    await expect(run).rejects.toBeInstanceOf(SuiteError);
    await expect(run).rejects.toMatchObject({ code: 'DISCOVERY_FAILED' });
    expect(mock.core.snapshot().jobs).toEqual([]);
  });

  it('lets the run go on when q finds the job but the list writes it another way (its id as text): the list rules report that', async () => {
    const idsAsText = rewriteResponse(isList, (res) => {
      const body = responseJson(res) as { data?: Array<Record<string, unknown>> } | undefined;
      for (const item of body?.data ?? []) item.id = String(item.id);
      return body ? withResponseJson(res, body) : res;
    });
    await using mock = await createMockServer(mockOptions({ transform: idsAsText }));
    const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: 5, only: 'jobs.list.header-fields' });
    expect(report.observations.filter((o) => o.topic === 'q.match')).toEqual([]);
    expect(report.rules.map((rule) => [rule.id, rule.status])).toEqual([['jobs.list.header-fields', 'failed']]);
    expect(mock.core.snapshot().jobs).toEqual([]);
  });

  it('lets the run go on when the list leaves the job out without q too: the list rules report that, not the probe', async () => {
    const dropsEveryItem = rewriteResponse(isList, (res) => {
      const body = responseJson(res) as { data?: unknown[] } | undefined;
      return body ? withResponseJson(res, { ...body, data: [] }) : res;
    });
    await using mock = await createMockServer(mockOptions({ transform: dropsEveryItem }));
    const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: 5, only: 'jobs.list.after-writes' });
    expect(report.observations.filter((o) => o.topic === 'q.match')).toEqual([]);
    expect(report.rules.map((rule) => [rule.id, rule.status])).toEqual([['jobs.list.after-writes', 'failed']]);
    expect(mock.core.snapshot().jobs).toEqual([]);
  });

  it('lets the run go on when q misses only the newest job: a second probe job tells it from a q that finds none', async () => {
    // A search index fed by each write with the job before it: q never lists the newest job.
    let newest = 0;
    const missesNewest: Transform = (next) => async (req) => {
      const res = await next(req);
      const body = responseJson(res) as { id?: unknown; data?: Array<{ id?: unknown }> } | undefined;
      if (req.method === 'POST' && res.status === 201 && typeof body?.id === 'number') newest = Math.max(newest, body.id);
      if (!isList(req) || !req.query.has('q') || !Array.isArray(body?.data)) return res;
      return withResponseJson(res, { ...body, data: body.data.filter((item) => item.id !== newest) });
    };
    await using mock = await createMockServer(mockOptions({ transform: missesNewest }));
    const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: 5, only: 'jobs.list.q-title' });
    expect(report.observations.filter((o) => o.topic === 'q.match')).toHaveLength(1);
    expect(report.rules.map((rule) => [rule.id, rule.status])).toEqual([['jobs.list.q-title', 'failed']]);
    expect(mock.core.snapshot().jobs).toEqual([]);
  });

  it('lets the run go on when q finds the jobs beside a filter of their status only: the list rules report the list without it', async () => {
    // A search that, without a status filter, lists the active jobs only: the probe's jobs are drafts.
    const activeOnlyWithoutFilter = reshapeRequest(
      (req) => isList(req) && req.query.has('q') && !req.query.has('status'),
      (req) => {
        const query = new URLSearchParams(req.query);
        query.set('status', 'active');
        return { ...req, query };
      },
    );
    await expectRunGoesOn(activeOnlyWithoutFilter, 'jobs.list.all-statuses');
  });

  it('lets the run go on when q misses the jobs of one status only (drafts): a probe job made in another status tells it', async () => {
    // A search index fed only when a job is published: q never finds a draft, with a status filter or without.
    const qMissesDrafts: Transform = (next) => async (req) => {
      const res = await next(req);
      const body = responseJson(res) as { data?: Array<{ status?: unknown }> } | undefined;
      if (!isList(req) || !req.query.has('q') || !Array.isArray(body?.data)) return res;
      return withResponseJson(res, { ...body, data: body.data.filter((item) => item.status !== 'draft') });
    };
    await expectRunGoesOn(qMissesDrafts, 'jobs.list.all-statuses');
  });

  it('lets the run go on when q misses a match at the start of a title or referenceId: a probe job the word does not start tells it', async () => {
    // A search that takes a match at position 0 for none (PHP's stripos read as a boolean): the proof mutant's.
    const missesAtStart = mutants.find((mutant) => mutant.name === 'list-q-misses-match-at-start')!.transform;
    await expectRunGoesOn(missesAtStart, 'jobs.list.q-title');
  });

  it('names the status when the list by q is refused, and lists by q alone (a pageSize is for the rules that own it)', async () => {
    const refusesPageSize = answerInstead(
      (req) => isList(req) && req.query.has('q') && req.query.has('pageSize'),
      () => jsonResponse(400, { message: 'pageSize' }),
    );
    const refusesQ = answerInstead(
      (req) => isList(req) && req.query.has('q'),
      () => jsonResponse(400, { message: 'q' }),
    );
    await using plain = await createMockServer(mockOptions({ transform: refusesPageSize }));
    const report = await runConformance({ baseUrl: plain.url, ...KEYS, seed: 5, only: ONLY });
    expect(report.observations.filter((o) => o.topic === 'q.match')).toHaveLength(1);
    await using refusing = await createMockServer(mockOptions({ transform: refusesQ }));
    const run = runConformance({ baseUrl: refusing.url, ...KEYS, seed: 5, only: ONLY });
    await expect(run).rejects.toMatchObject({ code: 'DISCOVERY_FAILED', message: expect.stringContaining('answers 400') });
  });
});
