/**
 * Regression (found by the full test run of this round with seed 2068557965):
 * jobs.paging.total drew its eight paging cases from every (pageSize, status)
 * pair, so with some seeds every case fit on one page, where a `total` that
 * counts only the page equals the true total, and the rule passed against a
 * server that counts only the page. The rule now draws cases of two pages or
 * more, as the link rules do (paging-link-rules-need-two-pages.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/testing.js';
import { pagingRules } from '../../suites/checks/paging.js';
import { rulesOf } from '../../suites/checks/rules.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { mockOptions, mutantNamed } from '../mutants/kit.js';

// The seed the run met, then a few more: each must flag the mutant.
const SEEDS = [2068557965, 1, 2, 3];

describe('jobs.paging.total always sees a total larger than a page', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer(mockOptions(mutantNamed('paging-total-counts-the-page')));
  });
  afterAll(async () => {
    await mock.close();
  });

  for (const seed of SEEDS) {
    it(`flags a total that counts only the page, seed ${seed}`, async () => {
      const report = await runConformance({
        baseUrl: mock.url,
        apiKey: 'demo-key-1',
        seed,
        rules: rulesOf(pagingRules),
        only: 'jobs.paging.total',
      });
      expect(report.rules.find((r) => r.id === 'jobs.paging.total')?.status, `seed ${seed}`).toBe('failed');
      expect(report.cleanup.leftover).toEqual([]);
    });
  }
});
