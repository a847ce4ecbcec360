/**
 * Nightly (`npm run test:full`): --duration 20s over every rule against the mock stops within 2 s of the
 * budget, cleans up, and draws more cases than the default run for every rule whose cases grow with --runs.
 */
import { describe, it } from 'vitest';
import { expectDurationRun } from './support/duration-run.js';

describe('--duration 20s', () => {
  it('over every rule: stops within 2 s of the budget, cleans up, draws more cases than the default', async () => {
    await expectDurationRun({ seconds: 20, seed: 32 });
  }, 300_000);
});
