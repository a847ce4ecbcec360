/**
 * A rule that sends several places in one body and sees it refused names the
 * places refused, not the whole set: it retries them one by one first.
 */
import { expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import { UNUSUAL_PLACES } from '../../suites/arbitraries/location.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { answerInstead, isPost, jsonResponse, mockOptions, requestJson } from '../mutants/kit.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };

it('jobs.limits.location-forms names the one place a target refuses among those sent together', async () => {
  const [first, refused, third] = UNUSUAL_PLACES.withProvince;
  const sendsRefused = (req: Parameters<typeof isPost>[0]): boolean =>
    isPost(req) && JSON.stringify(requestJson(req)?.locations ?? []).includes(JSON.stringify(refused!.description));
  const transform = answerInstead(sendsRefused, () => jsonResponse(400, { message: 'unknown place' }));
  await using mock = await createMockServer(mockOptions({ transform }));
  const report = await runConformance({
    baseUrl: mock.url,
    ...KEYS,
    seed: 5,
    runs: 2,
    maxShrinks: 0,
    only: ['jobs.limits.location-forms'],
  });
  const [rule] = report.rules;
  expect(rule?.status).toBe('failed');
  const title = rule!.mismatches[0]!.title;
  expect(title).toContain(JSON.stringify(refused!.description));
  expect(title).not.toContain(JSON.stringify(first!.description));
  expect(title).not.toContain(JSON.stringify(third!.description));
}, 60_000);
