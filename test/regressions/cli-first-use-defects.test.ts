/**
 * Regression: small CLI defects a new user meets.
 * - `running 1 rules`;
 * - `--reporter ""` acted as `all` instead of being refused;
 * - `--seed -5` was accepted although seeds are 0 … 2^32-1;
 * - `jobs-mock` had no `--version`;
 * - an unknown option printed `error: unknown option '--bogus'` without the tool's name.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/index.js';
import { resolveConfig } from '../../suites/engine/config.js';
import { MOCK_CLI, runBin, SUITE_CLI } from './support/run-bin.js';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ port: 0 });
});

afterAll(async () => {
  await mock.close();
});

const target = () => ['--base-url', mock.url, '--api-key', 'demo-key-1'];

describe('jobs-conformance', () => {
  it('says "running 1 rule" for one rule', async () => {
    const run = await runBin(SUITE_CLI, [
      ...target(),
      '--only',
      'jobs.create.status-201',
      '--runs',
      '1',
      '--reporter',
      'json',
      '--report-dir',
      '/tmp/jc-reg12-small',
    ]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain('running 1 rule\n');
  }, 30_000);

  it('refuses --reporter "" before the run', async () => {
    const run = await runBin(SUITE_CLI, [...target(), '--reporter', '']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^jobs-conformance: error: --reporter/);
    expect(run.stderr).not.toContain('running');
  }, 30_000);

  it('refuses --seed -5, naming the range', async () => {
    const run = await runBin(SUITE_CLI, [...target(), '--seed', '-5']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--seed must be an integer from 0 to 4294967295/);
  }, 30_000);

  it('accepts the whole seed range in the API', () => {
    expect(resolveConfig({ baseUrl: 'http://x', apiKey: 'k', seed: 0 }).seed).toBe(0);
    expect(resolveConfig({ baseUrl: 'http://x', apiKey: 'k', seed: '4294967295' }).seed).toBe(4294967295);
    expect(() => resolveConfig({ baseUrl: 'http://x', apiKey: 'k', seed: 4294967296 })).toThrow(/0 to 4294967295/);
  });

  it('says which seeds it takes in --help', async () => {
    const run = await runBin(SUITE_CLI, ['--help']);
    expect(run.stdout).toMatch(/--seed <n>\s+run seed, 0 to 4294967295/);
  }, 30_000);

  it("names itself on an unknown option: jobs-conformance: error: unknown option '--bogus'", async () => {
    const run = await runBin(SUITE_CLI, ['--bogus']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe("jobs-conformance: error: unknown option '--bogus'");
  }, 30_000);
});

describe('jobs-mock', () => {
  it('prints its version with --version', async () => {
    const run = await runBin(MOCK_CLI, ['--version']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(VERSION);
  }, 30_000);
});
