/**
 * No over-reach where the spec leaves a judgement to the server rather than a form: each target below
 * departs from the reference mock in a way the spec allows, and the suite still passes it. Where the
 * suite records the choice as good practice only, the run warns (a `should` rule) and the verdict stays
 * `passed`, as exit 0 without `--strict`.
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import { htmlAllowlist } from '../../schemas/index.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import {
  answerInstead,
  isList,
  isListBody,
  isPost,
  isPut,
  jsonResponse,
  mockOptions,
  mutantNamed,
  requestJson,
  responseJson,
  rewriteRequest,
  rewriteResponse,
  withResponseJson,
  type Variant,
} from '../mutants/kit.js';
import { FULL_TIER } from '../support/test-seeds.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };
/**
 * More seeds repeat the same assertions on other draws: the PR gate runs one, the nightly tier (TEST_TIER=full)
 * three, and two for the rule sets that run whole (a whole run costs seconds).
 */
const SEEDS = FULL_TIER ? [1, 2, 3] : [1];
const WHOLE_RUN_SEEDS = FULL_TIER ? [1, 2] : [1];

/** Marks only names that are disputed or unofficial carry: a parenthesised alias, a modifier-letter apostrophe. */
const DISPUTED_NAME = /[()\u02BC]/;

/** Spec 2.2 lets the server judge what a valid Canadian place is: this one refuses every disputed name. */
const gazetteer: Variant = {
  transform: answerInstead(
    (req) => {
      const locations = (isPost(req) || isPut(req)) && requestJson(req)?.locations;
      return (
        Array.isArray(locations) && locations.some((l) => DISPUTED_NAME.test(String((l as { description?: unknown })?.description ?? '')))
      );
    },
    () => jsonResponse(400, { status: 400, code: 'validation', message: 'unknown place' }),
  ),
};

/** A tree-based sanitizer: an end tag with no open element of its name is dropped, as an HTML parser does. */
const dropsStrayEndTags: Variant = {
  transform: rewriteRequest(
    (req) => isPost(req) || isPut(req),
    (body) => {
      if (typeof body.description !== 'string') return;
      const html = body.description;
      body.description = html.replace(/<\/([a-zA-Z][a-zA-Z0-9]*)\s*>/g, (tag, name: string) =>
        name.toLowerCase() in htmlAllowlist.tags || new RegExp(`<${name}[\\s>/]`, 'i').test(html) ? tag : '',
      );
    },
  ),
};

/**
 * Every job POST sends a confidential flag for made confidential (one that leaves it out keeps the default, false), and
 * its employer's name masked in the list alone (2.1: "true if the employer name is confidential").
 */
const masksInListOnly: Variant = {
  transform: (next) =>
    rewriteRequest(isPost, (body) => {
      if ('confidential' in body) body.confidential = true;
    })(
      rewriteResponse(isList, (res) => {
        const body = responseJson(res);
        if (res.status !== 200 || !isListBody(body)) return res;
        // Only a confidential job's name is masked: other writes (a PUT-create) make jobs that are not.
        for (const item of body.data)
          if (item.confidential === true) item.employer = { ...(item.employer as object), name: 'Confidential' };
        return withResponseJson(res, body);
      })(next),
    ),
};

function notPassed(report: ConformanceReport, status: 'failed' | 'warning' | 'error'): string[] {
  return report.rules
    .filter((rule) => rule.status === status)
    .map((rule) => `${rule.id}: ${rule.mismatches[0]?.title ?? rule.errorMessage ?? ''}`);
}

// `return await`: the mock must stay up until the run ends.
async function run(variant: Variant, seed: number, only?: string[]): Promise<ConformanceReport> {
  await using mock = await createMockServer(mockOptions(variant));
  return await runConformance({ baseUrl: mock.url, ...KEYS, seed, ...(only ? { only } : {}) });
}

/**
 * The two judgements whose rules run whole, made by one server (they touch different rules: places, and the
 * reference list), so that one run of the registry serves both tests.
 */
function placesAndPositionTypes(): Variant {
  const needsKey = mutantNamed('reference-position-types-need-key');
  return { choices: needsKey.choices, transform: (next) => gazetteer.transform!(needsKey.transform(next)) };
}
const wholeRuns = new Map<number, Promise<ConformanceReport>>();
const wholeRun = (seed: number): Promise<ConformanceReport> => {
  if (!wholeRuns.has(seed)) wholeRuns.set(seed, run(placesAndPositionTypes(), seed));
  return wholeRuns.get(seed)!;
};
const POSITION_TYPES_WARNING = 'jobs.reference.position-types-without-key';

describe('targets that judge where the spec lets them', () => {
  it.each(WHOLE_RUN_SEEDS)(
    'a server refusing disputed place names passes every rule (seed %i; 2.2: the server judges a valid place)',
    async (seed) => {
      const report = await wholeRun(seed);
      // The one warning is the reference list's judgement, below.
      const warnings = notPassed(report, 'warning').filter((line) => !line.startsWith(`${POSITION_TYPES_WARNING}:`));
      expect([...notPassed(report, 'failed'), ...warnings, ...notPassed(report, 'error')], `seed ${seed}`).toEqual([]);
      expect(report.verdict).toBe('passed');
    },
    120_000,
  );

  it.each(SEEDS)(
    'a server dropping stray end tags of disallowed elements passes every must rule, and warns once (seed %i)',
    async (seed) => {
      const report = await run(dropsStrayEndTags, seed, ['jobs.html.*', 'jobs.update.*', 'jobs.put-create.*', 'jobs.create.*']);
      expect(notPassed(report, 'failed'), `seed ${seed}`).toEqual([]);
      expect(notPassed(report, 'error'), `seed ${seed}`).toEqual([]);
      expect(report.rules.filter((rule) => rule.status === 'warning').map((rule) => rule.id)).toEqual(['jobs.html.rejects-stray-end-tag']);
      expect(report.verdict).toBe('passed');
    },
    120_000,
  );

  it("a server masking a confidential employer's name in the list alone passes the list rules (2.7: the same meaning)", async () => {
    const report = await run(masksInListOnly, 1, ['jobs.list.*', 'jobs.isolation.list']);
    expect([...notPassed(report, 'failed'), ...notPassed(report, 'error')]).toEqual([]);
    expect(report.rules.find((rule) => rule.id === 'jobs.list.header-values')?.status).toBe('passed');
  }, 120_000);

  it('a server asking a key for /positiontypes passes with a warning (4 "All endpoints require authentication" against 4.6 "plain GET")', async () => {
    const report = await wholeRun(1);
    expect(notPassed(report, 'failed')).toEqual([]);
    expect(report.rules.filter((rule) => rule.status === 'warning').map((rule) => rule.id)).toEqual([POSITION_TYPES_WARNING]);
    expect(report.verdict).toBe('passed');
  }, 120_000);
});
