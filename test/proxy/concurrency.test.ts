/**
 * Concurrent traffic causes no false alarm: many clients update,
 * read and list the same jobs at once through the proxy; the model compares
 * only exchanges whose order is certain, so a correct server gets 0
 * findings, and the report counts the comparisons it skipped.
 */
import { Agent } from 'node:http';
import { expect, it } from 'vitest';
import { createMockServer } from '../../mock/index.js';
import { runProxy } from '../../proxy/run-proxy.js';
import { KEY_1 } from './client-session.js';
import { rawRequest } from './raw-http.js';

it('interleaved updates, reads and lists of the same jobs give 0 findings', async () => {
  await using mock = await createMockServer({ port: 0 });
  await using proxy = await runProxy({ target: mock.url });
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  const headers = { 'api-key': KEY_1, 'content-type': 'application/json' };
  const api = `${proxy.url}/api/v1.1`;
  const body = (n: number) => ({
    referenceId: `conc-${n}`,
    title: `Job ${n}`,
    description: '<p>x</p>',
    locations: [{ description: 'Ottawa' }],
    categories: [{ id: 1 }],
    positionType: { id: 1 },
    applicantRoutingType: { id: 2 },
    applicationUrl: 'https://example.com/apply',
    status: 'active',
  });
  const ids: number[] = [];
  for (let n = 0; n < 3; n++)
    ids.push(
      JSON.parse((await rawRequest(`${api}/jobs`, { method: 'POST', headers, body: JSON.stringify(body(n)), agent })).body.toString()).id,
    );
  const ops: Array<() => Promise<unknown>> = [];
  for (let i = 0; i < 120; i++) {
    const id = ids[i % ids.length]!;
    if (i % 4 === 0)
      ops.push(() =>
        rawRequest(`${api}/jobs/${id}`, { method: 'PUT', headers, body: JSON.stringify({ title: `Job ${id} v${i}` }), agent }),
      );
    else if (i % 4 === 1)
      ops.push(() =>
        rawRequest(`${api}/jobs`, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ referenceId: `conc-${i % 3}`, status: i % 8 === 1 ? 'archived' : 'active' }),
          agent,
        }),
      );
    else if (i % 4 === 2) ops.push(() => rawRequest(`${api}/jobs/${id}`, { headers, agent }));
    else ops.push(() => rawRequest(`${api}/jobs?pageSize=2&page=${1 + (i % 2)}`, { headers, agent }));
  }
  await Promise.all(ops.map((op) => op()));
  const report = await proxy.report();
  agent.destroy();
  expect(proxy.findings().map((f) => `${f.ruleId}: ${f.title}`)).toEqual([]);
  expect(report.proxy!.silences.concurrentSkips).toBeGreaterThan(0);
  expect(report.proxy!.exchanges).toBe(123);
});
