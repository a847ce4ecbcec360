#!/usr/bin/env node
/**
 * @module `node bench/rule-times.mjs`: the rules that bound a run's wall time against a distant target. Runs the
 * default suite once against the mock behind the bench's delay proxy and prints the longest rules, each with its
 * requests (counted from the run's exchanges.har, where each entry names its rule) and the requests it sent one after
 * another at most (its wall time over the delay). Against dist/ (run `npm run build` first).
 *
 * Options: --delay MS (default 25)   --top N (default 15)   --seed S (default 1)   --concurrency N (default: the CLI's)
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
  },
});
const delayMs = Number(values.delay);
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
  for (const entry of har.log.entries) requests.set(entry._ruleId, (requests.get(entry._ruleId) ?? 0) + 1);
  const rules = [...report.rules].sort((a, b) => b.durationMs - a.durationMs).slice(0, Number(values.top));
  const { wallMs, requests: total, raisedTo } = suite.info;
  console.log(
    `+${delayMs} ms: ${report.verdict}, wall ${(wallMs / 1000).toFixed(1)} s, ${total} requests, up to ${raisedTo} rules at once`,
  );
  for (const rule of report.rules.filter((r) => r.status !== 'passed')) {
    console.log(
      `  ${rule.id} ${rule.status}: ${rule.errorMessage ?? rule.mismatches.map((m) => `${m.title} (${m.reproducibility})`).join('; ')}`,
    );
  }
  console.log('| rule | wall s | requests | cases | chain (wall / delay) |');
  console.log('|---|---:|---:|---:|---:|');
  for (const rule of rules) {
    const chain = Math.round(rule.durationMs / delayMs);
    console.log(`| ${rule.id} | ${(rule.durationMs / 1000).toFixed(1)} | ${requests.get(rule.id) ?? 0} | ${rule.cases} | ${chain} |`);
  }
} finally {
  await proxy.stop();
  await mock.stop();
  rmSync(reportDir, { recursive: true, force: true });
}
