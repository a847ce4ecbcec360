/**
 * @module One run split into 4 shards run at the same time against one mock, merged with merge-reports,
 * next to the same run unsharded (same seed): what the gate and the nightly tier compare.
 */
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { expect } from 'vitest';
import { main } from '../../../cli/conformance-command.js';
import { mergeReportsMain } from '../../../cli/merge-reports-command.js';
import { createMockServer } from '../../../mock/index.js';
import type { ConformanceReport } from '../../../schemas/types.gen.js';
import { KEYS } from './sweep.js';

export const SHARDS = 4;

const sink = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

/** Runs the CLI in this process; resolves to its exit code and what it wrote to stderr. */
export async function cli(args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const io = {
    argv: ['node', 'jobs-conformance', ...args],
    env: {},
    stdout: sink(),
    stderr: new Writable({ write: (chunk, _encoding, callback) => ((stderr += String(chunk)), callback()) }),
  };
  const code = await (args[0] === 'merge-reports'
    ? mergeReportsMain({ ...io, argv: ['node', 'jobs-conformance', ...args.slice(1)] })
    : main(io));
  return { code, stderr };
}

export const readReport = async (dir: string): Promise<ConformanceReport> =>
  JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as ConformanceReport;

/** The rule set, statuses and per-rule case counts of a report: what sharding must not change. */
const shape = (report: ConformanceReport) => report.rules.map((rule) => `${rule.id} ${rule.status} ${rule.cases}`);

/** The first mismatch of each rule that did not pass, as lines: what a differing shape alone would not say. */
const failures = (report: ConformanceReport): string =>
  report.rules
    .filter((rule) => rule.mismatches?.length)
    .map((rule) => `${rule.id}: ${rule.mismatches[0]!.title}\n${rule.mismatches[0]!.received ?? ''}\n`)
    .join('');

/**
 * Shards and merges one run at `runs`, runs it whole, and asserts they agree and leave no job behind.
 * Resolves to the merged report's folder.
 */
export async function expectShardsMergeToWholeRun(runs: number, seed: number): Promise<{ mergedDir: string; merged: ConformanceReport }> {
  await using mock = await createMockServer({ port: 0 });
  const root = await mkdtemp(join(tmpdir(), 'jobs-shards-'));
  const base = [
    '--base-url',
    mock.url,
    '--api-key',
    KEYS.apiKey,
    '--second-api-key',
    KEYS.secondApiKey,
    '--seed',
    String(seed),
    '--runs',
    String(runs),
  ];
  const shardDirs = Array.from({ length: SHARDS }, (_, i) => join(root, `shard-${i + 1}`));
  // All shards at once against one mock: each has its own run tag, and the lists without q, which see every
  // job of the employer, judge only what no other shard moved (list.employer-jobs-moved).
  const shardRuns = await Promise.all(shardDirs.map((dir, i) => cli([...base, '--shard', `${i + 1}/${SHARDS}`, '--report-dir', dir])));
  for (const [i, run] of shardRuns.entries())
    expect(run.stderr).toMatch(new RegExp(`jobs tagged jc[a-z0-9]{6}; shard ${i + 1}/${SHARDS}\\n`));
  const shards = await Promise.all(shardDirs.map(readReport));
  expect(mock.core.snapshot().jobs, 'the shards left jobs behind').toEqual([]);
  expect(new Set(shards.map((report) => report.options?.referencePrefix)).size).toBe(SHARDS);
  for (const [i, report] of shards.entries()) expect(report.shard).toEqual({ index: i + 1, count: SHARDS });

  const mergedDir = join(root, 'merged');
  const merge = await cli(['merge-reports', ...shardDirs, '--report-dir', mergedDir]);
  const merged = await readReport(mergedDir);

  const wholeDir = join(root, 'whole');
  const whole = await cli([...base, '--report-dir', wholeDir]);
  const wholeReport = await readReport(wholeDir);
  expect(mock.core.snapshot().jobs, 'the unsharded run left jobs behind').toEqual([]);

  expect(shape(merged), `${failures(merged)}${failures(wholeReport)}`).toEqual(shape(wholeReport));
  expect(merged.verdict).toBe(wholeReport.verdict);
  expect(merge.code, merge.stderr).toBe(whole.code);
  expect(merged.summary).toEqual({ ...wholeReport.summary, requests: merged.summary.requests });
  expect(merged.cleanup.leftover).toEqual([]);
  expect(merged.shards?.map((shard) => shard.index)).toEqual([1, 2, 3, 4]);
  return { mergedDir, merged };
}
