/**
 * @module How the cost of GET /jobs grows with the employer's job count: one
 * mock process holds 1,000 jobs for employer 101 and 100,000 for employer
 * 102, and each query runs against both. The ratio (100k / 1k) of latency
 * and of the mock's CPU per request shows the growth. The autocannon rows
 * repeat one query, so a `q` is answered from its search view; the first
 * request of a needle, which builds that view, is timed on its own.
 */
import { startChild } from '../lib/child.mjs';
import { measured } from '../lib/load.mjs';

const SMALL = 1_000;
const LARGE = 100_000;

/** Queries as [label, query string]; `{emp}` is replaced by the employer id. */
const QUERIES = [
  ['default page (10)', ''],
  ['pageSize=100', 'pageSize=100'],
  ['page 5 of 100', 'page=5&pageSize=100'],
  ['status=active', 'status=active&pageSize=100'],
  ['q, one match (a referenceId)', 'q=bench-{emp}-000500'],
  ['q, broad (5% of titles)', 'q=welder&pageSize=100'],
  ['q + status', 'q=welder&status=active&pageSize=100'],
];

/** Broad needles (each 5% of titles) no row above uses, so their first request builds a view. */
const NEW_NEEDLES = ['nurse', 'baker', 'cashier'];

/** Latency of one request, in ms. */
async function once(mock, employer, query) {
  const started = performance.now();
  const res = await fetch(`${mock.info.url}/api/v1.1/jobs?${query}`, {
    headers: { 'api-key': employer === '101' ? 'demo-key-1' : 'demo-key-2' },
  });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`list ${query}: HTTP ${res.status}`);
  return performance.now() - started;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The first request of each new needle, at both sizes: the median latency. */
async function firstRequests(mock) {
  const cold = {};
  for (const employer of ['101', '102']) {
    await once(mock, employer, 'pageSize=1'); // opens the connection, so only the list itself is timed
    const times = [];
    for (const needle of NEW_NEEDLES) times.push(await once(mock, employer, `q=${needle}&pageSize=100`));
    cold[employer] = median(times);
  }
  return { needles: NEW_NEEDLES, smallMs: cold['101'], largeMs: cold['102'] };
}

function measure(mock, employer, query, { duration, connections, warmup }) {
  const options = {
    url: `${mock.info.url}/api/v1.1/jobs?${query.replaceAll('{emp}', employer)}`,
    headers: { 'api-key': employer === '101' ? 'demo-key-1' : 'demo-key-2' },
    duration,
    connections,
  };
  return measured(mock, options, { warmup });
}

export async function listScaling({ duration, connections = 10, warmup = 1 }) {
  const seedStarted = performance.now();
  const mock = await startChild('children/mock-server.mjs', [JSON.stringify({ seed: { 101: SMALL, 102: LARGE } })], { timeoutMs: 600_000 });
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  try {
    const rows = [];
    for (const [label, query] of QUERIES) {
      const small = await measure(mock, '101', query, { duration, connections, warmup });
      const large = await measure(mock, '102', query, { duration, connections, warmup });
      rows.push({
        label,
        query,
        small,
        large,
        latencyRatio: large.latencyMs.mean / small.latencyMs.mean,
        cpuRatio: large.cpuUsPerRequest / small.cpuUsPerRequest,
      });
    }
    const firstRequest = await firstRequests(mock);
    const memory = (await mock.ask({ type: 'cpu' })).memory;
    return { small: SMALL, large: LARGE, connections, duration, seedSeconds, heapMiB: memory.heapUsed / 2 ** 20, rows, firstRequest };
  } finally {
    await mock.stop();
  }
}
