/**
 * @module Application routing (spec 2.1, 8): the address lengths, the address the routing
 * type requires, a URL with a scheme, and the other address null.
 */
import { isSuccess, responseLine } from '../../kit/http.js';
import { sameFieldValue } from '../../../judging/compare.js';
import * as fc from 'fast-check';
import type { Job } from '../../../schemas/index.js';
import {
  applicationEmailArb,
  applicationUrlArb,
  applicationUrlSchemeVariantArb,
  emailOfLengthArb,
  urlOfLengthArb,
  urlsWithoutHttpScheme,
  urlWithoutSchemeArb,
} from '../../arbitraries/routing.js';
import { inputLimits, routingTypeIds } from '../../arbitraries/schema-limits.js';
import { createRejected } from '../../kit/expect-rejected.js';
import { createBodyArb, identify } from '../../kit/bodies.js';
import { createJob } from '../../kit/jobs.js';
import type { Body, RuleContext } from '../../contract/rule.js';
import { formLabel, sendUnlessDeclined, WRITE_FORMS } from '../../kit/rejected-writes.js';
import { byEachEmployer, fixedRule, type Implementation, type RuleEntry } from '../../kit/rule-builders.js';
import { largestKeptOnEveryWrite, lengthsKeptOnEveryWrite } from './largest-valid.js';
import { otherKind, PLAIN_ADDRESS, RoutingKind, withRouting } from './routing-body.js';

export function emailOrUrlLength(entry: RuleEntry, kind: RoutingKind): Implementation {
  const field = kind === 'email' ? 'applicationEmail' : 'applicationUrl';
  const max = kind === 'email' ? inputLimits.applicationEmailMax : inputLimits.applicationUrlMax; // §8: applicationEmail <= 50, applicationUrl <= 200
  const valueArb = kind === 'email' ? emailOfLengthArb : urlOfLengthArb;
  const statement = `spec 8: ${field} max ${max} characters`;
  return fixedRule(entry, async (ctx: RuleContext) => {
    const arb = fc.record({ job: createBodyArb(ctx), atLimit: valueArb(max), over: valueArb(max + 1) });
    await ctx.check(
      arb,
      async ({ job, atLimit, over }) => {
        const at = identify(ctx, job);
        const created = await createJob(ctx, withRouting(at, kind, { [field]: atLimit }), {
          anySuccess: true,
          title: `POST /jobs refused an ${field} of exactly ${max} characters`,
          expected: statement,
        });
        ctx.expect(sameFieldValue(field, created[field], atLimit), {
          title: `the job does not keep an ${field} of ${max} characters as sent`,
          expected: `${statement}: the ${field} comes back as sent`,
          received: JSON.stringify(created[field]),
        });
        const bad = identify(ctx, job);
        await createRejected(ctx, withRouting(bad, kind, { [field]: over }), bad.referenceId, {
          title: `POST /jobs accepted an ${field} of ${max + 1} characters`,
          expected: statement,
        });
      },
      { independentCases: true },
    );
    await lengthsKeptOnEveryWrite<string>(ctx, max, (size) => ({
      field,
      what: `an ${field} of ${size} characters`,
      statement,
      material: valueArb(size),
      into: (body, _marker, value) => withRouting(body, kind, { [field]: value }),
    }));
    if (kind === 'url') await rawLettersUrlAtLimit(ctx, max, statement);
  });
}

/** Letters, most beyond ASCII, each one code point and one UTF-16 unit: every count of "characters" agrees on them. */
const RAW_LETTERS = 'caféжёлтыйñandúΩμέγα日本語';
const URL_BASE = 'https://jobs.example.com/';

/**
 * 8 counts characters. A URL may be written with letters beyond ASCII as they are (an IRI) or percent-encoded, and a
 * server may refuse the raw form outright (RFC 3986 has no such letters): so an applicationUrl of `max` characters
 * whose path holds them raw is judged only where the target takes a short one with the same letters. Then refusing
 * it counts the URL otherwise than by its characters (percent-encoded, three per UTF-8 byte). How the target keeps a
 * raw URL (as sent or percent-encoded) is open, so only its acceptance is judged. A URL POST took goes through every
 * other write too, which must take it (4.3: a PUT body obeys the rules of POST).
 */
async function rawLettersUrlAtLimit(ctx: RuleContext, max: number, statement: string): Promise<void> {
  const atLimit = URL_BASE + RAW_LETTERS.repeat(Math.ceil(max / RAW_LETTERS.length)).slice(0, max - URL_BASE.length);
  let taken = false;
  await ctx.check(
    createBodyArb(ctx),
    async (generated) => {
      const res = await ctx.api.create(withRouting(identify(ctx, generated), 'url', { applicationUrl: atLimit }));
      if (isSuccess(res.status)) {
        taken = true;
        return;
      }
      const short = await ctx.api.create(withRouting(identify(ctx, generated), 'url', { applicationUrl: URL_BASE + RAW_LETTERS }));
      if (!isSuccess(short.status)) return;
      ctx.expect(false, {
        title: `POST /jobs refused an applicationUrl of ${max} characters with letters beyond ASCII, and took a short one with them`,
        expected: `${statement}, counted in characters as sent, and ${URL_BASE + RAW_LETTERS} was taken`,
        received: responseLine(res),
        failingExchange: res.exchange,
      });
    },
    { runs: 1 },
  );
  if (!taken) return;
  await largestKeptOnEveryWrite(ctx, {
    field: 'applicationUrl',
    what: `an applicationUrl of ${max} characters with letters beyond ASCII`,
    statement: `${statement}, and POST took this one`,
    material: fc.constant(atLimit),
    into: (body, _marker, url) => withRouting(body, 'url', { applicationUrl: url }),
    takenOnly: true,
  });
}

/**
 * The routing type without the address it requires: with the other type's address (the first case, then as drawn),
 * the combination where a server may fall back to the other routing type, and with no address.
 */
export function routingAddressRequired(entry: RuleEntry, kind: RoutingKind): Implementation {
  const field = kind === 'email' ? 'applicationEmail' : 'applicationUrl';
  const id = routingTypeIds[kind];
  const otherAddress = PLAIN_ADDRESS[otherKind(kind)];
  const [other] = Object.keys(otherAddress);
  return fixedRule(entry, async (ctx: RuleContext) => {
    await ctx.check(
      fc.record({ job: createBodyArb(ctx), withOther: fc.boolean() }),
      async ({ job, withOther }) => {
        const body = identify(ctx, job);
        const ref = body.referenceId;
        await createRejected(ctx, withRouting(body, kind, withOther ? otherAddress : {}), ref, {
          title: `POST /jobs accepted applicantRoutingType ${id} without ${field}${withOther ? `, with an ${other}` : ''}`,
          expected: `spec 4.2: ${field} is required when applicantRoutingType.id is ${id}`,
        });
      },
      { examples: [{ withOther: true }, { withOther: false }], independentCases: true },
    );
  });
}

export const routingUrlScheme: Implementation = fixedRule(
  {
    id: 'jobs.limits.routing-url-scheme',
    section: '4.2',
    level: 'must',
    title: 'An applicationUrl without http:// or https:// (none, another scheme, scheme-relative, a near miss) is rejected',
    statement: 'Required when `applicantRoutingType.id` is 2. Includes `http://` or `https://`.',
  },
  async (ctx: RuleContext) => {
    const examples = urlsWithoutHttpScheme.map((url) => ({ url }));
    await ctx.check(
      fc.record({ job: createBodyArb(ctx), url: urlWithoutSchemeArb }),
      async ({ job, url }) => {
        const body = identify(ctx, job);
        await createRejected(ctx, withRouting(body, 'url', { applicationUrl: url }), body.referenceId, {
          title: `POST /jobs accepted the applicationUrl "${url}", which includes neither http:// nor https://`,
          expected: 'spec 4.2: applicationUrl includes http:// or https://',
        });
      },
      { examples, independentCases: true },
    );
  },
);

/**
 * The one owner of an upper- or mixed-case scheme (`HTTPS://`): RFC 3986 makes it the same scheme, but
 * spec 4.2 writes "http:// or https://" literally, so a server that checks the text may refuse it. Good
 * practice, not a must; every other rule sends the scheme lower-case. Kept means the same URL, the scheme
 * compared case-insensitively (a server may store it lower-case).
 */
export const urlSchemeCase: Implementation = fixedRule(
  {
    id: 'jobs.limits.url-scheme-case',
    section: '4.2',
    level: 'should',
    title:
      'An applicationUrl whose scheme is written in upper or mixed case (HTTPS://, Http://; RFC 3986 3.1: case-insensitive) is accepted and kept',
    statement: 'Good practice; the spec says: Required when `applicantRoutingType.id` is 2. Includes `http://` or `https://`.',
  },
  async (ctx: RuleContext) => {
    const statement = 'good practice (RFC 3986 3.1: a scheme is case-insensitive; spec 4.2: applicationUrl includes http:// or https://)';
    await ctx.check(
      fc.record({ job: createBodyArb(ctx), url: applicationUrlSchemeVariantArb }),
      async ({ job, url }) => {
        const created = await createJob(ctx, withRouting(identify(ctx, job), 'url', { applicationUrl: url }), {
          anySuccess: true,
          title: `POST /jobs refused the applicationUrl "${url}" (scheme not in lower case)`,
          expected: statement,
        });
        ctx.expect(sameFieldValue('applicationUrl', created.applicationUrl, url), {
          title: `the job does not keep the applicationUrl "${url}"`,
          expected: `${statement}: the same URL comes back (the scheme in any case)`,
          received: JSON.stringify(created.applicationUrl),
        });
      },
      { runs: Math.min(ctx.runs, 5) },
    );
  },
);

export const routingOtherFieldNull: Implementation = byEachEmployer(
  fixedRule(
    {
      id: 'jobs.limits.routing-other-field-null',
      section: '2.1',
      level: 'must',
      title: 'The address field of the other routing type is null in responses, also after switching type, for each employer',
      statement:
        'Applies only when routing type is 1. Null in responses when not applicable. … Applies ' +
        'only when routing type is 2. Null in responses when not applicable.',
    },
    async (ctx: RuleContext) => {
      const arb = fc.record({ job: createBodyArb(ctx), email: applicationEmailArb, url: applicationUrlArb });
      await ctx.check(
        arb,
        async ({ job, email, url }) => {
          const statement =
            'spec 2.1: applicationEmail applies only to routing type 1 and applicationUrl only to type 2; null in responses when not applicable';
          const expectNull = (where: string, got: Job, field: 'applicationEmail' | 'applicationUrl'): void => {
            ctx.expect(got[field] === null, {
              title: `${where}: ${field} is not null for routing type ${got.applicantRoutingType.id}`,
              expected: statement,
              received: `${field}: ${JSON.stringify(got[field])}`,
            });
          };
          const byEmail = await createJob(ctx, withRouting(identify(ctx, job), 'email', { applicationEmail: email }), {
            anySuccess: true,
            title: 'POST /jobs refused routing type 1 with an applicationEmail',
            expected: statement,
          });
          expectNull('POST /jobs (routing type 1)', byEmail, 'applicationUrl');
          const byUrl = await createJob(ctx, withRouting(identify(ctx, job), 'url', { applicationUrl: url }), {
            anySuccess: true,
            title: 'POST /jobs refused routing type 2 with an applicationUrl',
            expected: statement,
          });
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
          // Both addresses sent: the one that does not apply may be refused (observed) or taken, and then shown null.
          for (const [type, other] of [
            ['email', 'applicationUrl'],
            ['url', 'applicationEmail'],
          ] as const) {
            const body = withRouting(identify(ctx, job), type, { applicationEmail: email, applicationUrl: url });
            const res = await ctx.api.create(body);
            ctx.observe({ topic: 'routing.both-addresses', section: '2.1', observed: `routing type ${type}: ${res.status}` });
            if (!isSuccess(res.status) || res.json === undefined) continue;
            expectNull(`POST /jobs (routing type ${type}, both addresses sent)`, res.json, other);
            const got = await ctx.api.get(res.json.id);
            if (got.json) expectNull(`GET /jobs/${res.json.id} (routing type ${type}, both addresses sent)`, got.json, other);
          }
        },
        { independentCases: true },
      );
      await ctx.check(arb, ({ job, email, url }) => bothAddressesOnLaterWrites(ctx, job, email, url), { runs: 1 });
    },
  ),
);

/**
 * Both addresses sent by every write besides POST (the PUT-creates, and the updates of a job routed the other way, which
 * switch it), for each routing type: the one that does not apply may be refused (observed) or taken, and then it is
 * null in the write's answer and a GET (2.1; 4.3: "Request body fields are the same as POST"). A path that stores a
 * body as sent, where POST clears the other address, shows it.
 */
async function bothAddressesOnLaterWrites(ctx: RuleContext, job: Body, email: string, url: string): Promise<void> {
  for (const [type, other] of [
    ['email', 'applicationUrl'],
    ['url', 'applicationEmail'],
  ] as const) {
    for (const form of WRITE_FORMS.filter((f) => f !== 'post')) {
      // Each write has a job of its own routed the other way: an update switches it, a create leaves it as it is.
      const target = await createJob(ctx, withRouting(identify(ctx, job), otherKind(type), PLAIN_ADDRESS[otherKind(type)]));
      const patch = withRouting({}, type, { applicationEmail: email, applicationUrl: url });
      const res = await sendUnlessDeclined(ctx, form, { job: target, patch, fresh: identify(ctx, job) });
      if (res === undefined) continue;
      ctx.observe({ topic: 'routing.both-addresses', section: '2.1', observed: `${formLabel(form)}, routing type ${type}: ${res.status}` });
      if (!isSuccess(res.status) || res.json === undefined) continue;
      const where = `${formLabel(form, target)} (routing type ${type}, both addresses sent)`;
      for (const [read, got] of [
        [where, res.json],
        [`GET /jobs/${res.json.id} after ${where}`, (await ctx.api.get(res.json.id)).json],
      ] as const) {
        ctx.expect(got === undefined || got[other] === null, {
          title: `${read}: ${other} is not null for routing type ${type}`,
          expected: `spec 2.1: ${other} applies only to routing type ${type === 'email' ? 2 : 1}; null in responses when not applicable`,
          received: `${other}: ${JSON.stringify(got?.[other])}`,
        });
      }
    }
  }
}
