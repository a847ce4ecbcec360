/**
 * One pass from the command line to the report: a run parses its options once (one resolveConfig call) and
 * redacts its report once, where it is built; writeReports then only scrubs the files' text. The renderers
 * cannot redact again: they take the RedactedReport that pass returns and nothing else.
 */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../cli/conformance-command.js';
import { createMockServer, type MockServer } from '../../mock/index.js';
import { Redactor } from '../../reports/redactor.js';
import * as config from '../../suites/engine/config.js';
import { runConformance } from '../../suites/index.js';

vi.mock('../../suites/engine/config.js', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../suites/engine/config.js')>();
  return { ...real, resolveConfig: vi.fn(real.resolveConfig) };
});

function sink(): Writable & { text: string } {
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      stream.text += chunk.toString();
      done();
    },
  }) as Writable & { text: string };
  stream.text = '';
  return stream;
}

let mock: MockServer;
let dir: string;
beforeAll(async () => {
  mock = await createMockServer({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'jc-one-pass-'));
});
afterAll(async () => {
  await mock.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(config.resolveConfig).mockClear();
});

const RUN = ['--only', 'jobs.create.status-201', '--runs', '1', '--seed', '7'];

describe('one run of jobs-conformance', () => {
  it('resolves its options once and redacts its report once, baseline writing and every format included', async () => {
    const redactions = vi.spyOn(Redactor.prototype, 'redactReport');
    const stdout = sink();
    const stderr = sink();
    const code = await main({
      argv: ['node', 'jobs-conformance', ...RUN, '--report-dir', join(dir, 'cli'), '--write-baseline', join(dir, 'baseline.json')],
      // Key and target from the environment: they are read by the same table as the flags.
      env: {
        JOBS_BASE_URL: mock.url,
        JOBS_API_KEY: 'demo-key-1',
        JOBS_SECOND_API_KEY: 'demo-key-2',
        JOBS_HEADERS: 'X-Gateway-Token: gw-one-pass-secret',
      },
      stdout,
      stderr,
    });
    expect(stderr.text).toMatch(/wrote baseline/);
    expect(code).toBe(0);
    expect(vi.mocked(config.resolveConfig)).toHaveBeenCalledTimes(1);
    expect(redactions).toHaveBeenCalledTimes(1);
    const files = await readdir(join(dir, 'cli'));
    expect(files.sort()).toEqual(['exchanges.har', 'junit.xml', 'report.html', 'report.json', 'summary.md']);
    for (const name of files) {
      const text = await readFile(join(dir, 'cli', name), 'utf8');
      for (const secret of ['demo-key-1', 'demo-key-2', 'gw-one-pass-secret'])
        expect(text.includes(secret), `${name}: ${secret}`).toBe(false);
    }
    expect(stdout.text + stderr.text).not.toMatch(/demo-key-1|demo-key-2|gw-one-pass-secret/);
  });

  it('parses nothing before a bad option is named: one resolveConfig call, no report', async () => {
    const redactions = vi.spyOn(Redactor.prototype, 'redactReport');
    const stderr = sink();
    const code = await main({
      argv: ['node', 'jobs-conformance', '--base-url', mock.url, '--api-key', 'demo-key-1', '--reporter', 'json,pdf'],
      env: {},
      stdout: sink(),
      stderr,
    });
    expect(code).toBe(2);
    expect(stderr.text).toMatch(/^jobs-conformance: error: --reporter: unknown "pdf"/);
    expect(vi.mocked(config.resolveConfig)).toHaveBeenCalledTimes(1);
    expect(redactions).not.toHaveBeenCalled();
  });
});

describe('runConformance from plain options (the library)', () => {
  it('resolves them once and returns the report redacted once', async () => {
    const redactions = vi.spyOn(Redactor.prototype, 'redactReport');
    const report = await runConformance({ baseUrl: mock.url, apiKey: 'demo-key-1', only: 'jobs.create.status-201', runs: 1, seed: 7 });
    expect(report.rules.map((rule) => rule.id)).toEqual(['jobs.create.status-201']);
    expect(vi.mocked(config.resolveConfig)).toHaveBeenCalledTimes(1);
    expect(redactions).toHaveBeenCalledTimes(1);
  });

  it('takes a RunConfig as it is: no second resolveConfig', async () => {
    const resolved = config.resolveConfig({ baseUrl: mock.url, apiKey: 'demo-key-1', only: 'jobs.create.status-201', runs: 1, seed: 7 });
    vi.mocked(config.resolveConfig).mockClear();
    const report = await runConformance(resolved);
    expect(report.seed).toBe(7);
    expect(vi.mocked(config.resolveConfig)).not.toHaveBeenCalled();
  });
});
