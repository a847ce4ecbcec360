/**
 * @module autocannon with the settings every benchmark shares, reduced to
 * the figures the results tables show.
 */
import autocannon from 'autocannon';

/** Requests per second and latency of one autocannon run. */
export function summarize(result) {
  return {
    rps: result.requests.average,
    latencyMs: { mean: result.latency.mean, p50: result.latency.p50, p99: result.latency.p99 },
    total: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * Drives a URL for `duration` seconds; any error or non-2xx answer fails the benchmark.
 *
 * @example
 * const r = await load({ url: 'http://127.0.0.1:4010/api/v1.1/jobs/1', headers: { 'api-key': 'demo-key-1' } });
 * r.rps; r.latencyMs.p99;
 */
export async function load({ url, method = 'GET', headers = {}, body, requests, connections = 50, duration = 5 }) {
  const options = { url, method, headers, body, connections, pipelining: 1, duration };
  if (requests) options.requests = requests;
  const result = summarize(await autocannon(options));
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${method} ${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return result;
}

/**
 * A warm-up run, then the measured run, with the server child's CPU time per
 * measured request (`cpuUsPerRequest`, microseconds).
 */
export async function measured(child, options, { warmup = 1 } = {}) {
  if (warmup > 0) await load({ ...options, duration: warmup });
  const before = (await child.ask({ type: 'cpu' })).cpu;
  const result = await load(options);
  const after = (await child.ask({ type: 'cpu' })).cpu;
  const cpuUs = after.user - before.user + (after.system - before.system);
  return { ...result, cpuUsPerRequest: cpuUs / result.total };
}
