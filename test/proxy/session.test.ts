/**
 * The proxy judges a scripted client session: against
 * the mock it finds nothing; against broken variants of the mock (registered
 * mutants, or one built with the toolkit) it finds what each breaks, on the
 * server side; a client that breaks the spec is found on the client side.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/testing.js';
import { runProxy, type ProxyServer } from '../../proxy/run-proxy.js';
import type { Finding } from '../../proxy/checks/findings.js';
import { createJudge } from '../../proxy/judge/judge-thread.js';
import {
  isItem,
  isList,
  isListBody,
  jsonResponse,
  mockOptions,
  mutantNamed,
  responseJson,
  rewriteResponse,
  withResponseJson,
  type Transform,
  type Variant,
} from '../mutants/kit.js';
import { runClientSession, type SessionOptions } from './client-session.js';

let mock: MockServer | undefined;
let proxy: ProxyServer | undefined;

afterEach(async () => {
  await proxy?.close();
  await mock?.close();
  proxy = undefined;
  mock = undefined;
});

async function session(
  variant?: Variant,
  options?: SessionOptions,
  profile?: { profile: string; profileSeed?: number },
): Promise<Finding[]> {
  mock = await createMockServer({ ...mockOptions(variant), ...profile });
  proxy = await runProxy({ target: mock.url });
  await runClientSession(proxy.url, options);
  await proxy.settled();
  return [...proxy.findings()];
}

const rulesOf = (findings: readonly Finding[], side?: 'client' | 'server'): string[] =>
  [...new Set(findings.filter((f) => !side || f.side === side).map((f) => f.ruleId))].sort();

/** A server that answers a job's second GET from a cache filled by the first: reads go stale after an update. */
const staleReads: Transform = (next) => {
  const cache = new Map<string, ReturnType<typeof jsonResponse>>();
  return async (req) => {
    if (req.method !== 'GET' || !isItem(req)) return next(req);
    const cached = cache.get(req.path);
    if (cached) return cached;
    const res = await next(req);
    const job = responseJson(res);
    if (res.status === 200 && job) cache.set(req.path, jsonResponse(200, job));
    return res;
  };
};

/** A server whose lists leave out one job (and count it out of the total, so each page is consistent with itself). */
const hidesAJob: Transform = rewriteResponse(isList, (res) => {
  const body = responseJson(res);
  if (res.status !== 200 || !isListBody(body)) return res;
  const data = body.data.filter((job) => job.referenceId !== 'session-b');
  const hidden = body.data.length - data.length;
  return withResponseJson(res, { ...body, data, paging: { ...body.paging, total: (body.paging.total as number) - hidden } });
});

describe('a scripted client session through the proxy', () => {
  it('against the mock: 0 findings', async () => {
    const findings = await session();
    expect(findings.map((f) => `${f.ruleId}: ${f.title} / ${f.received}`)).toEqual([]);
    const report = await proxy!.report();
    expect(report.verdict).toBe('passed');
    expect(report.proxy?.exchanges).toBeGreaterThan(30);
    expect(report.rules.map((rule) => rule.id)).toEqual(
      expect.arrayContaining([
        'jobs.update.keeps-other-fields',
        'jobs.lifecycle.deleted-unlisted',
        'jobs.lifecycle.deleted-put-404',
        'jobs.lifecycle.deleted-delete-404',
        'jobs.list.all-statuses',
        'jobs.paging.total',
        'jobs.update.response-matches-get',
      ]),
    );
  });

  // Every form the spec leaves open (relative paging links, re-serialized HTML, date forms, PUT-create codes...) passes.
  it.each([{ profile: 'alt' }, { profile: 'lenient' }, { profile: 'random', profileSeed: 1 }, { profile: 'random', profileSeed: 2 }])(
    'against the mock under the choice profile $profile $profileSeed: 0 findings',
    async (profile) => {
      const findings = await session(undefined, undefined, profile);
      expect(findings.map((f) => `${f.ruleId}: ${f.title} / ${f.received}`)).toEqual([]);
    },
  );

  it('against a server whose paging links are IRIs (letters beyond ASCII unencoded): 0 findings', async () => {
    const iriLinks: Transform = rewriteResponse(isList, (res) => {
      const body = responseJson(res);
      if (res.status !== 200 || !isListBody(body)) return res;
      const paging = { ...body.paging };
      for (const name of ['previous', 'next'] as const) if (typeof paging[name] === 'string') paging[name] = decodeURI(paging[name]);
      return withResponseJson(res, { ...body, paging });
    });
    const findings = await session({ transform: iriLinks });
    expect(findings.map((f) => `${f.ruleId}: ${f.title} / ${f.received}`)).toEqual([]);
  });

  it.each([
    ['stale GET after an update', { transform: staleReads }, ['jobs.update.response-matches-get']],
    [
      'deleted job still listed (and readable)',
      mutantNamed('lifecycle-delete-by-reference-ignored'),
      ['jobs.lifecycle.deleted-unlisted', 'jobs.lifecycle.deleted-get-404', 'jobs.lifecycle.deleted-put-404'],
    ],
    ['update changing a field it did not send', mutantNamed('update-clears-salary-not-sent'), ['jobs.update.keeps-other-fields']],
    ['wrong paging total', mutantNamed('paging-total-counts-the-page'), ['jobs.paging.total']],
    ['a 201 whose body is not a Job', mutantNamed('create-answers-non-job-body'), ['jobs.create.status-201']],
    ["another employer's jobs in the list", mutantNamed('list-shows-other-employer-jobs'), ['jobs.isolation.list']],
    ['a list that misses a job it created', { transform: hidesAJob }, ['jobs.list.all-statuses', 'jobs.paging.total']],
  ])('%s', async (_name, variant, rules) => {
    const findings = await session(variant);
    expect(rulesOf(findings, 'server')).toEqual(expect.arrayContaining(rules));
    expect(rulesOf(findings, 'client')).toEqual([]);
  });

  it('finds the client sending a <script> description and a body without Content-Type', async () => {
    const findings = await session(undefined, { scriptDescription: true, bodyWithoutContentType: true });
    expect(rulesOf(findings, 'client')).toEqual(['proxy.client.content-type', 'proxy.client.html']);
    expect(rulesOf(findings, 'server')).toEqual([]);
  });

  it('judged on a worker thread by default from the sources too, and inline on request: the same findings', async () => {
    const target = new URL('http://127.0.0.1:1');
    const judges = [
      await createJudge({ target, targetText: target.href }),
      await createJudge({ target, targetText: target.href, thread: 'inline' }),
    ];
    expect(judges.map((judge) => judge.thread)).toEqual(['worker', 'inline']);
    await Promise.all(judges.map((judge) => judge.close()));
    mock = await createMockServer(mockOptions(mutantNamed('update-clears-salary-not-sent')));
    proxy = await runProxy({ target: mock.url, judgeIn: 'inline' });
    await runClientSession(proxy.url);
    const report = await proxy.report();
    expect(report.rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id)).toEqual(['jobs.update.keeps-other-fields']);
    expect(rulesOf(proxy.findings())).toEqual(['jobs.update.keeps-other-fields']);
  });

  it('judged on a worker thread, as the built package does: the same findings', async () => {
    // dist/ (npm test builds first) has the worker's compiled file, so its runProxy judges on a worker thread.
    const built = await import('../../dist/proxy/index.js');
    for (const [variant, rules] of [
      [undefined, []],
      [mutantNamed('update-clears-salary-not-sent'), ['jobs.update.keeps-other-fields']],
    ] as const) {
      mock = await createMockServer(mockOptions(variant));
      proxy = await built.runProxy({ target: mock.url });
      await runClientSession(proxy.url);
      const report = await proxy.report();
      expect(report.rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id)).toEqual(rules);
      expect(rulesOf(proxy.findings())).toEqual(rules);
      await proxy.close();
      await mock.close();
    }
  });
});
