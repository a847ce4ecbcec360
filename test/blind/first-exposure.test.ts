/**
 * The blind-batch runner (test/blind/first-exposure.ts, `npm run blind`): a bug the suite flags is counted
 * caught with the rule that flagged it, an entry without a bug missed, and the writers' smoke check names a
 * transform that throws on plain traffic. The rule selection (`only`) keeps the runs short; a round runs all.
 */
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { exposeBatch, formatExposures, formatSmoke, smokeBatch } from './first-exposure.js';
import sampleBatch from './fixtures/sample-batch.js';

const ONLY = 'jobs.create.explicit-status';
const cli = fileURLToPath(new URL('../../scripts/blind-batch.mjs', import.meta.url));
const fixture = fileURLToPath(new URL('fixtures/sample-batch.ts', import.meta.url));

describe('a blind batch on first exposure', () => {
  it('counts a flagged bug caught, with its rule, and an entry without a bug missed', async () => {
    const exposures = await exposeBatch(sampleBatch, { only: ONLY }, ['status-dropped-on-post', 'no-bug']);
    expect(formatExposures(exposures)).toEqual(['MISSED no-bug', `CAUGHT status-dropped-on-post: ${ONLY}(failed)`, 'caught 1/2']);
  });

  it('refuses a name the batch does not have', async () => {
    await expect(exposeBatch(sampleBatch, { only: ONLY }, ['no-such-bug'])).rejects.toThrow(/no entry named no-such-bug/);
  });

  it('names, in the smoke check, the transform that throws on plain traffic', async () => {
    const lines = formatSmoke(await smokeBatch(sampleBatch));
    expect(lines.filter((line) => line.startsWith('OK ')).map((line) => line.split(':')[0])).toEqual([
      'OK status-dropped-on-post',
      'OK no-bug',
    ]);
    expect(lines.find((line) => line.startsWith('PROBLEM throws-on-every-list:'))).toMatch(/GET \/jobs answered 5\d\d/);
  });

  it('runs a batch file from the command line, selected names at a given seed', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [cli, '--seed', '3', '--only', ONLY, fixture, 'status-dropped-on-post']);
    expect(stdout.trim().split('\n')).toEqual([
      'seed 3, strict, both demo employers, no shrinking',
      `CAUGHT status-dropped-on-post: ${ONLY}(failed)`,
      'caught 1/1',
    ]);
  });

  it('fails the smoke check from the command line when a transform throws', async () => {
    const error = await promisify(execFile)(process.execPath, [cli, '--smoke', fixture]).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 1, stdout: expect.stringContaining('PROBLEM throws-on-every-list') });
  });
});
