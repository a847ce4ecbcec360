/**
 * @module Standalone mock throughput and latency per operation, as a ratio
 * to a bare node:http server with a fixed 1 KB JSON body measured in the same
 * run, and POST also against a bare server that parses and echoes the body
 * (the ceiling for a create over node:http). Every server runs in its own
 * process; autocannon runs in this one.
 * Also reports the mock's own CPU time per request (less noisy than
 * throughput when other processes share the cores).
 */
import { startChild } from '../lib/child.mjs';
import { jobBody, uniqueJobBodies } from '../lib/job-bodies.mjs';
import { measured } from '../lib/load.mjs';

const API = '/api/v1.1';

export async function mockThroughput({ duration, connections, warmup = 1, journalSize }) {
  const bare = await startChild('children/bare-server.mjs');
  const barePost = await startChild('children/bare-post-server.mjs');
  const mock = await startChild('children/mock-server.mjs', [JSON.stringify({ seed: { 101: 1000, 102: 1000 }, journalSize })]);
  try {
    const run = (child, options) => measured(child, { duration, connections, ...options }, { warmup });
    const ids = mock.info.ids['101'];
    let next = 0;
    const byId = () => `${API}/jobs/${ids[next++ % ids.length]}`;
    const uniqueBody = uniqueJobBodies();
    const key = { 'api-key': 'demo-key-1' };
    const jsonKey = { ...key, 'content-type': 'application/json' };
    const baseline = await run(bare, { url: `${bare.info.url}/` });
    const postNew = (url) => ({
      url,
      headers: jsonKey,
      requests: [{ method: 'POST', path: `${API}/jobs`, setupRequest: (req) => ({ ...req, body: uniqueBody() }) }],
    });
    const ceilingRun = await run(barePost, postNew(barePost.info.url));
    const ceiling = {
      name: 'bare node:http POST: parse + stringify, no checks, no store (new description each)',
      ...ceilingRun,
      ratio: ceilingRun.rps / baseline.rps,
    };
    const rows = [
      [
        'GET /jobs/{id}',
        { url: mock.info.url, headers: key, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: byId() }) }] },
      ],
      [
        'POST /jobs (same body)',
        { url: `${mock.info.url}${API}/jobs`, method: 'POST', headers: jsonKey, body: JSON.stringify(jobBody(3)) },
      ],
      ['POST /jobs (new description each)', postNew(mock.info.url)],
      [
        'PUT /jobs/{id} (partial: title)',
        {
          url: mock.info.url,
          headers: jsonKey,
          requests: [{ method: 'PUT', body: '{"title":"Updated title"}', setupRequest: (req) => ({ ...req, path: byId() }) }],
        },
      ],
      ['GET /jobs?pageSize=100', { url: `${mock.info.url}${API}/jobs?pageSize=100`, headers: { 'api-key': 'demo-key-2' } }],
    ];
    const results = [];
    for (const [name, options] of rows) {
      const result = await run(mock, options);
      results.push({ name, ...result, ratio: result.rps / baseline.rps });
    }
    return { connections, duration, baseline, ceiling, results };
  } finally {
    await Promise.all([bare.stop(), barePost.stop(), mock.stop()]);
  }
}
