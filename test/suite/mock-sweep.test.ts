/**
 * The whole suite against the reference mock finds nothing to report: over
 * 20 seeds with a small budget, and once at the default budget (which must
 * stay well under a minute). Every report is valid, carries no key, and
 * leaves the mock as empty as it found it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/index.js';
import { validators } from '../../schemas/index.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import { runConformance } from '../../suites/run-conformance.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };
const SEEDS = Array.from({ length: 20 }, (_, i) => 1_000 + i * 7_919);

let mock: MockServer;

beforeAll(async () => {
  mock = await createMockServer({ port: 0 });
});

afterAll(async () => {
  await mock.close();
});

/** Every mismatch, one line each, so a failing seed explains itself. */
function mismatches(report: ConformanceReport): string[] {
  return report.rules.flatMap((rule) => [
    ...rule.mismatches.map((m) => `${rule.id} (seed ${report.seed}): ${m.title}\n  ${m.received.split('\n').join('\n  ')}`),
    ...(rule.status === 'error' ? [`${rule.id}: suite error ${rule.errorMessage}`] : []),
  ]);
}

function expectClean(report: ConformanceReport): void {
  expect(mismatches(report)).toEqual([]);
  expect(report.verdict).toBe('passed');
  expect(report.summary.skipped).toBe(0);
  const valid = validators.report(report);
  expect(valid.ok ? [] : valid.issues).toEqual([]);
  const text = JSON.stringify(report);
  expect(text).not.toContain(KEYS.apiKey);
  expect(text).not.toContain(KEYS.secondApiKey);
  expect(report.cleanup.leftover).toEqual([]);
  expect(report.cleanup.deleted).toBe(report.cleanup.created);
  expect(mock.snapshot().jobs).toEqual([]);
}

describe('the suite against the mock', () => {
  it.each(SEEDS)('finds no mismatch with seed %i (runs 2)', async (seed) => {
    const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed, runs: 2 });
    expect(report.seed).toBe(seed);
    expectClean(report);
  }, 60_000);

  it('finds no mismatch at the default budget, in well under a minute', async () => {
    const started = Date.now();
    const report = await runConformance({ baseUrl: mock.url, ...KEYS });
    expect(report.runs).toBe(20);
    expectClean(report);
    expect(Date.now() - started).toBeLessThan(60_000);
  }, 120_000);
});
