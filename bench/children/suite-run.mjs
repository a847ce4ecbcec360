/**
 * @module One run of the conformance suite's CLI (dist/cli/conformance-command.js,
 * the function behind `npx jobs-conformance`) in this process, with
 * process.cpuUsage() around it: the suite's own CPU time per request,
 * apart from the target's (which runs in another process).
 * argv[2]: JSON `{"url", "runs", "seed", "reportDir", "concurrency", "shard"}` (concurrency: absent = the CLI's default; shard: `i/n`).
 * Ready message: the figures; then it exits.
 */
import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { main } from '../../dist/cli/conformance-command.js';

const { url, runs, seed, reportDir, concurrency, shard } = JSON.parse(process.argv[2]);
const sink = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });
// The CLI says on stderr when it raised its concurrency against a distant target.
let stderrText = '';
const stderr = new Writable({
  write: (chunk, _encoding, callback) => {
    stderrText += chunk.toString();
    callback();
  },
});
const argv = [
  'node',
  'jobs-conformance',
  '--base-url',
  url,
  '--api-key',
  'demo-key-1',
  '--second-api-key',
  'demo-key-2',
  '--report-dir',
  reportDir,
];
if (runs !== undefined) argv.push('--runs', String(runs));
if (seed !== undefined) argv.push('--seed', String(seed));
if (concurrency !== undefined) argv.push('--concurrency', String(concurrency));
if (shard !== undefined) argv.push('--shard', shard);

const startupMs = performance.now();
const cpuBefore = process.cpuUsage();
const started = performance.now();
const exitCode = await main({ argv, env: {}, stdout: sink(), stderr });
const wallMs = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const report = JSON.parse(readFileSync(`${reportDir}/report.json`, 'utf8'));
process.send({
  type: 'ready',
  exitCode,
  verdict: report.verdict,
  rules: report.summary.total,
  passed: report.summary.passed,
  warnings: report.summary.warning,
  concurrency: report.options.concurrency,
  raisedTo: Number(/up to (\d+) rules at once/.exec(stderrText)?.[1] ?? report.options.concurrency),
  // And when the answers slowed down after the raise, which brought it back.
  loweredTo: Number(/back to (\d+) rules at once/.exec(stderrText)?.[1] ?? 0) || undefined,
  requests: report.summary.requests,
  wallMs,
  startupMs,
  cpuMs: (cpu.user + cpu.system) / 1000,
  leftover: report.cleanup.leftover.length,
  node: process.version,
  ruleIds: report.rules.map((rule) => rule.id),
});
process.exit(0);
