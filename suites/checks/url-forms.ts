/**
 * @module Every form of an application URL (spec 2.1: applicationUrl "String (URL)", max 200). A URL is more than
 * `https://host/path`: a port, a host written as an IPv4 or IPv6 address or in punycode, no path at all, a deep
 * subdomain. A validator written from the common form refuses the others, and a normalizer rewrites them. Each form
 * goes out on every write path (POST, PUT-create, PUT by id, by referenceId and through the override, where the target
 * honours it), and must be taken and come back as sent (the scheme in any case, sameUrl).
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { routingTypeIds } from '../arbitraries/schema-limits.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { sameUrl, show } from '../../judging/compare.js';
import { expectStatus, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { declinesOverride, formLabel, sendUpdate, STATED_UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

/** One URL of each form (documentation hosts and addresses: RFC 2606, 5737, 3849), each within 200 characters. */
export const URL_FORMS: readonly string[] = [
  'https://jobs.example.com:8443/apply',
  'https://203.0.113.7/apply',
  'https://[2001:db8::7]:8080/apply',
  'https://xn--caf-dma.example/emplois',
  'https://jobs.example.com',
  'https://eu.west.careers.jobs.example.co.uk/apply/1',
];

/** The create body routed to `url` (routing type 2), without the email address another routing would carry. */
function routedTo(body: Body, url: string): Body {
  const { applicationEmail: _email, ...rest } = body;
  return { ...rest, applicantRoutingType: { id: routingTypeIds.url }, applicationUrl: url };
}

/** The plain address a job of the case starts with, before a PUT writes the form. */
const PLAIN_URL = 'https://jobs.example.com/apply';

/** Fails unless the answer of `what` and a GET after it carry `url` as sent. */
async function expectKeptUrl(ctx: RuleContext, what: string, res: ApiResponse<Job>, url: string): Promise<void> {
  expectStatus(ctx, res, (status) => status >= 200 && status < 300, `${what} with applicationUrl ${url} is taken: a URL (spec 2.1)`);
  const job = jobOf(res);
  for (const [where, got] of [
    [`the answer of ${what}`, job.applicationUrl],
    [`GET /jobs/${job.id}`, (await getJob(ctx, job.id)).applicationUrl],
  ] as const) {
    ctx.expect(sameUrl(got, url), {
      title: `${where} changed the applicationUrl ${url}`,
      expected: 'applicationUrl comes back as sent (spec 2.1: String (URL); 4.2: the body is symmetrical with the GET result)',
      received: `sent ${show(url)}, got ${show(got)}`,
      failingExchange: res.exchange,
    });
  }
}

export const urlFormsRule: Implementation = propertyRule<{ generated: Body; url: string }>(
  {
    id: 'jobs.roundtrip.url-forms',
    section: '2.1',
    level: 'must',
    title: 'An applicationUrl in every form (a port, an IPv4 or IPv6 host, punycode, no path) is taken and kept, on every write path',
    statement: 'applicationUrl | String, max 200 | Address where candidates apply, including `http://` or `https://`.',
  },
  {
    maxRuns: 1,
    independentCases: true,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), url: fc.constantFrom(...URL_FORMS) }),
    examples: () => URL_FORMS.map((url) => ({ url })),
    check: async (ctx: RuleContext, { generated, url }) => {
      await expectKeptUrl(ctx, 'POST /jobs', await ctx.api.create(routedTo(identify(ctx, generated), url)), url);
      const created = identify(ctx, generated);
      await expectKeptUrl(
        ctx,
        'PUT /jobs (a new referenceId)',
        await ctx.api.putByReference({ ...routedTo(created, url), referenceId: created.referenceId }),
        url,
      );
      // Each update form on a job of its own that holds the plain address: a path that ignores the field shows.
      for (const form of STATED_UPDATE_FORMS) {
        const job = await createJob(ctx, routedTo(identify(ctx, generated), PLAIN_URL));
        const res = await sendUpdate(ctx, form, job, { applicationUrl: url });
        if (form === 'override' && (await declinesOverride(ctx, job, res))) continue;
        await expectKeptUrl(ctx, formLabel(form, job), res, url);
      }
    },
  },
);
