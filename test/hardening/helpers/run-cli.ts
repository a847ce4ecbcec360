/**
 * Runs the built `jobs-conformance` CLI (dist/cli/jobs-conformance.js, built by
 * `npm run build` / pretest) as a child process, as CI would, and reads the
 * report it wrote. A run that outlives its deadline is killed and the test
 * fails: the suite must never hang.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ConformanceReport } from '../../../schemas/index.js';

export const CLI = fileURLToPath(new URL('../../../dist/cli/jobs-conformance.js', import.meta.url));

export interface CliRun {
  /** Exit code; null when killed by a signal. */
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Wall time from spawn to exit. */
  ms: number;
  /** report.json, when the run wrote one. */
  report?: ConformanceReport;
  reportDir: string;
}

export interface CliOptions {
  /** Extra arguments after --base-url, --api-key and --report-dir. */
  args?: string[];
  /** Kill the child after this long (the test then fails on `code`). */
  deadlineMs?: number;
  /** Called once with the child (e.g. to send SIGINT). */
  onSpawn?: (child: ChildProcess) => void;
}

/** A fresh report folder per run; remove it with `cleanupReportDir`. */
export function newReportDir(): string {
  return mkdtempSync(join(tmpdir(), 'jobs-hardening-'));
}

export function cleanupReportDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * @example
 * const run = await runCli('http://127.0.0.1:4010', { args: ['--only', 'jobs.create', '--timeout-ms', '300'] });
 * expect(run.code).toBe(0);
 */
export function runCli(baseUrl: string, options: CliOptions = {}): Promise<CliRun> {
  const reportDir = newReportDir();
  const args = [
    CLI,
    '--base-url',
    baseUrl,
    '--api-key',
    'demo-key-1',
    '--report-dir',
    reportDir,
    '--reporter',
    'json',
    ...(options.args ?? []),
  ];
  const started = performance.now();
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const deadline = setTimeout(() => child.kill('SIGKILL'), options.deadlineMs ?? 25_000);
  options.onSpawn?.(child);
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(deadline);
      const file = join(reportDir, 'report.json');
      const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ConformanceReport) : undefined;
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started, reportDir, ...(report ? { report } : {}) });
    });
  });
}
