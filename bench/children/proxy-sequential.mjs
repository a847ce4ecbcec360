/**
 * @module The proxy's own added latency without scheduling between
 * processes: the mock, the proxy and a client in this one process, one
 * request at a time, alternating mock-alone and through-the-proxy slices.
 * On a busy shared machine this is the steadier figure (the cross-process
 * one also counts the wait for a core at every hop). Ready message:
 * `{GET: {direct, through}, POST: {direct, through}}` with p50/p99 in ms.
 */
import { Agent, request } from 'node:http';
import { createMockServer } from '../../dist/mock/index.js';
import { runProxy } from '../../dist/proxy/index.js';
import { uniqueJobBodies } from '../lib/job-bodies.mjs';

const count = Number(process.argv[2] ?? 2000);
const mock = await createMockServer({ port: 0 });
const proxy = await runProxy({ target: mock.url });
const agent = new Agent({ keepAlive: true });
const key = { 'api-key': 'demo-key-1' };
const body = uniqueJobBodies();
const once = (base, op) =>
  new Promise((resolve, reject) => {
    const payload = op === 'POST' ? body() : undefined;
    const headers = payload ? { ...key, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : key;
    const started = performance.now();
    const req = request(`${base}/api/v1.1/jobs${op === 'GET' ? `/${id}` : ''}`, { method: op, headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - started));
    });
    req.on('error', reject);
    req.end(payload);
  });
const created = await fetch(`${mock.url}/api/v1.1/jobs`, {
  method: 'POST',
  headers: { ...key, 'content-type': 'application/json' },
  body: body(),
});
const id = (await created.json()).id;
const stats = (l) => {
  const s = [...l].sort((a, b) => a - b);
  return { p50: s[Math.floor(s.length / 2)], p99: s[Math.floor(s.length * 0.99)] };
};
const result = {};
for (const op of ['GET', 'POST']) {
  const samples = { direct: [], through: [] };
  for (let i = 0; i < 100; i++) await once(proxy.url, op); // warm-up
  for (let slice = 0; slice < 4; slice++) {
    for (const [name, base] of slice % 2 === 0
      ? [
          ['direct', mock.url],
          ['through', proxy.url],
        ]
      : [
          ['through', proxy.url],
          ['direct', mock.url],
        ]) {
      for (let i = 0; i < count / 4; i++) samples[name].push(await once(base, op));
    }
  }
  result[op] = { direct: stats(samples.direct), through: stats(samples.through) };
}
agent.destroy();
await proxy.close();
await mock.close();
process.send({ type: 'ready', ...result });
process.disconnect();
