/**
 * `--write-baseline FILE` writes a run's failures as a baseline in
 * the form `--baseline FILE` reads. Round trip against a broken mock: the run
 * that writes it is gated against it (its failures are known), and a second
 * run with `--baseline FILE` has no failed rule and no stale entry.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/testing.js';
import { cleanupReportDir, runCli, type CliRun } from '../hardening/helpers/run-cli.js';
import { mockOptions, mutantNamed } from '../mutants/kit.js';

const MUTANT = mutantNamed('create-without-location-header');
let mock: MockServer;
let dir: string;
const runs: CliRun[] = [];

beforeAll(async () => {
  mock = await createMockServer(mockOptions(MUTANT));
  dir = mkdtempSync(join(tmpdir(), 'jobs-write-baseline-'));
});

afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
  for (const run of runs) cleanupReportDir(run.reportDir);
});

/** The areas the mutant fails in, and one it passes: the writing and the reading run select the same rules. */
const ONLY = ['--only', 'jobs.create,jobs.put-create,jobs.reference'];

async function run(args: string[]): Promise<CliRun> {
  const result = await runCli(mock.url, {
    args: ['--second-api-key', 'demo-key-2', '--seed', '7', '--runs', '3', ...args],
    deadlineMs: 120_000,
  });
  runs.push(result);
  return result;
}

const idsWith = (result: CliRun, status: string) => result.report!.rules.filter((rule) => rule.status === status).map((rule) => rule.id);

describe('--write-baseline', () => {
  it('round-trips: the failures it writes are known in a run with --baseline, and no entry is stale', async () => {
    const file = join(dir, 'baseline.json');
    const first = await run([...ONLY, '--write-baseline', file]);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { rules: { id: string; reason?: string }[] };
    expect(written.rules.map((entry) => entry.id)).toContain(MUTANT.expectedRule);
    expect(written.rules.every((entry) => typeof entry.reason === 'string' && entry.reason !== '')).toBe(true);
    expect(first.stderr).toContain(`wrote baseline ${file}: ${written.rules.length} rule`);
    // The writing run is gated against what it wrote.
    expect(idsWith(first, 'failed')).toEqual([]);
    expect(idsWith(first, 'known').sort()).toEqual(written.rules.map((entry) => entry.id).sort());
    // Only failures are written: the rules that pass stay out.
    expect(idsWith(first, 'passed').length).toBeGreaterThan(0);
    expect(first.code, first.stderr).toBe(0);

    const second = await run([...ONLY, '--baseline', file]);
    expect(idsWith(second, 'failed')).toEqual([]);
    expect(second.report!.baseline).toMatchObject({ entries: written.rules.length, stale: [] });
    expect(idsWith(second, 'known')).toContain(MUTANT.expectedRule);
    expect(second.code, second.stderr).toBe(0);
  }, 120_000);

  it('refreshes a baseline: an entry that no longer fails goes, one that still fails keeps its reason, one for a rule not run stays', async () => {
    const old = join(dir, 'old.json');
    const file = join(dir, 'refreshed.json');
    const passing = 'jobs.update.status-200'; // the mutant breaks create only: stale under --baseline alone
    const notRun = { id: 'jobs.update.changes-field', reason: 'filtered out by --only: no news' };
    writeFileSync(
      old,
      JSON.stringify({ rules: [{ id: MUTANT.expectedRule, reason: 'LB strips Location, ticket OPS-12' }, { id: passing }, notRun] }),
    );
    const refreshed = await run(['--only', `${MUTANT.expectedRule},${passing}`, '--baseline', old, '--write-baseline', file]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({
      rules: [{ id: MUTANT.expectedRule, reason: 'LB strips Location, ticket OPS-12' }, notRun],
    });
    expect(refreshed.report!.baseline).toMatchObject({ entries: 2, stale: [] });
    expect(refreshed.code, refreshed.stderr).toBe(0);
  });

  it('exits 2 before sending anything when the file cannot be written', async () => {
    const result = await run(['--write-baseline', join(dir, 'no-such-folder', 'baseline.json')]);
    expect(result.code).toBe(2);
    // One line, and no seed line: the run never began.
    expect(result.stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^jobs-conformance: error: cannot write baseline .*no-such-folder/),
    ]);
  });
});
