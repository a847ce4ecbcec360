/**
 * @module In-process use: the mock's MSW handlers under setupServer
 * (msw/node), called with fetch (undici) as an integrator's test would.
 * No socket is opened. For scale it also times the core alone (no adapter,
 * no Fetch objects): the difference is what MSW and fetch cost.
 * argv[2]: JSON `{"seconds": 3}`. Ready message: `{results}`; then it exits.
 */
import { setupServer } from 'msw/node';
import { createHandlers, MockCore } from '../../dist/mock/index.js';
import { jobBody } from '../lib/job-bodies.mjs';

const { seconds = 3 } = JSON.parse(process.argv[2] ?? '{}');
const BASE = 'http://jobs.bench.test';
const core = new MockCore();
const ids = core
  .seedJobs(
    101,
    Array.from({ length: 1000 }, (_, i) => jobBody(i, { referenceId: `msw-${i}` })),
  )
  .map((j) => j.id);
const server = setupServer(...createHandlers({ baseUrl: BASE, core }));
server.listen({ onUnhandledRequest: 'error' });

const KEY = { 'api-key': 'demo-key-1' };
const JSON_KEY = { ...KEY, 'content-type': 'application/json' };
const postBody = JSON.stringify(jobBody(7));
let n = 0;
const ops = {
  'GET /jobs/{id}': () => ({ path: `/jobs/${ids[n++ % ids.length]}`, init: { headers: KEY }, expect: 200 }),
  'POST /jobs': () => ({ path: '/jobs', init: { method: 'POST', headers: JSON_KEY, body: postBody }, expect: 201 }),
  'PUT /jobs/{id} (title)': () => ({
    path: `/jobs/${ids[n++ % ids.length]}`,
    init: { method: 'PUT', headers: JSON_KEY, body: `{"title":"Updated ${n}"}` },
    expect: 200,
  }),
  'GET /jobs?pageSize=100': () => ({ path: '/jobs?pageSize=100', init: { headers: KEY }, expect: 200 }),
};

/** Requests per second with `concurrency` loops in flight for `seconds`. */
async function measure(make, concurrency, send) {
  const until = performance.now() + seconds * 1000;
  let done = 0;
  const loop = async () => {
    while (performance.now() < until) {
      const { path, init, expect } = make();
      const status = await send(path, init);
      if (status !== expect) throw new Error(`${init.method ?? 'GET'} ${path} answered ${status}, expected ${expect}`);
      done++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, loop));
  return done / ((performance.now() - started) / 1000);
}

const viaMsw = async (path, init) => {
  const res = await fetch(`${BASE}/api/v1.1${path}`, init);
  await res.arrayBuffer();
  return res.status;
};
const viaCore = async (path, init) => {
  const url = new URL(`${BASE}/api/v1.1${path}`);
  const res = await core.handle({
    method: init.method ?? 'GET',
    path: url.pathname,
    query: url.searchParams,
    headers: init.headers,
    body: init.body === undefined ? undefined : Buffer.from(init.body),
    baseUrl: BASE,
  });
  return res.status;
};

const results = [];
for (const [name, make] of Object.entries(ops)) {
  await measure(make, 4, viaMsw); // warm-up
  const msw1 = await measure(make, 1, viaMsw);
  const msw16 = await measure(make, 16, viaMsw);
  const coreOnly = await measure(make, 1, viaCore);
  results.push({ name, msw1, msw16, coreOnly });
}
server.close();
process.send({ type: 'ready', results });
process.exit(0);
