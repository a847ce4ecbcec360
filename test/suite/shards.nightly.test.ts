/**
 * Nightly (`npm run test:full`): 4 shards at --runs 200, run at the same time against one mock and merged,
 * give the unsharded run of the same seed (same rules, statuses, per-rule case counts, verdict and exit
 * code), and neither leaves a job behind. The gate runs the same at --runs 2 (shards.test.ts).
 */
import { describe, it } from 'vitest';
import { expectShardsMergeToWholeRun } from './support/sharded-run.js';

describe('4 shards at --runs 200, merged', () => {
  it('give the unsharded run of the same seed and leave no job behind', async () => {
    await expectShardsMergeToWholeRun(200, 2024);
  }, 600_000);
});
