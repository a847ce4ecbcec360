/**
 * The HTML, limits and lifecycle rules against the reference mock over real
 * HTTP on loopback: with a few seeds the mock conforms (no mismatch, every
 * rule passed).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/index.js';
import { htmlRules } from '../../suites/checks/html.js';
import { limitsRules } from '../../suites/checks/limits/index.js';
import { modelRules } from '../../suites/checks/model.js';
import { rulesOf } from '../../suites/checks/rules.js';
import { runConformance } from '../../suites/engine/run-conformance.js';

const rules = rulesOf([...htmlRules, ...limitsRules, ...modelRules]);

describe('generated rules against the mock', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer({ port: 0 });
  });
  afterAll(async () => {
    await mock.close();
  });

  for (const seed of [1, 2024, 777777]) {
    it(`pass with seed ${seed}, leaving nothing behind`, async () => {
      const report = await runConformance({ baseUrl: mock.url, apiKey: 'demo-key-1', seed, runs: 8, rules });
      const failed = report.rules.filter((r) => r.status !== 'passed');
      expect(
        failed.map((r) => ({
          id: r.id,
          status: r.status,
          skip: r.skipReason,
          mismatches: r.mismatches.map((m) => `${m.title}\n${m.received}`),
        })),
      ).toEqual([]);
      expect(report.rules.map((r) => r.id)).toEqual(rules.map((r) => r.id));
      expect(report.cleanup.leftover).toEqual([]);
      expect(report.cleanup.created).toBeGreaterThan(0);
    }, 120_000);
  }

  it('records what the mock chose where the spec is silent', async () => {
    const report = await runConformance({
      baseUrl: mock.url,
      apiKey: 'demo-key-1',
      seed: 5,
      runs: 10,
      rules,
      only: 'jobs.model,jobs.limits.title-length',
    });
    const topics = report.observations.map((o) => o.topic);
    expect(topics).toContain('title.astral-characters-at-limit');
    expect(topics).toContain('put-create-status');
    expect(topics.some((t) => t.startsWith('transition.'))).toBe(true);
  }, 120_000);
});
