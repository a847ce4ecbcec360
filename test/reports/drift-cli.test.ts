/**
 * Drift between runs, end to end through the CLI's main() (in process): a run of five areas against the
 * mock's `reference` profile, a second one with the same seed, and one against the `alt` profile, which
 * chooses otherwise wherever the spec leaves room. `diff` and `--compare-with` list what the alt
 * run chose differently and nothing for the same profile twice.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/conformance-command.js';
import { createMockServer } from '../../mock/index.js';
import { validators } from '../../schemas/index.js';
import type { ConformanceReport, Drift } from '../../schemas/types.gen.js';

const SEED = '24004';

interface Outcome {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(...args: string[]): Promise<Outcome> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (text: string) => void) =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        append(chunk.toString('utf8'));
        done();
      },
    });
  const code = await main({
    argv: ['node', 'jobs-conformance', ...args],
    env: { NO_COLOR: '1' },
    stdout: sink((t) => (stdout += t)),
    stderr: sink((t) => (stderr += t)),
  });
  return { code, stdout, stderr };
}

/** One whole run against a fresh mock in `profile`, reports in `dir`. */
async function runAgainst(profile: string, dir: string, ...extra: string[]): Promise<Outcome> {
  await using mock = await createMockServer({ port: 0, profile });
  return await cli(
    '--base-url',
    mock.url,
    '--api-key',
    'demo-key-1',
    '--second-api-key',
    'demo-key-2',
    '--seed',
    SEED,
    '--report-dir',
    dir,
    '--reporter',
    'json,markdown',
    // Drift is about observations: five cases a rule record them as twenty do, sooner, and the areas below record
    // those the tests name (the invalid write's status, the link form, the missing key's status, PUT-create's status,
    // the deleted job's status) besides many others; the whole registry would only repeat the same comparison.
    '--runs',
    '5',
    '--only',
    'jobs.create,jobs.put-create,jobs.paging,jobs.auth,jobs.lifecycle',
    ...extra,
  );
}

let root: string;
const dirOf = (name: string) => join(root, name);
const reportIn = async (name: string) => JSON.parse(await readFile(join(dirOf(name), 'report.json'), 'utf8')) as ConformanceReport;
let alt: Outcome;
let again: Outcome;

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'jobs-conformance-drift-'));
  const first = await runAgainst('reference', dirOf('reference'));
  expect(first.code, first.stderr).toBe(0);
  again = await runAgainst('reference', dirOf('again'), '--compare-with', join(dirOf('reference'), 'report.json'));
  alt = await runAgainst('alt', dirOf('alt'), '--compare-with', join(dirOf('reference'), 'report.json'));
}, 90_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('jobs-conformance diff', () => {
  it('lists the observations the alt profile chose differently, and exits 0 by default', async () => {
    const result = await cli('diff', join(dirOf('reference'), 'report.json'), join(dirOf('alt'), 'report.json'), '--format', 'json');
    expect(result.code, result.stderr).toBe(0);
    const drift = JSON.parse(result.stdout) as Drift;
    const changed = drift.observations.changed.map((c) => `${c.topic}${c.qualifier ? ` [${c.qualifier}]` : ''}: ${c.old} -> ${c.new}`);
    expect(changed).toEqual(
      expect.arrayContaining([
        'error-status.invalid-write [POST /jobs]: 400 -> 422',
        'paging-link-form: absolute URL -> relative URL',
        'auth-status.missing-key: 401 -> 403',
        'put-create-status: 201 -> 200',
        'status.deleted-job: 404 -> 410',
      ]),
    );
    expect(drift.rules.newlyFailing).toEqual([]);
    expect(drift.rules.added).toEqual([]);
    expect(drift.rules.removed).toEqual([]);
  });

  it('exits 1 with --fail-on drift and with --strict, naming the drift', async () => {
    for (const flag of [['--fail-on', 'drift'], ['--strict']]) {
      const result = await cli('diff', join(dirOf('reference'), 'report.json'), join(dirOf('alt'), 'report.json'), ...flag);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/the target's choices drifted: \d+ observations changed/);
      expect(result.stdout).toContain('error-status.invalid-write [POST /jobs]: 400 -> 422');
    }
  });

  it('lists nothing between two runs of the same profile and seed, even under --fail-on all --strict', async () => {
    for (const format of ['terminal', 'markdown', 'json']) {
      const result = await cli(
        'diff',
        join(dirOf('reference'), 'report.json'),
        join(dirOf('again'), 'report.json'),
        '--fail-on',
        'all',
        '--strict',
        '--format',
        format,
      );
      expect(result.code, result.stdout).toBe(0);
      if (format === 'json') expect(JSON.parse(result.stdout)).toMatchObject({ observations: { changed: [], added: [], removed: [] } });
      else expect(result.stdout).toMatch(/[Nn]othing changed/);
    }
  });

  it('refuses a file that is not a report, with exit 2', async () => {
    const result = await cli('diff', join(dirOf('reference'), 'summary.md'), join(dirOf('alt'), 'report.json'));
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('summary.md is not JSON');
  });
});

describe('--compare-with on a run', () => {
  it('puts the drift into report.json, summary.md and the terminal summary; a changed observation leaves the exit code 0', async () => {
    expect(alt.code, alt.stderr).toBe(0);
    const report = await reportIn('alt');
    const result = validators.report(report);
    expect(result.ok).toBe(true);
    expect(report.drift?.old.source).toBe(join(dirOf('reference'), 'report.json'));
    expect(report.drift?.observations.changed.length).toBeGreaterThan(10);
    expect(alt.stdout).toContain('paging-link-form: absolute URL -> relative URL');
    expect(await readFile(join(dirOf('alt'), 'summary.md'), 'utf8')).toContain('### Drift since');
  });

  it('records an empty drift for the same profile and seed', async () => {
    expect(again.code, again.stderr).toBe(0);
    const drift = (await reportIn('again')).drift;
    expect(drift?.observations).toEqual({ changed: [], added: [], removed: [] });
    expect(drift?.rules).toEqual({ newlyFailing: [], newlyPassing: [], statusChanged: [], added: [], removed: [] });
  });

  it('stops before sending anything when the file is missing (exit 2)', async () => {
    const result = await cli(
      '--base-url',
      'http://127.0.0.1:9',
      '--api-key',
      'demo-key-1',
      '--report-dir',
      dirOf('never'),
      '--compare-with',
      join(root, 'missing.json'),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cannot read report');
  });
});
