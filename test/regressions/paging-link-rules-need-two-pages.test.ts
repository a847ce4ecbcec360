/**
 * Regression (found by a CI run of test/mutants with seed
 * 1383966348): the rules about links between pages drew their eight paging
 * cases from every (pageSize, status) pair, so with some seeds every case fit
 * on one page, no link was ever followed, and jobs.paging.next-follows passed
 * against a server whose `next` drops the filters. Those rules now draw only
 * cases of two pages or more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/testing.js';
import { pagingRules } from '../../suites/checks/paging.js';
import { rulesOf } from '../../suites/checks/rules.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { mockOptions, mutantNamed } from '../mutants/kit.js';

const LINK_RULES = 'jobs.paging.next-follows,jobs.paging.previous-follows';
// The seed CI met, then a few more: each must flag the mutant.
const SEEDS = [1383966348, 1, 2, 3, 4, 5];

describe('the paging link rules always follow a link', () => {
  let mock: MockServer;
  beforeAll(async () => {
    mock = await createMockServer(mockOptions(mutantNamed('paging-next-drops-filters')));
  });
  afterAll(async () => {
    await mock.close();
  });

  for (const seed of SEEDS) {
    it(`flag a next that drops the filters, seed ${seed}`, async () => {
      const report = await runConformance({ baseUrl: mock.url, apiKey: 'demo-key-1', seed, rules: rulesOf(pagingRules), only: LINK_RULES });
      const status = Object.fromEntries(report.rules.map((r) => [r.id, r.status]));
      expect(status['jobs.paging.next-follows'], `seed ${seed}`).toBe('failed');
      expect(report.cleanup.leftover).toEqual([]);
    });
  }
});
