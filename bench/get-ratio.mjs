#!/usr/bin/env node
/**
 * @module The standalone mock's GET /jobs/{id} against the bare node:http
 * server (fixed 1 KB body), each in its own process, in alternating slices of
 * the same run: `node bench/get-ratio.mjs [rounds] [seconds] [journalSize]`.
 * Both servers are driven the same way (autocannon, 50 connections, a new
 * path per request from setupRequest), so the client's own cost per request
 * is the same on both sides; the bare server with one fixed URL is measured
 * too, as bench/cases/mock-throughput.mjs does. Prints each round's ratios
 * and their medians.
 */
import { startChild } from './lib/child.mjs';
import { measured } from './lib/load.mjs';

const rounds = Number(process.argv[2] ?? 3);
const duration = Number(process.argv[3] ?? 3);
const journalSize = process.argv[4] === undefined ? undefined : Number(process.argv[4]);
const bare = await startChild('children/bare-server.mjs');
const mock = await startChild('children/mock-server.mjs', [JSON.stringify({ seed: { 101: 1000 }, journalSize })]);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
try {
  const ids = mock.info.ids['101'];
  let next = 0;
  const byId = () => `/api/v1.1/jobs/${ids[next++ % ids.length]}`;
  const key = { 'api-key': 'demo-key-1' };
  const byIdOn = (child) => ({
    url: child.info.url,
    headers: key,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: byId() }) }],
  });
  const run = (child, options) => measured(child, { duration, connections: 50, ...options }, { warmup: 1 });
  const rows = { 'mock / bare (same client)': [], 'mock / bare (fixed URL)': [], 'mock CPU µs/req': [], 'bare CPU µs/req': [] };
  for (let r = 0; r < rounds; r++) {
    const fixed = await run(bare, { url: `${bare.info.url}/` });
    const same = await run(bare, byIdOn(bare));
    const get = await run(mock, byIdOn(mock));
    rows['mock / bare (same client)'].push(get.rps / same.rps);
    rows['mock / bare (fixed URL)'].push(get.rps / fixed.rps);
    rows['mock CPU µs/req'].push(get.cpuUsPerRequest);
    rows['bare CPU µs/req'].push(same.cpuUsPerRequest);
    console.log(
      `round ${r + 1}: bare ${Math.round(fixed.rps)} (fixed URL), ${Math.round(same.rps)} (same client); mock ${Math.round(get.rps)} req/s`,
    );
  }
  for (const [name, xs] of Object.entries(rows))
    console.log(`${name}: ${xs.map((x) => x.toFixed(2)).join(', ')}; median ${median(xs).toFixed(2)}`);
} finally {
  await Promise.all([bare.stop(), mock.stop()]);
}
