/**
 * @module The validating proxy's overhead, against the standalone mock
 * alone, for GET and POST: the latency it adds at a fixed
 * 1,000 requests/s (median and p99, measured here with a microsecond clock:
 * autocannon's histogram counts whole milliseconds), and the throughput
 * ratio under load (autocannon, the proxy in front of the mock against the
 * mock alone, every target in alternating slices). Three more forwarders in front of the same mock frame the
 * figures: a bare node:http forwarder that judges nothing
 * (children/http-forwarder-server.mjs; the proxy's throughput over its own
 * is the proxy-to-bare-relay ratio), the proxy's forwarding path with
 * nothing judged, and a bare TCP relay that reads nothing
 * (children/tcp-relay-server.mjs), the least any forwarder in Node can cost. Each server runs in its own process; the
 * load runs in this one. The targets are measured in alternating slices so
 * drift on a shared machine falls on all. Also the added latency of one
 * request at a time with everything in one process
 * (children/proxy-sequential.mjs): no wait for a core between processes.
 */
import { Agent, request } from 'node:http';
import { startChild } from '../lib/child.mjs';
import { uniqueJobBodies } from '../lib/job-bodies.mjs';
import { load } from '../lib/load.mjs';

const API = '/api/v1.1';

function once(agent, url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(
      url,
      { method, headers: body ? { ...headers, 'content-length': Buffer.byteLength(body) } : headers, agent },
      (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode >= 200 && res.statusCode < 300
            ? resolve(performance.now() - started)
            : reject(new Error(`${method} ${url}: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends `rate` requests per second for `seconds`, each on schedule whatever the others do; resolves with every latency (ms). */
async function paced({ base, next, rate, seconds }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const latencies = [];
  const pending = [];
  const total = Math.round(rate * seconds);
  const t0 = performance.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - t0) * rate) / 1000) + 1);
    for (; sent < due; sent++) {
      const { path, method, headers, body } = next();
      pending.push(once(agent, `${base}${path}`, method, headers, body).then((ms) => latencies.push(ms)));
    }
    // A 1 ms timer, not a spin: the load generator must leave the cores to the mock and the proxy.
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  await Promise.all(pending);
  agent.destroy();
  return latencies;
}

/**
 * Throughput of each target under the same autocannon load, measured in `slices` alternating slices of
 * duration / slices seconds each (after a 1 s warm-up of each), so drift on a shared machine falls on all of them:
 * requests/s over all slices, and each server child's CPU time per request.
 */
async function alternating(targets, optionsFor, { duration, slices }) {
  const entries = Object.entries(targets);
  for (const [, child] of entries) await load({ ...optionsFor(child), duration: 1 });
  const sums = Object.fromEntries(entries.map(([name]) => [name, { requests: 0, seconds: 0, cpuUs: 0 }]));
  for (let slice = 0; slice < slices; slice++) {
    for (const [name, child] of slice % 2 === 0 ? entries : [...entries].reverse()) {
      const seconds = duration / slices;
      const before = (await child.ask({ type: 'cpu' })).cpu;
      const result = await load({ ...optionsFor(child), duration: seconds });
      const after = (await child.ask({ type: 'cpu' })).cpu;
      sums[name].requests += result.total;
      sums[name].seconds += seconds;
      sums[name].cpuUs += after.user - before.user + (after.system - before.system);
    }
  }
  return Object.fromEntries(
    entries.map(([name]) => [
      name,
      { rps: sums[name].requests / sums[name].seconds, cpuUsPerRequest: sums[name].cpuUs / sums[name].requests },
    ]),
  );
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

function stats(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { count: sorted.length, p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
}

export async function proxyOverhead({ seconds = 4, duration = 5, connections = 50, rate = 1000, slices = 4 } = {}) {
  const mock = await startChild('children/mock-server.mjs', [JSON.stringify({ seed: { 101: 1000 } })]);
  const proxy = await startChild('children/proxy-server.mjs', [mock.info.url]);
  const forwardOnly = await startChild('children/forward-only-server.mjs', [mock.info.url]);
  const relay = await startChild('children/tcp-relay-server.mjs', [mock.info.url]);
  const bare = await startChild('children/http-forwarder-server.mjs', [mock.info.url]);
  try {
    const ids = mock.info.ids['101'];
    const key = { 'api-key': 'demo-key-1' };
    const jsonKey = { ...key, 'content-type': 'application/json' };
    const uniqueBody = uniqueJobBodies();
    let n = 0;
    const operations = {
      GET: () => ({ path: `${API}/jobs/${ids[n++ % ids.length]}`, method: 'GET', headers: key }),
      POST: () => ({ path: `${API}/jobs`, method: 'POST', headers: jsonKey, body: uniqueBody() }),
    };
    const latency = [];
    for (const [name, next] of Object.entries(operations)) {
      await paced({ base: proxy.info.url, next, rate, seconds: 0.5 }); // warm-up
      const targets = [
        ['mock', mock],
        ['relay', relay],
        ['proxy', proxy],
      ];
      const samples = { mock: [], relay: [], proxy: [] };
      for (let slice = 0; slice < slices; slice++) {
        for (const [target, child] of slice % 2 === 0 ? targets : [...targets].reverse()) {
          samples[target].push(...(await paced({ base: child.info.url, next, rate, seconds: seconds / slices })));
        }
      }
      const direct = stats(samples.mock);
      const through = stats(samples.proxy);
      const relayed = stats(samples.relay);
      latency.push({ name, rate, direct, through, relayed, addedP50: through.p50 - direct.p50, addedP99: through.p99 - direct.p99 });
    }
    const throughput = [];
    const rows = {
      'GET /jobs/{id}': (url) => ({
        url,
        headers: key,
        requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: `${API}/jobs/${ids[n++ % ids.length]}` }) }],
      }),
      'POST /jobs (new description each)': (url) => ({
        url,
        headers: jsonKey,
        requests: [{ method: 'POST', path: `${API}/jobs`, setupRequest: (req) => ({ ...req, body: uniqueBody() }) }],
      }),
    };
    // The proxy's CPU per request is its own process's; the mock behind each forwarder does its usual work besides.
    // The forwarders: the same forwarding path with nothing judged, a bare node:http forwarder and a relay that reads nothing.
    const targets = { direct: mock, through: proxy, bare, forwarded: forwardOnly, relayed: relay };
    for (const [name, options] of Object.entries(rows)) {
      const m = await alternating(targets, (child) => ({ ...options(child.info.url), connections }), { duration, slices });
      throughput.push({
        name,
        ...m,
        ratio: m.through.rps / m.direct.rps,
        forwardedRatio: m.forwarded.rps / m.direct.rps,
        relayedRatio: m.relayed.rps / m.direct.rps,
        // The proxy against forwarders that judge nothing: a node:http one (the bare relay) and the TCP floor.
        bareRatio: m.through.rps / m.bare.rps,
        proxyToTcpRatio: m.through.rps / m.relayed.rps,
      });
    }
    const judged = await proxy.ask({ type: 'judged' });
    const sequential = (await startChild('children/proxy-sequential.mjs', ['2000'])).info;
    return { seconds, rate, slices, duration, connections, latency, throughput, judged, sequential };
  } finally {
    await Promise.all([proxy.stop(), forwardOnly.stop(), relay.stop(), bare.stop(), mock.stop()]);
  }
}
