/**
 * Diagnosis by bisection: a rule that sends several values of one kind in one request, and is refused,
 * retries them one by one and names only the values refused (suites/kit/refused-values.ts).
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import type { RuleResult } from '../../schemas/types.gen.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { answerInstead, effectiveMethod, isJobsPath, jsonResponse, mockOptions, requestJson } from '../mutants/kit.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };
const REFUSED = 'Saint-Louis-du-Ha! Ha!, QC';

/** `ruleId` alone (seed 26, one run, no shrinking) against a mock whose POST /jobs answers 400 when `refuses` holds of its body. */
async function runAgainstRefusal(ruleId: string, refuses: (body: Record<string, unknown> | undefined) => boolean): Promise<RuleResult> {
  const transform = answerInstead(
    (req) => isJobsPath(req) && effectiveMethod(req) === 'POST' && refuses(requestJson(req)),
    () => jsonResponse(400, { status: 400, code: 'validation_failed', message: 'refused' }),
  );
  await using mock = await createMockServer(mockOptions({ transform }));
  const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: 26, runs: 1, maxShrinks: 0, only: [ruleId] });
  return report.rules.find((r) => r.id === ruleId)!;
}

describe('a refused set of places names only the refused one', () => {
  it('jobs.limits.location-forms reports the one place refused, not its group', async () => {
    const rule = await runAgainstRefusal('jobs.limits.location-forms', (body) =>
      JSON.stringify(body?.locations ?? []).includes(JSON.stringify(REFUSED)),
    );
    expect(rule.status).toBe('failed');
    const titles = rule.mismatches.map((m) => m.title);
    expect(titles[0]).toBe(`POST /jobs refused the places "${REFUSED}"`);
    // The group it was sent in held other places, accepted alone: none of them is named.
    expect(titles.join('\n')).not.toContain("St. John's");
  }, 120_000);
});

describe('a refused count of categories names the categories refused alone', () => {
  it('jobs.limits.categories-count says which entries are refused, not only how many were sent', async () => {
    // Even ids are refused, alone too; the odd ones sent with them are accepted alone and must not be named.
    const rule = await runAgainstRefusal('jobs.limits.categories-count', (body) => {
      const categories = body?.categories;
      return Array.isArray(categories) && categories.some((c) => typeof c?.id === 'number' && c.id % 2 === 0);
    });
    const titles = rule.mismatches.map((m) => m.title);
    const diagnosed = titles.find((title) => title.includes('; alone,'));
    expect(diagnosed, titles.join('\n')).toMatch(
      /^POST \/jobs refused \d+ categories; alone, \d of them are refused: \[\{"id":\d*[02468]\}(,\{"id":\d*[02468]\})*\]$/,
    );
  }, 120_000);
});
