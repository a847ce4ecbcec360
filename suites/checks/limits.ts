/**
 * @module Limits and conditional requirements (spec 2.1, 2.2, 2.5, 4.2, 8).
 * Each length limit is probed at n (accepted, kept as sent) and n + 1
 * (rejected with a 4xx, nothing created) with characters that are one code
 * point and one UTF-16 unit each; what a target does with emoji at the limit
 * is only observed. Every bound is read from the schemas.
 */
import { isSuccess, responseLine } from '../kit/http.js';
import { sameUrl } from '../kit/compare.js';
import * as fc from 'fast-check';
import type { Job } from '../../schemas/index.js';
import { locationCityOnlyArb, locationsArb, locationWithProvinceArb, unusualLocationArb } from '../arbitraries/location.js';
import { applicationEmailArb, applicationUrlArb, emailOfLengthArb, urlOfLengthArb, urlWithoutSchemeArb } from '../arbitraries/routing.js';
import { salaryInputArb, salaryWithoutPeriodArb } from '../arbitraries/salary.js';
import { inputLimits, routingTypeIds } from '../arbitraries/schema-limits.js';
import { astralTextArb, codePointLength, exactLengthTextArb, padToLength } from '../arbitraries/text.js';
import { amountsWithoutFourDecimals, countAmounts, maxAmountForms } from '../kit/amount-decimals.js';
import { createRejected } from '../kit/expect-rejected.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { createJob } from '../kit/jobs.js';
import type { Body, Rule, RuleContext } from '../rule.js';
import { fixedRule } from '../kit/rule-builders.js';

type RoutingKind = 'email' | 'url';

/** The body with routing `kind` and exactly the given address fields. */
function withRouting(body: Body, kind: RoutingKind, address: Body): Body {
  const { applicationEmail: _email, applicationUrl: _url, ...rest } = body;
  return { ...rest, applicantRoutingType: { id: routingTypeIds[kind] }, ...address };
}

const referenceIdLength: Rule = fixedRule(
  {
    id: 'jobs.limits.reference-id-length',
    section: '8',
    area: 'limits',
    title: `A referenceId of ${inputLimits.referenceIdMax} characters is accepted and kept; one of ${inputLimits.referenceIdMax + 1} is rejected`,
  },
  async (ctx: RuleContext) => {
    const max = inputLimits.referenceIdMax; // §8: referenceId <= 50
    const statement = `spec 8: referenceId max ${max} characters`;
    await ctx.check(fc.record({ job: createBodyArb(ctx), filler: exactLengthTextArb(max + 1, 'ascii') }), async ({ job, filler }) => {
      const at = identify(ctx, job);
      const atLimit = padToLength(at.referenceId, filler, max);
      const created = await createJob(ctx, { ...at, referenceId: atLimit }, { anySuccess: true, title: `POST /jobs refused a referenceId of exactly ${max} characters`, expected: statement });
      ctx.expect(created.referenceId === atLimit, {
        title: `the job does not keep a referenceId of ${max} characters as sent`,
        expected: `${statement}: the referenceId comes back as sent`,
        received: JSON.stringify(created.referenceId),
      });
      const over = identify(ctx, job);
      await createRejected(ctx, { ...over, referenceId: padToLength(over.referenceId, filler, max + 1) }, over.referenceId, {
        title: `POST /jobs accepted a referenceId of ${max + 1} characters`,
        expected: statement,
      });
    });
  },
);

const titleLength: Rule = fixedRule(
  {
    id: 'jobs.limits.title-length',
    section: '8',
    area: 'limits',
    title: `A title of ${inputLimits.titleMax} characters is accepted and kept; one of ${inputLimits.titleMax + 1} is rejected`,
  },
  async (ctx: RuleContext) => {
    const max = inputLimits.titleMax; // §8: title <= 256
    const statement = `spec 8: title max ${max} characters`;
    await ctx.check(fc.record({ job: createBodyArb(ctx), filler: exactLengthTextArb(max + 1, 'bmp') }), async ({ job, filler }) => {
      const at = identify(ctx, job);
      const atLimit = padToLength(`${at.referenceId} `, filler, max);
      const created = await createJob(ctx, { ...at, title: atLimit }, { anySuccess: true, title: `POST /jobs refused a title of exactly ${max} characters`, expected: statement });
      ctx.expect(created.title === atLimit, {
        title: `the job does not keep a title of ${max} characters as sent`,
        expected: `${statement}: the title comes back as sent`,
        received: `${codePointLength(created.title)} characters: ${JSON.stringify(created.title)}`,
      });
      const over = identify(ctx, job);
      await createRejected(ctx, { ...over, title: padToLength(`${over.referenceId} `, filler, max + 1) }, over.referenceId, {
        title: `POST /jobs accepted a title of ${max + 1} characters`,
        expected: statement,
      });
    });
    await observeAstralTitle(ctx, max);
  },
);

/** §8 says "characters" without saying how they are counted: record what the target does with emoji at the limit. */
async function observeAstralTitle(ctx: RuleContext, max: number): Promise<void> {
  await ctx.check(
    fc.record({ job: createBodyArb(ctx), text: astralTextArb(max) }),
    async ({ job, text }) => {
      const body = identify(ctx, job);
    const ref = body.referenceId;
      const prefix = `${ref} `;
      const title = prefix + [...text].slice(0, max - prefix.length).join('');
      const res = await ctx.api.create({ ...body, title });
      const sent = `a title of ${codePointLength(title)} code points (${title.length} UTF-16 units, emoji included)`;
      const stored = res.json?.title;
      const observed = isSuccess(res.status)
        ? `accepted ${sent}; stored ${stored === title ? 'as sent' : `as ${codePointLength(stored ?? '')} code points`}`
        : `answered ${res.status} to ${sent}`;
      ctx.observe({ topic: 'title.astral-characters-at-limit', section: '8', observed, note: 'the spec counts "characters"; code points and UTF-16 units differ for emoji' });
    },
    { runs: 1 },
  );
}

function emailOrUrlLength(kind: RoutingKind): Rule {
  const field = kind === 'email' ? 'applicationEmail' : 'applicationUrl';
  const max = kind === 'email' ? inputLimits.applicationEmailMax : inputLimits.applicationUrlMax; // §8: applicationEmail <= 50, applicationUrl <= 200
  const valueArb = kind === 'email' ? emailOfLengthArb : urlOfLengthArb;
  const statement = `spec 8: ${field} max ${max} characters`;
  return fixedRule(
    {
      id: `jobs.limits.application-${kind}-length`,
      section: '8',
      area: 'limits',
      title: `An ${field} of ${max} characters is accepted and kept; one of ${max + 1} is rejected`,
    },
    async (ctx: RuleContext) => {
      const arb = fc.record({ job: createBodyArb(ctx), atLimit: valueArb(max), over: valueArb(max + 1) });
      await ctx.check(arb, async ({ job, atLimit, over }) => {
        const at = identify(ctx, job);
        const created = await createJob(ctx, withRouting(at, kind, { [field]: atLimit }), { anySuccess: true, title: `POST /jobs refused an ${field} of exactly ${max} characters`, expected: statement });
        // A URL's scheme is case-insensitive (RFC 3986 3.1): `HTTPS://` may come back as `https://`.
        ctx.expect(kind === 'url' ? sameUrl(created[field], atLimit) : created[field] === atLimit, {
          title: `the job does not keep an ${field} of ${max} characters as sent`,
          expected: `${statement}: the ${field} comes back as sent`,
          received: JSON.stringify(created[field]),
        });
        const bad = identify(ctx, job);
        await createRejected(ctx, withRouting(bad, kind, { [field]: over }), bad.referenceId, {
          title: `POST /jobs accepted an ${field} of ${max + 1} characters`,
          expected: statement,
        });
      });
    },
  );
}

interface CountSpec {
  field: 'locations' | 'categories';
  min: number;
  max: number;
}

/** A list of exactly `count` entries for `field`, from distinct values. */
function entriesArb(ctx: RuleContext, field: CountSpec['field'], count: number): fc.Arbitrary<unknown[]> {
  if (field === 'locations') return locationsArb({ minLength: count, maxLength: count });
  const distinct = [...new Set(ctx.refs.categoryIds)];
  return fc.shuffledSubarray(distinct, { minLength: count, maxLength: count }).map(function toIdRefs(ids) {
    return ids.map((id) => ({ id }));
  });
}

function countRule(spec: CountSpec): Rule {
  const statement = `spec 8: ${spec.field} per job ${spec.min} to ${spec.max}`;
  return fixedRule(
    {
      id: `jobs.limits.${spec.field}-count`,
      section: '8',
      area: 'limits',
      title: `${spec.min} to ${spec.max} ${spec.field} are accepted; ${spec.min - 1} and ${spec.max + 1} are rejected`,
    },
    async (ctx: RuleContext) => {
      // Only distinct categories make an unambiguous count; a target with few categories limits what can be probed.
      const available = spec.field === 'categories' ? new Set(ctx.refs.categoryIds).size : Number.POSITIVE_INFINITY;
      const accepted: number[] = [];
      for (let n = spec.min; n <= Math.min(spec.max, available); n++) accepted.push(n);
      const rejected = [spec.min - 1, spec.max + 1].filter((n) => n >= 0 && n <= available);
      if (spec.max + 1 > available) {
        ctx.observe({ topic: `${spec.field}.too-few-to-probe`, section: '8', observed: `only ${available} distinct ${spec.field}: ${spec.max + 1} not probed` });
      }
      const arb = fc.record({
        job: createBodyArb(ctx),
        good: fc.tuple(...accepted.map((n) => entriesArb(ctx, spec.field, n))),
        bad: fc.tuple(...rejected.map((n) => entriesArb(ctx, spec.field, n))),
      });
      await ctx.check(arb, async ({ job, good, bad }) => {
        for (const entries of good) {
          const body = identify(ctx, job);
          const created = await createJob(ctx, { ...body, [spec.field]: entries }, { anySuccess: true, title: `POST /jobs refused ${entries.length} ${spec.field}`, expected: statement });
          ctx.expect(created[spec.field].length === entries.length, {
            title: `the job does not keep its ${entries.length} ${spec.field}`,
            expected: `${statement}: the ${spec.field} come back as sent`,
            received: `${created[spec.field].length} ${spec.field}: ${JSON.stringify(created[spec.field])}`,
          });
        }
        for (const entries of bad) {
          const body = identify(ctx, job);
    const ref = body.referenceId;
          await createRejected(ctx, { ...body, [spec.field]: entries }, ref, { title: `POST /jobs accepted ${entries.length} ${spec.field}`, expected: statement });
        }
      });
    },
  );
}

const locationForms: Rule = fixedRule(
  {
    id: 'jobs.limits.location-forms',
    section: '2.2',
    area: 'limits',
    title: 'Both location input forms, `City` and `City, ProvinceCode`, are accepted',
  },
  async (ctx: RuleContext) => {
    // Half the `City, PC` draws are names with punctuation or letters beyond A-Z: spec 2.2 accepts any valid Canadian place.
    const withCode = fc.oneof(locationWithProvinceArb, unusualLocationArb);
    const arb = fc.record({ job: createBodyArb(ctx), withCode, cityOnly: locationCityOnlyArb });
    await ctx.check(arb, async ({ job, withCode, cityOnly }) => {
      for (const [form, location] of [
        ['<City>, <ProvinceCode>', withCode],
        ['<City>', cityOnly],
      ] as const) {
        const body = identify(ctx, job);
        await createJob(ctx, { ...body, locations: [location] }, {
          anySuccess: true,
          title: `POST /jobs refused the location "${location.description}" (form ${form})`,
          expected: `spec 2.2: a location description takes the form ${form}`,
        });
      }
    });
  },
);

/**
 * Spec 2.2 and 8: a location description is at most 300 characters. Only the rejection over the limit is
 * probed: a city name long enough to reach 300 is not a "valid Canadian location", which a server may refuse.
 */
const locationDescriptionLength: Rule = fixedRule(
  {
    id: 'jobs.limits.location-description-length',
    section: '8',
    area: 'limits',
    title: `A location description of ${inputLimits.locationDescriptionMax + 1} characters is rejected`,
  },
  async (ctx: RuleContext) => {
    const max = inputLimits.locationDescriptionMax; // §2.2, §8: location description <= 300
    const arb = fc.record({ job: createBodyArb(ctx), place: locationWithProvinceArb });
    await ctx.check(arb, async ({ job, place }) => {
      const body = identify(ctx, job);
    const ref = body.referenceId;
      const [city, province] = place.description.split(', ');
      const description = `${padToLength(`${city} `, 'Saint-Laurent-'.repeat(30), max + 1 - `, ${province}`.length)}, ${province}`;
      await createRejected(ctx, { ...body, locations: [{ description }] }, ref, {
        title: `POST /jobs accepted a location description of ${description.length} characters`,
        expected: `spec 2.2 and 8: location description max ${max} characters`,
      });
    }, { runs: Math.min(ctx.runs, 5) });
  },
);

const salaryPeriodRequired: Rule = fixedRule(
  {
    id: 'jobs.limits.salary-period-required',
    section: '2.5',
    area: 'limits',
    title: 'A salary amount without salary.period.id is rejected',
  },
  async (ctx: RuleContext) => {
    await ctx.check(fc.record({ job: createBodyArb(ctx), salary: salaryWithoutPeriodArb }), async ({ job, salary }) => {
      const body = identify(ctx, job);
    const ref = body.referenceId;
      await createRejected(ctx, { ...body, salary }, ref, {
        title: 'POST /jobs accepted a salary amount without a period',
        expected: 'spec 2.5: salary.period.id is required when salary.amount is given',
      });
    });
  },
);

const salaryFourDecimals: Rule = fixedRule(
  {
    id: 'jobs.limits.salary-four-decimals',
    section: '2.5',
    area: 'limits',
    title: 'Salary amount in responses carries four decimal places',
  },
  async (ctx: RuleContext) => {
    await ctx.check(fc.record({ job: createBodyArb(ctx), salary: salaryInputArb }), async ({ job, salary }) => {
      const body = identify(ctx, job);
      const res = await ctx.api.create({ ...body, salary });
      ctx.expect(isSuccess(res.status) && res.json !== undefined, {
        title: 'POST /jobs refused a job with a valid salary',
        expected: 'spec 2.5 and 4.2: a salary with amount and period is valid: 2xx',
        received: responseLine(res),
      });
      const read = await ctx.api.get(res.json.id);
      for (const [what, r] of [['POST /jobs', res], [`GET /jobs/${res.json.id}`, read]] as const) {
        const wrong = amountsWithoutFourDecimals(r.text);
        ctx.expect(countAmounts(r.text) > 0 && wrong.length === 0, {
          title: `${what} writes the salary amount without four decimal places`,
          expected: `spec 2.5: responses carry four decimal places (e.g. "amount": ${salary.amount.toFixed(4)})`,
          received: wrong.length > 0 ? wrong.join(', ') : `no "amount" in ${responseLine(r)}`,
          failingExchange: r.exchange,
        });
        // 2.5 states four places for amount only; maxAmount is a "Decimal" in any form.
        for (const form of maxAmountForms(r.text)) ctx.observe({ topic: 'salary.max-amount-form', section: '2.5', observed: form });
      }
    });
  },
);

function routingAddressRequired(kind: RoutingKind): Rule {
  const field = kind === 'email' ? 'applicationEmail' : 'applicationUrl';
  const id = routingTypeIds[kind];
  return fixedRule(
    {
      id: `jobs.limits.routing-${kind}-required`,
      section: '4.2',
      area: 'limits',
      title: `Routing type ${id} without ${field} is rejected`,
    },
    async (ctx: RuleContext) => {
      await ctx.check(createBodyArb(ctx), async (job) => {
        const body = identify(ctx, job);
    const ref = body.referenceId;
        await createRejected(ctx, withRouting(body, kind, {}), ref, {
          title: `POST /jobs accepted applicantRoutingType ${id} without ${field}`,
          expected: `spec 4.2: ${field} is required when applicantRoutingType.id is ${id}`,
        });
      });
    },
  );
}

const routingUrlScheme: Rule = fixedRule(
  {
    id: 'jobs.limits.routing-url-scheme',
    section: '4.2',
    area: 'limits',
    title: 'An applicationUrl without http:// or https:// is rejected',
  },
  async (ctx: RuleContext) => {
    await ctx.check(fc.record({ job: createBodyArb(ctx), url: urlWithoutSchemeArb }), async ({ job, url }) => {
      const body = identify(ctx, job);
    const ref = body.referenceId;
      await createRejected(ctx, withRouting(body, 'url', { applicationUrl: url }), ref, {
        title: `POST /jobs accepted the applicationUrl "${url}" without a scheme`,
        expected: 'spec 4.2: applicationUrl includes http:// or https://',
      });
    });
  },
);

const routingOtherFieldNull: Rule = fixedRule(
  {
    id: 'jobs.limits.routing-other-field-null',
    section: '2.1',
    area: 'limits',
    title: 'The address field of the other routing type is null in responses, also after switching type',
  },
  async (ctx: RuleContext) => {
    const arb = fc.record({ job: createBodyArb(ctx), email: applicationEmailArb, url: applicationUrlArb });
    await ctx.check(arb, async ({ job, email, url }) => {
      const statement = 'spec 2.1: applicationEmail applies only to routing type 1 and applicationUrl only to type 2; null in responses when not applicable';
      const expectNull = (where: string, got: Job, field: 'applicationEmail' | 'applicationUrl'): void => {
        ctx.expect(got[field] === null, {
          title: `${where}: ${field} is not null for routing type ${got.applicantRoutingType.id}`,
          expected: statement,
          received: `${field}: ${JSON.stringify(got[field])}`,
        });
      };
      const byEmail = await createJob(ctx, withRouting(identify(ctx, job), 'email', { applicationEmail: email }), { anySuccess: true, title: 'POST /jobs refused routing type 1 with an applicationEmail', expected: statement });
      expectNull('POST /jobs (routing type 1)', byEmail, 'applicationUrl');
      const byUrl = await createJob(ctx, withRouting(identify(ctx, job), 'url', { applicationUrl: url }), { anySuccess: true, title: 'POST /jobs refused routing type 2 with an applicationUrl', expected: statement });
      expectNull('POST /jobs (routing type 2)', byUrl, 'applicationEmail');
      // Switching type by a partial update makes the old address inapplicable.
      const switched = await ctx.api.putById(byEmail.id, { applicantRoutingType: { id: routingTypeIds.url }, applicationUrl: url });
      ctx.expect(isSuccess(switched.status) && switched.json !== undefined, {
        title: `PUT /jobs/${byEmail.id} refused switching routing type 1 to 2 with an applicationUrl`,
        expected: 'spec 4.3: a partial update changes only the fields sent: 200 with the full job',
        received: responseLine(switched),
      });
      expectNull(`PUT /jobs/${byEmail.id} (switched to routing type 2)`, switched.json, 'applicationEmail');
      const read = await ctx.api.get(byEmail.id);
      if (read.json) expectNull(`GET /jobs/${byEmail.id} (after switching to routing type 2)`, read.json, 'applicationEmail');
    });
  },
);

/**
 * The limits rules, in report order.
 *
 * @example
 * import { limitsRules } from './checks/limits.js';
 * export const rules = [...limitsRules];
 */
export const limitsRules: Rule[] = [
  referenceIdLength,
  titleLength,
  emailOrUrlLength('email'),
  emailOrUrlLength('url'),
  countRule({ field: 'locations', min: inputLimits.locationsMin, max: inputLimits.locationsMax }),
  countRule({ field: 'categories', min: inputLimits.categoriesMin, max: inputLimits.categoriesMax }),
  locationForms,
  locationDescriptionLength,
  salaryPeriodRequired,
  salaryFourDecimals,
  routingAddressRequired('email'),
  routingAddressRequired('url'),
  routingUrlScheme,
  routingOtherFieldNull,
];
