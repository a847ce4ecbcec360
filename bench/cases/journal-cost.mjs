/**
 * @module What the request journal costs per request: the dispatcher (the
 * core every adapter calls, no socket) timed with the journal off (size 0) and
 * on (the default 1,000, full, so every request also drops the oldest entry),
 * in this process, in alternating rounds, median of the rounds. The ratio is on
 * over off for the same operation in the same run.
 */
import { createDispatcher } from '../../dist/mock/core/routes/dispatch.js';
import { MockCore } from '../../dist/mock/index.js';
import { jobBody } from '../lib/job-bodies.mjs';

const BASE = 'http://127.0.0.1:4010';
const HEADERS = { host: '127.0.0.1:4010', 'user-agent': 'bench', accept: '*/*', connection: 'keep-alive' };

function setup(journalSize) {
  const core = new MockCore({ journalSize });
  const ids = core
    .seedJobs(
      101,
      Array.from({ length: 1000 }, (_, i) => jobBody(i, { referenceId: `j-${i}` })),
    )
    .map((j) => j.id);
  const dispatch = createDispatcher(core);
  const request = (method, path, query, body) => ({
    method,
    path,
    query: new URLSearchParams(query),
    headers:
      body === undefined
        ? { ...HEADERS, 'api-key': 'demo-key-1' }
        : { ...HEADERS, 'api-key': 'demo-key-1', 'content-type': 'application/json', 'content-length': String(body.length) },
    body,
    baseUrl: BASE,
  });
  const post = Buffer.from(JSON.stringify(jobBody(7)));
  let n = 0;
  const ops = {
    'GET /jobs/{id}': () => request('GET', `/api/v1.1/jobs/${ids[n++ % ids.length]}`, ''),
    'PUT /jobs/{id} (title)': () => request('PUT', `/api/v1.1/jobs/${ids[n++ % ids.length]}`, '', Buffer.from(`{"title":"Updated ${n}"}`)),
    'GET /jobs?pageSize=100': () => request('GET', '/api/v1.1/jobs', 'pageSize=100'),
    // Last: its rounds reset the store.
    'POST /jobs (1 KB body)': () => request('POST', '/api/v1.1/jobs', '', post),
  };
  return { core, dispatch, ops };
}

/** Microseconds per request of `count` requests of one operation. */
function time(target, name, count) {
  const make = target.ops[name];
  const t = process.hrtime.bigint();
  for (let i = 0; i < count; i++) target.dispatch(make());
  return Number(process.hrtime.bigint() - t) / 1000 / count;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export async function journalCost({ rounds = 7, count = 2000 } = {}) {
  const off = setup(0);
  const on = setup(1000);
  const results = [];
  for (const name of Object.keys(off.ops)) {
    // Warm both up (and fill the journal, so the ring drops on every request).
    time(off, name, count);
    time(on, name, Math.max(count, 1000));
    if (on.core.requests().length !== 1000 || off.core.requests().length !== 0)
      throw new Error('bench: the journals are not as configured');
    const offUs = [];
    const onUs = [];
    for (let r = 0; r < rounds; r++) {
      offUs.push(time(off, name, count));
      onUs.push(time(on, name, count));
      // POSTs grow the store: reset both alike so the rounds stay comparable.
      if (name.startsWith('POST')) {
        for (const target of [off, on]) target.core.reset();
      }
    }
    const offMedian = median(offUs);
    const onMedian = median(onUs);
    results.push({ name, offUs: offMedian, onUs: onMedian, ratio: onMedian / offMedian });
  }
  return { rounds, count, results };
}
