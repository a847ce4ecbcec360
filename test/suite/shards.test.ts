/**
 * --shard i/n and merge-reports (docs/suite.md, "Shards"): 4 shards run at the same time against one mock,
 * merged, give the unsharded run of the same seed: the same rules, statuses, per-rule case counts, verdict
 * and exit code, and no job left behind. The gate runs them at --runs 2; the nightly tier at --runs 200
 * (shards.nightly.test.ts). merge-reports refuses what cannot be one run, with one line and exit 2.
 */
import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatIssues, validators } from '../../schemas/index.js';
import { REPORT_FILES } from '../../reports/index.js';
import { sampleReport } from '../../reports/sample-report.test-support.js';
import { cli, expectShardsMergeToWholeRun, readReport } from './support/sharded-run.js';
import { existsSync } from 'node:fs';

describe('4 shards at the same time, merged', () => {
  it('give the unsharded run of the same seed (--runs 2), leave no job behind, and write every format', async () => {
    const { mergedDir, merged } = await expectShardsMergeToWholeRun(2, 24);
    const valid = validators.report(merged);
    expect(valid.ok, valid.ok ? '' : formatIssues(valid.issues)).toBe(true);
    for (const file of Object.values(REPORT_FILES)) expect(existsSync(join(mergedDir, file)), file).toBe(true);
  }, 180_000);
});

describe('merge-reports refuses', () => {
  /** Shard report folders made from the sample report, as --shard would write them. */
  async function shardDirs(count: number, change: (index: number) => object = () => ({})): Promise<string[]> {
    const root = await mkdtemp(join(tmpdir(), 'jobs-merge-'));
    const whole = sampleReport();
    return Promise.all(
      Array.from({ length: count }, async (_, i) => {
        const dir = join(root, `shard-${i + 1}`);
        await mkdir(dir);
        const report = { ...whole, rules: whole.rules.filter((_, r) => r % count === i), shard: { index: i + 1, count }, ...change(i + 1) };
        await writeFile(join(dir, 'report.json'), JSON.stringify(report));
        return dir;
      }),
    );
  }

  const oneLine = (stderr: string) => stderr.trim().split('\n');

  it('a mixed seed, with one line and exit 2', async () => {
    const dirs = await shardDirs(3, (index) => (index === 2 ? { seed: 7 } : {}));
    const out = await cli(['merge-reports', ...dirs, '--report-dir', join(dirs[0]!, 'out')]);
    expect(out.code).toBe(2);
    expect(oneLine(out.stderr)).toEqual([`jobs-conformance merge-reports: error: mixed seed: ${dirs[0]} has 424242, ${dirs[1]} has 7`]);
  });

  it('a missing shard, with one line and exit 2', async () => {
    const dirs = await shardDirs(3);
    const out = await cli(['merge-reports', dirs[0]!, dirs[2]!, '--report-dir', join(dirs[0]!, 'out')]);
    expect(out.code).toBe(2);
    expect(oneLine(out.stderr)).toEqual(['jobs-conformance merge-reports: error: missing shard 2/3: every shard of the run is needed']);
  });

  it('a duplicate shard, with one line and exit 2', async () => {
    const dirs = await shardDirs(2);
    const out = await cli(['merge-reports', dirs[0]!, dirs[1]!, dirs[1]!, '--report-dir', join(dirs[0]!, 'out')]);
    expect(out.code).toBe(2);
    expect(oneLine(out.stderr)).toEqual([`jobs-conformance merge-reports: error: shard 2/2 appears twice: ${dirs[1]} and ${dirs[1]}`]);
  });

  it('a folder without a report, with one line and exit 2', async () => {
    const dirs = await shardDirs(1);
    const out = await cli(['merge-reports', dirs[0]!, join(dirs[0]!, 'nothing'), '--report-dir', join(dirs[0]!, 'out')]);
    expect(out.code).toBe(2);
    expect(oneLine(out.stderr)).toHaveLength(1);
    expect(out.stderr).toMatch(/cannot read .*nothing\/report\.json/);
  });

  it('and gates the merged report: --baseline makes a failed rule known, --fail-on none exits 0', async () => {
    const dirs = await shardDirs(2);
    const out = join(dirs[0]!, 'out');
    const failing = await cli(['merge-reports', ...dirs, '--report-dir', out]);
    expect(failing.code).toBe(1);
    const failed = (await readReport(out)).rules.find((rule) => rule.status === 'failed')!;
    const baseline = join(dirs[0]!, 'baseline.json');
    await writeFile(baseline, JSON.stringify({ rules: [{ id: failed.id, reason: 'known' }] }));
    await cli(['merge-reports', ...dirs, '--report-dir', out, '--baseline', baseline]);
    const gated = await readReport(out);
    expect(gated.rules.find((rule) => rule.id === failed.id)?.status).toBe('known');
    expect(gated.baseline?.known.map((entry) => entry.id)).toEqual([failed.id]);
    const none = await cli(['merge-reports', ...dirs, '--report-dir', out, '--fail-on', 'none']);
    expect(none.code).toBe(0);
  });
});
