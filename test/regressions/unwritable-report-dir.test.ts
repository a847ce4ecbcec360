/**
 * Regression: `--report-dir /proc/nope` let the whole run
 * go ahead, then spun at 100% CPU after cleanup (Node 20's recursive mkdir
 * never settles there). The CLI now checks the report directory before it
 * sends anything, and bounds report writing in time: one line, exit 2.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/index.js';
import { ReportError, writeReports } from '../../reports/index.js';
import { sampleReport } from '../../reports/sample-report.test-support.js';
import { runBin, SUITE_CLI } from './support/run-bin.js';
import { redactReport } from '../../reports/redactor.js';

let mock: MockServer;
let dir: string;

beforeAll(async () => {
  mock = await createMockServer({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'jc-reg12-report-dir-'));
});

afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});

const args = (reportDir: string) => [
  '--base-url',
  mock.url,
  '--api-key',
  'demo-key-1',
  '--only',
  'jobs.create.status-201',
  '--runs',
  '1',
  '--report-dir',
  reportDir,
];

describe('an unwritable --report-dir', () => {
  for (const [name, path] of [
    ['under /proc', () => '/proc/nope'],
    ['a file', () => join(dir, 'a-file')],
  ] as const) {
    it(`${name}: detected before the run, one line, exit 2`, async () => {
      await writeFile(join(dir, 'a-file'), 'not a directory');
      const run = await runBin(SUITE_CLI, args(path()), { limitMs: 20_000 });
      expect(run.killed, run.stderr).toBe(false);
      expect(run.code, run.stderr).toBe(2);
      const lines = run.stderr.trimEnd().split('\n');
      expect(lines, run.stderr).toHaveLength(1);
      expect(lines[0]).toMatch(/^jobs-conformance: error: .*report-dir/);
      expect(run.stdout).toBe('');
    }, 30_000);
  }

  it('report writing that never finishes (a FIFO with no reader) fails in bounded time', async () => {
    const stuck = join(dir, 'stuck');
    await rm(stuck, { recursive: true, force: true });
    execFileSync('mkdir', [stuck]);
    execFileSync('mkfifo', [join(stuck, 'report.json')]);
    try {
      // Without the 300 ms bound the write would wait forever: the test's own timeout is the guard, not a clock assertion.
      await expect(
        writeReports(redactReport(sampleReport()), { dir: stuck, reporters: ['json'], stepSummary: false, timeoutMs: 300 }),
      ).rejects.toBeInstanceOf(ReportError);
    } finally {
      // Unblock the pending open() of the FIFO so no thread stays stuck.
      await import('node:fs/promises').then(async (fs) => (await fs.open(join(stuck, 'report.json'), 'r')).close()).catch(() => undefined);
      expect(await readdir(stuck)).toContain('report.json');
    }
  }, 10_000);
});
