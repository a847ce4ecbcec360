#!/usr/bin/env node
/**
 * @module `node bench/rule-times.mjs`: the rules that bound a run's wall time against a distant target. Runs the
 * default suite once against the mock behind the bench's delay proxy and prints the longest rules, each with its
 * requests (counted from the run's exchanges.har, where each entry names its rule) and the requests it sent one after
 * another at most (its wall time over the delay). Against dist/ (run `npm run build` first).
 *
 * Options: --delay MS (default 25)   --top N (default 15)   --seed S (default 1)   --concurrency N (default: the CLI's)
 *          --sort wall|requests (default wall: the rules that bound the run; requests: the rules that send the most)
 * Each rule's requests are split by kind (create, read by id, list, update, delete): a rule that creates a job per
 * case and only reads it back shows as many creates as cases.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startChild } from './lib/child.mjs';

const { values } = parseArgs({
  options: {
    delay: { type: 'string', default: '25' },
    top: { type: 'string', default: '15' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string' },
    sort: { type: 'string', default: 'wall' },
  },
});
const delayMs = Number(values.delay);

/** What a request does to the job collection: create, read (by id), list, update, delete, or its method and path. */
function kindOf(request) {
  const path = new URL(request.url).pathname.replace(/.*\/api\/v1\.1/, '');
  const override = request.headers.find((h) => h.name.toLowerCase() === 'x-http-method-override')?.value;
  const method = (override ?? request.method).toUpperCase();
  const item = /^\/jobs\/[^/]+\/?$/.test(path);
  if (path === '/jobs' || path === '/jobs/') {
    if (method === 'GET') return 'list';
    if (method === 'POST') return 'create';
    return method === 'PUT' ? 'put /jobs' : method.toLowerCase();
  }
  if (!item) return `${method} ${path}`;
  return { GET: 'read', PUT: 'update', DELETE: 'delete' }[method] ?? method.toLowerCase();
}
const mock = await startChild('children/mock-server.mjs', ['{}']);
const proxy = await startChild('children/delay-proxy.mjs', [JSON.stringify({ target: mock.info.url, delayMs })]);
const reportDir = mkdtempSync(join(tmpdir(), 'jobs-bench-rule-times-'));
try {
  const args = { url: proxy.info.url, seed: Number(values.seed), reportDir };
  if (values.concurrency !== undefined) args.concurrency = Number(values.concurrency);
  const suite = await startChild('children/suite-run.mjs', [JSON.stringify(args)], { timeoutMs: 900_000 });
  const report = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8'));
  const har = JSON.parse(readFileSync(join(reportDir, 'exchanges.har'), 'utf8'));
  const requests = new Map();
  const kinds = new Map();
  for (const entry of har.log.entries) {
    requests.set(entry._ruleId, (requests.get(entry._ruleId) ?? 0) + 1);
    const ofRule = kinds.get(entry._ruleId) ?? new Map();
    const kind = kindOf(entry.request);
    ofRule.set(kind, (ofRule.get(kind) ?? 0) + 1);
    kinds.set(entry._ruleId, ofRule);
  }
  const byRequests = (a, b) => (requests.get(b.id) ?? 0) - (requests.get(a.id) ?? 0);
  const order = values.sort === 'requests' ? byRequests : (a, b) => b.durationMs - a.durationMs;
  const rules = [...report.rules].sort(order).slice(0, Number(values.top));
  const { wallMs, requests: total, raisedTo, loweredTo } = suite.info;
  console.log(
    `+${delayMs} ms: ${report.verdict}, wall ${(wallMs / 1000).toFixed(1)} s, ${total} requests, up to ${raisedTo} rules at once` +
      (loweredTo ? `, back to ${loweredTo} as answers slowed down` : ''),
  );
  for (const rule of report.rules.filter((r) => r.status !== 'passed')) {
    console.log(
      `  ${rule.id} ${rule.status}: ${rule.errorMessage ?? rule.mismatches.map((m) => `${m.title} (${m.reproducibility})`).join('; ')}`,
    );
  }
  console.log('| rule | wall s | requests | cases | chain (wall / delay) | by kind |');
  console.log('|---|---:|---:|---:|---:|---|');
  for (const rule of rules) {
    const chain = Math.round(rule.durationMs / Math.max(1, delayMs));
    const split = [...(kinds.get(rule.id) ?? new Map())].map(([kind, n]) => `${kind} ${n}`).join(', ');
    console.log(
      `| ${rule.id} | ${(rule.durationMs / 1000).toFixed(1)} | ${requests.get(rule.id) ?? 0} | ${rule.cases} | ${chain} | ${split} |`,
    );
  }
} finally {
  await proxy.stop();
  await mock.stop();
  rmSync(reportDir, { recursive: true, force: true });
}
