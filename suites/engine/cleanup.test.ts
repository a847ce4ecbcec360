import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { CASE_DELETES_AT_ONCE, RunCleanup, isTagged } from './cleanup.js';
import { createAgent, createClient } from '../http/client.js';
import { CreatedJobs } from './created-jobs.js';
import { Redactor } from '../../reports/redactor.js';

const TAG = 'jcabcdef-';

interface Target {
  server: Server;
  root: string;
  deletes: string[];
  /** The most DELETEs the target held at once. */
  peakDeletes: number;
}

let target: Target | undefined;
const agent = createAgent(2_000, 8);

/** A loopback target: the list holds `listed`; DELETE answers `deleteStatus` (`delayMs` later), or never when 'hang'. */
async function start(listed: Array<Record<string, unknown>>, deleteStatus: number | 'hang', delayMs = 0): Promise<Target> {
  const deletes: string[] = [];
  let held = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      if (req.method === 'DELETE') {
        deletes.push(req.url ?? '');
        if (deleteStatus === 'hang') return;
        target!.peakDeletes = Math.max(target!.peakDeletes, ++held);
        setTimeout(() => {
          held--;
          const id = Number(/\/jobs\/(\d+)/.exec(req.url ?? '')?.[1]);
          if (deleteStatus === 204) listed.splice(listed.findIndex((job) => job.id === id) >>> 0, 1);
          res.writeHead(deleteStatus).end();
        }, delayMs);
        return;
      }
      if (req.method === 'GET' && req.url?.startsWith('/api/v1.1/jobs?')) {
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            data: listed,
            paging: { total: listed.length, page: 1, pages: 1, pageSize: 100, previous: null, next: null },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  target = { server, root: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1.1`, deletes, peakDeletes: 0 };
  return target;
}

afterAll(() => agent.close());

afterEach(async () => {
  if (!target) return;
  target.server.closeAllConnections();
  await new Promise<void>((done) => target!.server.close(() => done()));
  target = undefined;
});

function cleanupFor(t: Target, jobs: CreatedJobs, timeoutMs = 2_000, caseDeletesAtOnce?: number): RunCleanup {
  const client = createClient({
    apiRoot: t.root,
    apiKey: 'k',
    owner: 'primary',
    timeoutMs,
    redactor: new Redactor(['k']),
    dispatcher: agent,
  });
  return new RunCleanup({
    jobs,
    tag: TAG,
    clients: { primary: client },
    ...(caseDeletesAtOnce !== undefined ? { caseDeletesAtOnce } : {}),
  });
}

describe('isTagged', () => {
  it('is true only for the run tag at the start of the referenceId or inside the title', () => {
    expect(isTagged({ referenceId: `${TAG}k1-0` }, TAG)).toBe(true);
    expect(isTagged({ referenceId: null, title: `Welder ${TAG}k1-0` }, TAG)).toBe(true);
    expect(isTagged({ referenceId: `x-${TAG}`, title: 'Welder' }, TAG)).toBe(false);
    expect(isTagged({ referenceId: 'jcabcdeg-k1-0', title: 'jcabcde' }, TAG)).toBe(false);
  });
});

describe('RunCleanup', () => {
  it('deletes the tracked jobs and, from the final list, only the tagged ones', async () => {
    const listed = [
      { id: 1, referenceId: `${TAG}k1-0`, title: 't' },
      { id: 2, referenceId: 'someone-else', title: 'Welder' },
      { id: 3, referenceId: null, title: `Cook ${TAG}k2-0` },
    ];
    const t = await start(listed, 204);
    const jobs = new CreatedJobs();
    jobs.add({ id: 9, referenceId: `${TAG}k0-0`, owner: 'primary', caseId: 'c0' });
    const report = await cleanupFor(t, jobs).finish();
    expect(t.deletes.sort()).toEqual(['/api/v1.1/jobs/1', '/api/v1.1/jobs/3', '/api/v1.1/jobs/9']);
    expect(report).toEqual({ created: 3, deleted: 3, leftover: [] });
    expect(listed.map((job) => job.id)).toEqual([2]);
  });

  it('reports a refused delete as leftover with the answer', async () => {
    const t = await start([], 403);
    const jobs = new CreatedJobs();
    jobs.add({ id: 5, referenceId: `${TAG}k0-0`, owner: 'primary', caseId: 'c0' });
    const report = await cleanupFor(t, jobs).finish();
    expect(report.leftover).toEqual([{ id: 5, referenceId: `${TAG}k0-0`, reason: 'DELETE /api/v1.1/jobs/5 answered 403' }]);
  });

  it('stops trying after three deletes get no answer', async () => {
    const t = await start([], 'hang');
    const jobs = new CreatedJobs();
    for (let id = 1; id <= 5; id++) jobs.add({ id, referenceId: `${TAG}k0-${id}`, owner: 'primary', caseId: 'c0' });
    const report = await cleanupFor(t, jobs, 200).finish();
    expect(t.deletes).toHaveLength(3);
    expect(report.leftover.map((left) => left.reason)).toEqual(
      [
        ...Array.from({ length: 3 }, () => 'DELETE /api/v1.1/jobs/{id}: no response within 200 ms'),
        ...Array.from(
          { length: 2 },
          () => 'not attempted: the target stopped answering (DELETE /api/v1.1/jobs/3: no response within 200 ms)',
        ),
      ].map((reason, i) => reason.replace('{id}', String(i + 1))),
    );
  });

  it.each([
    [undefined, CASE_DELETES_AT_ONCE],
    [1, 1],
  ])("deletes a case's jobs a few at once (caseDeletesAtOnce %s: at most %i), and only that case's", async (atOnce, peak) => {
    // Each DELETE held 200 ms: long enough that the deletes overlap even on a loaded machine (20 ms did not, at load 20).
    const t = await start([], 204, 200);
    const jobs = new CreatedJobs();
    for (let id = 1; id <= 7; id++) jobs.add({ id, referenceId: `${TAG}k0-${id}`, owner: 'primary', caseId: 'c0' });
    jobs.add({ id: 8, referenceId: `${TAG}k1-0`, owner: 'primary', caseId: 'c1' });
    await cleanupFor(t, jobs, 2_000, atOnce).afterCase('c0');
    expect(t.deletes.sort()).toEqual([1, 2, 3, 4, 5, 6, 7].map((id) => `/api/v1.1/jobs/${id}`));
    expect(t.peakDeletes).toBe(peak);
    expect(jobs.pending().map((job) => job.id)).toEqual([8]);
  });
});
