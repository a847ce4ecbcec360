/**
 * @module Concurrency: PUT is idempotent (spec 4.2, 4.3) and a referenceId
 * is used once (4.2, 7.1), also when the requests race. Several identical
 * requests sent at once must leave exactly one job. These rules run alone
 * (`exclusive`): the race is theirs, not shared with other rules' traffic.
 */
import * as fc from 'fast-check';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { show } from '../../judging/compare.js';
import { isSuccess } from '../kit/http.js';
import { listJobs } from '../kit/jobs.js';
import { propertyRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';

function statuses(responses: ApiResponse[]): string {
  return responses.map((res) => res.status).join(', ');
}

function raceRule(entry: RuleEntry, method: 'PUT' | 'POST', expectation: string): Implementation {
  return propertyRule(entry, {
    maxRuns: 5,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), parallel: fc.integer({ min: 2, max: 6 }) }),
    check: async (ctx: RuleContext, { generated, parallel }: { generated: Body; parallel: number }) => {
      const body = identify(ctx, generated);
      const responses = await Promise.all(Array.from({ length: parallel }, () => ctx.api.client.request({ method, path: '/jobs', body })));
      ctx.expect(
        responses.every((res) => res.status < 500),
        {
          title: `concurrent ${method}s answered ${statuses(responses)}`,
          expected: `every request answered without a 5xx (spec 7); ${expectation}`,
          received: `statuses ${statuses(responses)}`,
        },
      );
      const list = await listJobs(ctx, { q: body.referenceId, pageSize: 100 });
      const matching = list.json.data.filter((item) => item.referenceId === body.referenceId);
      const created = responses.filter((res) => isSuccess(res.status)).length;
      ctx.expect(matching.length === 1 && (method === 'PUT' || created === 1), {
        title: `${parallel} concurrent ${method}s with one referenceId left ${matching.length} job(s)`,
        expected: expectation,
        received: `statuses ${statuses(responses)}; listed ids ${show(matching.map((item) => item.id))}`,
      });
    },
  });
}

export const concurrencyRules: Implementation[] = [
  raceRule(
    {
      id: 'jobs.concurrency.put-create-once',
      section: '4.3',
      level: 'must',
      title: 'Concurrent PUT-creates with one referenceId leave exactly one job',
      statement: 'PUT is recommended whenever a `referenceId` is used, because PUT is idempotent.',
      exclusive: true,
    },
    'PUT',
    'exactly one job with that referenceId: PUT is idempotent (spec 4.2, 4.3)',
  ),
  raceRule(
    {
      id: 'jobs.concurrency.post-once',
      section: '4.2',
      level: 'must',
      title: 'Concurrent POSTs with one referenceId create exactly one job',
      statement: 'Posting a `referenceId` that already exists rejects the request from the second time onward.',
      exclusive: true,
    },
    'POST',
    'exactly one 2xx and one job: a referenceId already in use is rejected (spec 4.2, 7.1)',
  ),
];
