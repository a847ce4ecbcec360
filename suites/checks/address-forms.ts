/**
 * @module Every form of an application address (spec 2.1: applicationUrl "String (URL)", max 200; applicationEmail
 * "String", max 50). A URL is more than `https://host/path`: a port, a host written as an IPv4 or IPv6 address or in
 * punycode, no path at all, a deep subdomain. An email is more than `name@host`: dots and a plus tag in its local
 * part, a hyphen, a deep subdomain or punycode in its domain. A validator written from the common form refuses the
 * others, and a normalizer rewrites them. Each form goes out on every write path (POST, PUT-create, PUT by id, by
 * referenceId and through the override, where the target honours it), and must be taken and come back as sent (a
 * URL's scheme and an email's domain in any case: sameUrl, sameEmail).
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { routingTypeIds } from '../arbitraries/schema-limits.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { sameEmail, sameUrl, show } from '../../judging/compare.js';
import { expectStatus, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { declinesUpdate, formLabel, sendUpdate, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';

/** One URL of each form (documentation hosts and addresses: RFC 2606, 5737, 3849), each within 200 characters. */
export const URL_FORMS: readonly string[] = [
  'https://jobs.example.com:8443/apply',
  'https://203.0.113.7/apply',
  'https://[2001:db8::7]:8080/apply',
  'https://xn--caf-dma.example/emplois',
  'https://jobs.example.com',
  'https://eu.west.careers.jobs.example.co.uk/apply/1',
];

/** One email of each form (documentation domains: RFC 2606), each within 50 characters. */
export const EMAIL_FORMS: readonly string[] = [
  'first.last@example.com',
  'apply+jobs@example.com',
  'hr@careers-north.example.com',
  'hr@eu.west.careers.example.com',
  'hr@xn--caf-dma.example',
  'jobs2027@example.org',
];

/** An address field, the routing type it goes with (2.6), and how a kept one is compared. */
interface Address {
  field: 'applicationUrl' | 'applicationEmail';
  routing: number;
  /** The plain address a job of the case starts with, before a PUT writes the form. */
  plain: string;
  forms: readonly string[];
  same(got: unknown, sent: string): boolean;
  statement: string;
}

/** The create body routed to `address` (its routing type), without the other routing's address. */
function routedTo(body: Body, { field, routing }: Address, address: string): Body {
  const { applicationEmail: _email, applicationUrl: _url, ...rest } = body;
  return { ...rest, applicantRoutingType: { id: routing }, [field]: address };
}

/** Fails unless the answer of `what` and a GET after it carry `address` as sent. */
async function expectKept(ctx: RuleContext, kind: Address, what: string, res: ApiResponse<Job>, address: string): Promise<void> {
  const { field } = kind;
  expectStatus(ctx, res, (status) => status >= 200 && status < 300, `${what} with ${field} ${address} is taken (spec 2.1)`);
  const job = jobOf(res);
  for (const [where, got] of [
    [`the answer of ${what}`, job[field]],
    [`GET /jobs/${job.id}`, (await getJob(ctx, job.id))[field]],
  ] as const) {
    ctx.expect(kind.same(got, address), {
      title: `${where} changed the ${field} ${address}`,
      expected: `${field} comes back as sent (spec 2.1: ${kind.statement}; 4.2: the body is symmetrical with the GET result)`,
      received: `sent ${show(address)}, got ${show(got)}`,
      failingExchange: res.exchange,
    });
  }
}

function addressFormsRule(entry: RuleEntry, kind: Address): Implementation {
  return propertyRule<{ generated: Body; address: string }>(entry, {
    maxRuns: 1,
    independentCases: true,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), address: fc.constantFrom(...kind.forms) }),
    examples: () => kind.forms.map((address) => ({ address })),
    check: async (ctx: RuleContext, { generated, address }) => {
      await expectKept(ctx, kind, 'POST /jobs', await ctx.api.create(routedTo(identify(ctx, generated), kind, address)), address);
      const created = identify(ctx, generated);
      const putCreate = await ctx.api.putByReference({ ...routedTo(created, kind, address), referenceId: created.referenceId });
      await expectKept(ctx, kind, 'PUT /jobs (a new referenceId)', putCreate, address);
      // Each update form on a job of its own that holds the plain address: a path that ignores the field shows.
      for (const form of UPDATE_FORMS) {
        const job = await createJob(ctx, routedTo(identify(ctx, generated), kind, kind.plain));
        const res = await sendUpdate(ctx, form, job, { [kind.field]: address });
        if (await declinesUpdate(ctx, form, job, res)) continue;
        await expectKept(ctx, kind, formLabel(form, job), res, address);
      }
    },
  });
}

export const urlFormsRule: Implementation = addressFormsRule(
  {
    id: 'jobs.roundtrip.url-forms',
    section: '2.1',
    level: 'must',
    title: 'An applicationUrl in every form (a port, an IPv4 or IPv6 host, punycode, no path) is taken and kept, on every write path',
    statement: 'applicationUrl | String, max 200 | Address where candidates apply, including `http://` or `https://`.',
  },
  {
    field: 'applicationUrl',
    routing: routingTypeIds.url,
    plain: 'https://jobs.example.com/apply',
    forms: URL_FORMS,
    same: sameUrl,
    statement: 'String (URL), the scheme in any case',
  },
);

export const emailFormsRule: Implementation = addressFormsRule(
  {
    id: 'jobs.roundtrip.email-forms',
    section: '2.1',
    level: 'must',
    title:
      'An applicationEmail in every form (dots, a plus tag, a hyphenated, deep or punycode domain) is taken and kept, on every write path',
    statement: 'applicationEmail | String, max 50 | Address that receives a copy of each application.',
  },
  {
    field: 'applicationEmail',
    routing: routingTypeIds.email,
    plain: 'apply@example.com',
    forms: EMAIL_FORMS,
    same: sameEmail,
    statement: 'String, the domain in any case',
  },
);
