/**
 * --duration: every rule keeps drawing new cases past --runs until the time budget is spent, then the run
 * stops cleanly (cleanup, report) within 2 s of the budget; the report names, per rule, the --runs that
 * replays every case it drew. The gate runs a 6 s budget over the create rules, stretched to three default
 * runs of them on a machine so busy that 6 s would leave the second pass no time (the budget never cuts a
 * rule below --runs); the nightly tier runs 20 s over every rule (duration.nightly.test.ts).
 */
import { describe, it } from 'vitest';
import { expectDurationRun } from './support/duration-run.js';

describe('--duration', () => {
  it('6s over the create rules: stops within 2 s of the budget, cleans up, draws more cases than --runs, and replays', async () => {
    await expectDurationRun({ seconds: 6, only: 'jobs.create', seed: 31 });
  }, 120_000);
});
