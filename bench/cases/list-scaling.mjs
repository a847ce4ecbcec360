/**
 * @module How the cost of GET /jobs grows with the employer's job count: one
 * mock process holds 1,000 jobs for employer 101 and 100,000 for employer
 * 102, and each query runs against both. The ratio (100k / 1k) of latency
 * and of the mock's CPU per request shows the growth.
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
      rows.push({ label, query, small, large, latencyRatio: large.latencyMs.mean / small.latencyMs.mean, cpuRatio: large.cpuUsPerRequest / small.cpuUsPerRequest });
    }
    const memory = (await mock.ask({ type: 'cpu' })).memory;
    return { small: SMALL, large: LARGE, connections, duration, seedSeconds, heapMiB: memory.heapUsed / 2 ** 20, rows };
  } finally {
    await mock.stop();
  }
}
