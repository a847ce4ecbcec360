#!/usr/bin/env node
/**
 * @module Profiles the standalone mock (dist/) under one load scenario:
 * `node bench/profile-mock.mjs get|post|post-new|put|list|list-q [seconds]`. The mock
 * runs with --cpu-prof in its own process; the profile is written to
 * bench/out/profiles/ (git-ignored) and its top self-time functions during
 * the load printed, with the wall time per request each (the sampling
 * profiler counts time in a system call, writev above all, as wall time).
 */
import { mkdirSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startChild } from './lib/child.mjs';
import { jobBody, uniqueJobBodies } from './lib/job-bodies.mjs';
import { load } from './lib/load.mjs';
import { topFunctions } from './lib/top-functions.mjs';

const scenario = process.argv[2] ?? 'get';
const seconds = Number(process.argv[3] ?? 5);
const dir = fileURLToPath(new URL('./out/profiles/', import.meta.url));
mkdirSync(dir, { recursive: true });
const before = new Set(readdirSync(dir));
const seed = scenario === 'list-q' ? { 101: 1000, 102: 100_000 } : { 101: 1000, 102: 1000 };
const mock = await startChild('children/mock-server.mjs', [JSON.stringify({ seed })], {
  execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
  timeoutMs: 600_000,
});
const ids = mock.info.ids['101'];
let next = 0;
const byId = () => `/api/v1.1/jobs/${ids[next++ % ids.length]}`;
const uniqueBody = uniqueJobBodies();
const key = { 'api-key': 'demo-key-1' };
const jsonKey = { ...key, 'content-type': 'application/json' };
const scenarios = {
  get: { url: mock.info.url, headers: key, requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: byId() }) }] },
  post: { url: `${mock.info.url}/api/v1.1/jobs`, method: 'POST', headers: jsonKey, body: JSON.stringify(jobBody(3)) },
  'post-new': {
    url: mock.info.url,
    headers: jsonKey,
    requests: [{ method: 'POST', path: '/api/v1.1/jobs', setupRequest: (req) => ({ ...req, body: uniqueBody() }) }],
  },
  put: {
    url: mock.info.url,
    headers: jsonKey,
    requests: [{ method: 'PUT', body: '{"title":"Updated title"}', setupRequest: (req) => ({ ...req, path: byId() }) }],
  },
  list: { url: `${mock.info.url}/api/v1.1/jobs?pageSize=100`, headers: key },
  'list-q': { url: `${mock.info.url}/api/v1.1/jobs?q=welder&pageSize=100`, headers: { 'api-key': 'demo-key-2' }, connections: 4 },
};
const options = scenarios[scenario];
if (!options) throw new Error(`unknown scenario ${scenario}; choose from ${Object.keys(scenarios).join(', ')}`);
const result = await load({ connections: 20, ...options, duration: seconds });
await mock.stop();
const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile') && !before.has(name));
console.log(`${scenario}: ${Math.round(result.rps)} req/s; profile ${dir}${file}`);
// Only the load: start-up and seeding come before readyAt. µs/req = wall time in the function per request.
console.log('  ms total  µs/req  share  function (self time, after the mock was ready)');
for (const f of topFunctions(`${dir}${file}`, 40, { since: mock.info.readyAt })) {
  const perRequestUs = ((f.ms * 1000) / result.total).toFixed(2);
  console.log(
    `${f.ms.toFixed(0).padStart(7)} ms ${perRequestUs.padStart(7)} ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}  ${f.where}`,
  );
}
