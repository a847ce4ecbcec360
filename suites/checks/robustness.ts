/**
 * @module Robustness: whatever the suite sends (Unicode and emoji, long
 * strings, wrong types, malformed JSON, odd ids and list parameters, pages
 * past the end), the target answers it, never with a 5xx (spec 7: invalid
 * input gets a client error; 2.1: strings are Unicode text).
 */
import * as fc from 'fast-check';
import type { Job, JobList } from '../../schemas/types.gen.js';
import { JOB_INPUT_FIELDS } from '../../schemas/job-fields.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { caseTagOf, createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { sameText, show } from '../../judging/compare.js';
import { expectStatus, isClientError, isSuccess, jobOf, requestLine, responseLine } from '../kit/http.js';
import { createJob, expectRemoved, getJob, readsOfWritten } from '../kit/jobs.js';
import { DELETE_HOW, DELETE_WAYS, deleteJob, type DeleteWay } from '../kit/delete-forms.js';
import { expectLocationLeadsToJob } from './create/response.js';
import { namesNoJobAsText } from './reference-identification.js';
import { sameHtmlContent } from '../../judging/html-content.js';
import { derivedQueryNegatives, integerQuerySpellings } from '../arbitraries/schema-negatives.js';
import { CHARACTER_CLASSES, classPieces } from '../arbitraries/character-classes.js';
import { ABSENT_SPELLINGS } from '../arbitraries/text.js';
import { listLimits } from '../arbitraries/schema-limits.js';
import { orderNumberOf, ulidOf, upperCaseUuidOf } from '../arbitraries/reference-shapes.js';
import {
  CREATE_FORMS,
  declinesCreate,
  declinesUpdate,
  formLabel,
  isCreateForm,
  namingOf,
  REFERENCE_FORMS,
  sendCreate,
  sendRaw,
  sendUpdate,
  UPDATE_FORMS,
  WRITE_FORMS,
} from '../kit/rejected-writes.js';
import { fixedRule, propertyRule, type Implementation } from '../kit/rule-builders.js';

const below500 = (status: number): boolean => status < 500;
const NO_5XX = 'the target answers every request the suite sends, never with a 5xx: invalid input is a client error (spec 7)';

function expectNo5xx(ctx: RuleContext, res: ApiResponse): void {
  expectStatus(ctx, res, below500, NO_5XX);
}

const EMOJI = ['🚀', '👩‍💻', '🇨🇦', '😀', '🎉', '👍🏽', '🧑‍🔧'];
const SCRIPTS = ['é', 'ß', 'Ω', '日本語', '한국어', 'עברית', 'العربية', 'हिन्दी', 'Ελληνικά', 'Ærøskøbing', 'ç', 'Ñandú'];

/** Printable text: no control or private characters, and none of < > & (it also goes into HTML). */
function printable(text: string): string {
  const cleaned = text
    .replace(/[\p{C}<>&]/gu, '')
    .replace(/\s+/gu, ' ')
    .trim();
  return cleaned === '' ? 'x' : cleaned;
}

/** Words from many scripts and emoji (with ZWJ sequences and modifiers). */
export const unicodeTextArb: fc.Arbitrary<string> = fc
  .array(fc.oneof(fc.constantFrom(...EMOJI), fc.constantFrom(...SCRIPTS), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 })), {
    minLength: 1,
    maxLength: 8,
  })
  .map((words) => printable(words.join(' ')));

/** At most `max` code points (never splits a surrogate pair). */
function clip(text: string, max: number): string {
  return Array.from(text).slice(0, max).join('');
}

function unicodeBody(ctx: RuleContext, generated: Body, text: string): Body & { referenceId: string } {
  const body = identify(ctx, generated);
  // §8: title <= 256; stay well below it whatever counts as a character.
  return { ...body, title: clip(`${body.referenceId} ${text}`, 120), description: `<p>${text}</p>` };
}

const unicodeArb = (ctx: RuleContext) => fc.record({ generated: createBodyArb(ctx), text: unicodeTextArb });

const unicodeNo5xx: Implementation = propertyRule(
  {
    id: 'jobs.robustness.unicode-no-5xx',
    section: '7',
    level: 'must',
    title: 'Unicode and emoji in titles and descriptions never cause a 5xx',
    statement: 'Status codes for invalid input and the format of error bodies: not shown.',
  },
  {
    maxRuns: 10,
    arbitrary: unicodeArb,
    check: async (ctx: RuleContext, { generated, text }) => {
      expectNo5xx(ctx, await ctx.api.client.request({ method: 'POST', path: '/jobs', body: unicodeBody(ctx, generated, text) }));
    },
  },
);

const unicodePreserved: Implementation = propertyRule(
  {
    id: 'jobs.robustness.unicode-preserved',
    section: '2.1',
    level: 'must',
    title: 'Unicode and emoji in title and description are stored as sent',
    statement: 'title | String, max 256 | Job title.',
  },
  {
    maxRuns: 10,
    arbitrary: unicodeArb,
    check: async (ctx: RuleContext, { generated, text }) => {
      const body = unicodeBody(ctx, generated, text);
      const job = await getJob(ctx, (await createJob(ctx, body)).id);
      // Unicode normalization (NFC) is a reasonable server choice; anything else is a change of text. The description
      // is HTML: compared by content (2.1: it may come back re-serialized, `¡` as `&#161;`), NFC included.
      const sameDescription = typeof job.description === 'string' && sameHtmlContent(body.description as string, job.description);
      ctx.expect(sameText(job.title, body.title) && sameDescription, {
        title: 'Unicode text came back changed',
        expected: 'title and description are strings: the text sent is returned (spec 2.1)',
        received: `title ${show(job.title)} (sent ${show(body.title)}); description ${show(job.description)} (sent ${show(body.description)})`,
      });
    },
  },
);

/** One over-long field at a time (spec 8 limits, and the "no technical limit" description). */
function longVariants(body: Body & { referenceId: string }): Array<[string, Body]> {
  return [
    ['title of 5000 characters', { ...body, title: `${body.referenceId} ${'x'.repeat(5000)}` }],
    ['referenceId of 1000 characters', { ...body, referenceId: `${body.referenceId}${'y'.repeat(1000)}` }],
    ['description of 200 000 characters', { ...body, description: `<p>${'lorem '.repeat(33_334)}</p>` }],
    [
      'applicationEmail of 500 characters',
      { ...body, applicantRoutingType: { id: 1 }, applicationEmail: `${'e'.repeat(488)}@example.com`, applicationUrl: undefined },
    ],
    ['location description of 2000 characters', { ...body, locations: [{ description: 'A'.repeat(2000) }] }],
    ['50 categories', { ...body, categories: Array.from({ length: 50 }, (_, i) => ({ id: i + 1 })) }],
  ];
}

const longStrings: Implementation = propertyRule(
  {
    id: 'jobs.robustness.long-strings',
    section: '8',
    level: 'must',
    title: 'Over-long strings and lists never cause a 5xx',
    statement: 'Status codes for invalid input and the format of error bodies: not shown.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      for (const [what, body] of longVariants(identify(ctx, generated))) {
        const res = await ctx.api.client.request({ method: 'POST', path: '/jobs', body });
        if (what.startsWith('description'))
          ctx.observe({ topic: 'long-description', section: '2.1', observed: `200 000 characters: ${res.status}` });
        expectStatus(ctx, res, below500, `a POST with a ${what} is answered, never with a 5xx (spec 8, 7)`);
      }
    },
  },
);

/** A JSON value of every type but object, each the nearest miss of a job body. */
const NOT_OBJECTS = ['[]', 'null', '"job"', '42', 'true'];
/**
 * Nesting of the deep body: far deeper than any job field (4), yet within every common parser's limit, so a live
 * server is never put at risk (Prism's proxy died at 5,000).
 */
const DEEP = 100;

const malformedJson: Implementation = propertyRule(
  // should: spec 1 tells clients to send JSON; it does not state how a server answers a body that is not (a 5xx still fails as must).
  {
    id: 'jobs.robustness.malformed-json',
    section: '1',
    level: 'should',
    title: 'Malformed JSON, JSON that is no object, and JSON nested 100 deep are refused with a 4xx on every write path',
    statement: 'Good practice; the spec says: Create or update with POST or PUT and a JSON body.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const job = await createJob(ctx, identify(ctx, generated));
      for (const form of WRITE_FORMS) {
        const fresh = identify(ctx, generated);
        const named = namingOf(form, job);
        const whole = JSON.stringify(isCreateForm(form) ? fresh : { ...named, title: fresh.title });
        const texts: Array<[kind: string, text: string]> = [
          ['truncated JSON', whole.slice(0, -7)],
          ['an empty body', ''],
          // JSON, but no object: a job is one (2.1), whatever the value's type.
          ...NOT_OBJECTS.map((text): [string, string] => [`JSON ${text}`, text]),
          // Nested far deeper than any job field can be: refused like any other wrong type.
          ['JSON nested 100 deep', `{"referenceId": "${fresh.referenceId}-deep", "title": ${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`],
        ];
        for (const [kind, text] of texts) {
          const res = await sendRaw(ctx, form, text, job);
          // Which 4xx each kind gets is open (7): a server may tell unreadable JSON (400) from a readable wrong value (422).
          ctx.observe({ topic: 'malformed-body', section: '1', observed: `${kind}: ${res.status}` });
          expectStatus(
            ctx,
            res,
            isClientError,
            `${formLabel(form, job)} with a body that is not a JSON object is refused with a client error ` +
              '(good practice: spec 1 asks clients for JSON bodies; 7 leaves the status open)',
          );
        }
      }
    },
  },
);

/** Every request field but referenceId and title: they carry the tag that cleanup relies on. */
const WRONG_TYPE_FIELDS = JOB_INPUT_FIELDS.filter((field) => field !== 'referenceId' && field !== 'title');

interface WrongType {
  generated: Body;
  field: (typeof WRONG_TYPE_FIELDS)[number];
  value: fc.JsonValue;
}

/** The nearest wrong values of the object fields: the object without its members, and a salary without its amount. */
const OBJECT_MISSES: ReadonlyArray<Omit<WrongType, 'generated'>> = [
  { field: 'salary', value: {} },
  { field: 'positionType', value: {} },
  { field: 'applicantRoutingType', value: {} },
  { field: 'salary', value: { period: { id: 1 } } },
  { field: 'salary', value: { maxAmount: 1, period: { id: 1 } } },
  { field: 'locations', value: [{}] },
  { field: 'categories', value: [{}] },
];

const wrongTypes: Implementation = propertyRule<WrongType>(
  {
    id: 'jobs.robustness.wrong-types',
    section: '2',
    level: 'must',
    title: 'A field of the wrong type never causes a 5xx',
    statement: 'Bodies are JSON. Field names and types are those of section 2.',
  },
  {
    maxRuns: 20,
    arbitrary: (ctx) =>
      fc.record({
        generated: createBodyArb(ctx),
        field: fc.constantFrom(...WRONG_TYPE_FIELDS),
        value: fc.jsonValue({ maxDepth: 2 }),
      }),
    examples: () => OBJECT_MISSES,
    check: async (ctx: RuleContext, { generated, field, value }) => {
      const body = { ...identify(ctx, generated), [field]: value };
      expectNo5xx(ctx, await ctx.api.client.request({ method: 'POST', path: '/jobs', body }));
    },
  },
);

/** Where a body holds an object: the job, and each object nested in it (spec 2, 4.2). */
const OBJECT_PLACES = ['the job', 'salary', 'salary.period', 'a location', 'a category', 'positionType', 'applicantRoutingType'] as const;
type ObjectPlace = (typeof OBJECT_PLACES)[number];

/** `body` with a member the spec does not name added to the object at `place` (the body holds a salary and lists). */
function withUnknownMember(body: Body, place: ObjectPlace): Body {
  const extra = { unknownMember: 'x' };
  const salary = (body.salary ?? { amount: 50_000, period: { id: 1 } }) as Body;
  const first = (list: unknown): Body[] => {
    const [head, ...rest] = list as Body[];
    return [{ ...head, ...extra }, ...rest];
  };
  switch (place) {
    case 'the job':
      return { ...body, ...extra };
    case 'salary':
      return { ...body, salary: { ...salary, ...extra } };
    case 'salary.period':
      return { ...body, salary: { ...salary, period: { ...(salary.period as Body), ...extra } } };
    case 'a location':
      return { ...body, locations: first(body.locations) };
    case 'a category':
      return { ...body, categories: first(body.categories) };
    default:
      return { ...body, [place]: { ...(body[place] as Body), ...extra } };
  }
}

/**
 * A member the spec does not name, in every object of a body, on POST and on a PUT by id: accepted (and ignored) or
 * refused, as the target chooses, but never a 5xx, which a server that maps members onto columns or classes risks.
 */
const unknownMembers: Implementation = propertyRule<{ generated: Body; place: ObjectPlace }>(
  {
    id: 'jobs.robustness.unknown-members',
    section: '2',
    level: 'must',
    title: 'A member the spec does not name, in the job or any object in it, never causes a 5xx, on every write path',
    statement: 'Bodies are JSON. Field names and types are those of section 2.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), place: fc.constantFrom(...OBJECT_PLACES) }),
    examples: () => OBJECT_PLACES.map((place) => ({ place })),
    independentCases: true,
    check: async (ctx: RuleContext, { generated, place }) => {
      for (const form of CREATE_FORMS) {
        const fresh = identify(ctx, generated);
        expectNo5xx(ctx, await sendCreate(ctx, form, { ...withUnknownMember(fresh, place), referenceId: fresh.referenceId }));
      }
      const job = await createJob(ctx, identify(ctx, generated));
      const { referenceId: _named, ...update } = withUnknownMember(identify(ctx, generated), place);
      for (const form of UPDATE_FORMS) expectNo5xx(ctx, await sendUpdate(ctx, form, job, update));
    },
  },
);

const ODD_IDS = ['abc', '1.5', '99999999999', '-1', '0', '%20', '1e3'];
/**
 * Ids that cannot name a job (not an Int32), so a PUT or DELETE on them cannot touch anything. Not `1.5`: a prefix
 * reading takes it for job 1, which may be a job of the run; jobs.robustness.prefixed-ids owns that form.
 */
const IMPOSSIBLE_IDS = ['abc', '99999999999'];

const oddIds: Implementation = fixedRule(
  {
    id: 'jobs.robustness.odd-ids',
    section: '4.1',
    level: 'must',
    title: 'Ids that are not Int32 job ids get a 4xx (a DELETE 204 or a 4xx), never a 5xx',
    statement: 'Path parameter `id`: Int32 job id.',
  },
  async (ctx: RuleContext) => {
    for (const id of ODD_IDS) {
      const res = await ctx.api.client.request({ method: 'GET', path: `/jobs/${id}` });
      expectStatus(
        ctx,
        res,
        IMPOSSIBLE_IDS.includes(id) ? isClientError : below500,
        `GET /jobs/${id} is answered with a client error, never a 5xx (spec 4.1: the id is an Int32; 7)`,
      );
    }
    for (const id of IMPOSSIBLE_IDS) {
      const put = await ctx.api.client.request({
        method: 'PUT',
        path: `/jobs/${id}`,
        body: { title: scopedTitle(ctx, ctx.referenceId(), 'odd id') },
      });
      expectStatus(ctx, put, isClientError, `PUT /jobs/${id} names no job: a client error (spec 4.3, 7)`);
      const del = await ctx.api.client.request({ method: 'DELETE', path: `/jobs/${id}` });
      // DELETE is idempotent (HTTP): "nothing there to remove" may answer 204 as well as a 4xx; 4.4 says nothing of an absent job.
      if (del.status === 204 || isClientError(del.status))
        ctx.observe({ topic: 'status.repeated-delete', section: '4.4', observed: `id ${id}: ${del.status}` });
      expectStatus(
        ctx,
        del,
        (status) => status === 204 || isClientError(status),
        `DELETE /jobs/${id} names no job: 204 (nothing to remove) or a client error, never a 5xx (spec 4.4, 7)`,
      );
    }
  },
);

/** Every white-space character the character classes hold, and nothing else. */
const WHITE_SPACE_ONLY = [
  ...new Set(CHARACTER_CLASSES.flatMap((characterClass) => classPieces(characterClass).join(' ').match(/\s/gu) ?? [])),
].join('');

const listParams: Implementation = fixedRule(
  {
    id: 'jobs.robustness.list-params',
    section: '4.5',
    level: 'must',
    title: 'Odd list parameters never cause a 5xx, nor a page size past the maximum',
    statement: 'Status codes for invalid input and the format of error bodies: not shown.',
  },
  async (ctx: RuleContext) => {
    const q = caseTagOf(ctx);
    const queries: Array<Record<string, string | number>> = [
      // Every invalid value the schema gives status, page and pageSize (another type, a near miss of each status,
      // a fraction, past Int32, below the minimum), scoped by q to the case's jobs.
      ...derivedQueryNegatives().map(({ name, value }) => ({ q, [name]: value })),
      // Other spellings of a valid page and pageSize (a sign, spaces, hex, ...): read or refused, never a crash.
      ...integerQuerySpellings().map(({ name, value }) => ({ q, [name]: value })),
      // A q of each character class, and one of white space alone (what a trim leaves empty): unscoped reads, one item.
      ...CHARACTER_CLASSES.map((characterClass) => ({ q: classPieces(characterClass).join(' '), pageSize: 1 })),
      { q: WHITE_SPACE_ONLY, pageSize: 1 },
      { q, page: 'abc' },
      { q, page: 2147483647 },
      { q, page: '99999999999' },
      { q, pageSize: -5 },
      { q, pageSize: 1_000_000 },
      { q: `${q}🚀 日本語 %' OR 1=1 --` },
      { q: `${q}${'z'.repeat(3000)}` },
    ];
    for (const query of queries) {
      const res = await ctx.api.client.request<JobList>({ method: 'GET', path: '/jobs', query });
      expectNo5xx(ctx, res);
      if (res.status === 200) expectPageWithinMaximum(ctx, res);
    }
    // Each parameter given twice, with two valid values: a server may read either or refuse, never crash on the pair.
    for (const [name, values] of Object.entries(twoValidValues(q))) {
      const query = new URLSearchParams(name === 'q' ? {} : { q });
      for (const value of values) query.append(name, value);
      expectNo5xx(ctx, await ctx.api.client.request({ method: 'GET', path: `/jobs?${query}` }));
    }
  },
);

/**
 * Fails unless a list answered to odd parameters serves a page size in effect of at most the maximum, and a page of at
 * most that size: however a server reads a parameter it does not take as sent (clamped, defaulted, or read some other
 * way), 4.5 and 8 cap the page at 100.
 */
function expectPageWithinMaximum(ctx: RuleContext, res: ApiResponse<JobList>): void {
  const pageSize = res.json?.paging?.pageSize;
  const items = Array.isArray(res.json?.data) ? res.json.data.length : 0;
  ctx.expect(typeof pageSize !== 'number' || (pageSize <= listLimits.pageSizeMax && items <= pageSize), {
    title: `${requestLine(res)} was served with pageSize ${show(pageSize)} and ${items} items`,
    expected: `pageSize maximum ${listLimits.pageSizeMax} (spec 4.5, 8): the page size in effect is at most that, and a page holds at most it`,
    received: responseLine(res),
    failingExchange: res.exchange,
  });
}

/** Two valid values of each list parameter (4.5), for a query that gives the parameter twice. */
function twoValidValues(q: string): Record<string, readonly [string, string]> {
  return { q: [q, `${q}x`], status: ['active', 'archived'], page: ['1', '2'], pageSize: ['1', '2'] };
}

/** One operation sent on its path with a trailing slash, and what it must have done where it was taken. */
interface SlashedOperation {
  readonly what: string;
  send(ctx: RuleContext, job: Job & { referenceId: string }, fresh: Body & { referenceId: string }): Promise<ApiResponse<Job>>;
  /** Judges a taken (2xx) answer: the effect the plain path has. */
  holds(ctx: RuleContext, job: Job & { referenceId: string }, res: ApiResponse<Job>): void | Promise<void>;
}

/** Fails unless `job` reads with `title` now. */
async function expectTitle(ctx: RuleContext, job: Job, title: string, res: ApiResponse<Job>, what: string): Promise<void> {
  const read = await getJob(ctx, job.id);
  ctx.expect(read.title === title, {
    title: `${what} answered ${res.status}, and job ${job.id} does not hold the title it sent`,
    expected: 'a path that names the job does what the plain path does, whatever its form (spec 4.1, 4.3): the title changes',
    received: `${requestLine(res)} -> ${responseLine(res)}; then GET: title ${show(read.title)}`,
    failingExchange: res.exchange,
  });
}

/** Fails unless `job` is gone now. */
function expectSlashedRemoved(ctx: RuleContext, job: Job, res: ApiResponse<Job>, what: string): Promise<void> {
  return expectRemoved(ctx, job.id, res, {
    title: `${what} answered ${res.status}, and job ${job.id} is still there`,
    expected: 'a path that names the job does what the plain path does, whatever its form (spec 3, 4.4): the job is removed',
  });
}

const SLASHED: readonly SlashedOperation[] = [
  {
    what: 'GET /jobs/{id}/',
    send: (ctx, job) => ctx.api.client.request<Job>({ method: 'GET', path: `/jobs/${job.id}/` }),
    holds: (ctx: RuleContext, job, res) => {
      ctx.expect(res.json?.id === job.id, {
        title: `GET /jobs/${job.id}/ answered ${res.status} with job ${show(res.json?.id)}`,
        expected: 'a path that names job id names that job, whatever its form (spec 4.1)',
        received: responseLine(res),
        failingExchange: res.exchange,
      });
    },
  },
  {
    what: 'GET /jobs/',
    send: (ctx) => ctx.api.client.request<Job>({ method: 'GET', path: `/jobs/?${new URLSearchParams({ q: caseTagOf(ctx) })}` }),
    holds: (ctx: RuleContext, job, res) => {
      const items = (res.json as unknown as Partial<JobList> | undefined)?.data ?? [];
      ctx.expect(
        items.some((item) => item.id === job.id),
        {
          title: `GET /jobs/ answered ${res.status} without job ${job.id}`,
          expected: 'the list, whatever the form of its path (spec 4.5): it holds the job q matches',
          received: responseLine(res),
          failingExchange: res.exchange,
        },
      );
    },
  },
  {
    what: 'POST /jobs/',
    send: (ctx, _job, fresh) => ctx.api.client.request<Job>({ method: 'POST', path: '/jobs/', body: fresh }),
    holds: (ctx, _job, res) => expectLocationLeadsToJob(ctx, ctx.api, res, 'POST /jobs/'),
  },
  {
    what: 'PUT /jobs/{id}/',
    send: (ctx, job) =>
      ctx.api.client.request<Job>({
        method: 'PUT',
        path: `/jobs/${job.id}/`,
        body: { title: scopedTitle(ctx, job.referenceId, 'slashed by id') },
      }),
    holds: (ctx, job, res) => expectTitle(ctx, job, scopedTitle(ctx, job.referenceId, 'slashed by id'), res, 'PUT /jobs/{id}/'),
  },
  {
    what: 'PUT /jobs/',
    send: (ctx, job) =>
      ctx.api.client.request<Job>({
        method: 'PUT',
        path: '/jobs/',
        body: { referenceId: job.referenceId, title: scopedTitle(ctx, job.referenceId, 'slashed by reference') },
      }),
    holds: (ctx, job, res) => expectTitle(ctx, job, scopedTitle(ctx, job.referenceId, 'slashed by reference'), res, 'PUT /jobs/'),
  },
  {
    what: 'DELETE /jobs/{id}/',
    send: (ctx, job) => ctx.api.client.request<Job>({ method: 'DELETE', path: `/jobs/${job.id}/` }),
    holds: (ctx, job, res) => expectSlashedRemoved(ctx, job, res, 'DELETE /jobs/{id}/'),
  },
  {
    what: 'DELETE /jobs/',
    send: (ctx, job) => ctx.api.client.request<Job>({ method: 'DELETE', path: '/jobs/', body: { referenceId: job.referenceId } }),
    holds: (ctx, job, res) => expectSlashedRemoved(ctx, job, res, 'DELETE /jobs/'),
  },
];

/**
 * Every operation on its path with a trailing slash (`/jobs/`, `/jobs/{id}/`): whether a server takes one is a URL form
 * the spec leaves open (observed), but the answer is never a 5xx, and one taken does what the plain path does: the job
 * of that id read, listed, created (its Location the job's address), updated, removed. Each operation has its own job.
 */
const trailingSlash: Implementation = propertyRule(
  {
    id: 'jobs.robustness.trailing-slash',
    section: '4.1',
    level: 'must',
    title: 'Every operation on a path with a trailing slash is taken as on the plain path or refused (observed), never with a 5xx',
    statement: 'Status codes for invalid input and the format of error bodies: not shown.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      for (const operation of SLASHED) {
        const body = identify(ctx, generated);
        const job = { ...(await createJob(ctx, body)), referenceId: body.referenceId };
        const res = await operation.send(ctx, job, identify(ctx, generated));
        ctx.observe({ topic: 'path.trailing-slash', section: '4.1', observed: `${operation.what}: ${res.status}` });
        expectNo5xx(ctx, res);
        if (isSuccess(res.status)) await operation.holds(ctx, job, res);
      }
    },
  },
);

const pagePastEnd: Implementation = propertyRule(
  {
    id: 'jobs.robustness.page-past-end',
    section: '4.5',
    level: 'must',
    title: 'A page past the last one is empty (or refused), never a 5xx',
    statement: 'page | Int32 | No | Default 1.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const job = await createJob(ctx, identify(ctx, generated));
      const res = await ctx.api.client.request<JobList>({
        method: 'GET',
        path: '/jobs',
        query: { q: caseTagOf(ctx), pageSize: 1, page: 5 },
      });
      expectNo5xx(ctx, res);
      if (!isSuccess(res.status)) {
        ctx.observe({ topic: 'page-past-end', section: '4.5', observed: `refused with ${res.status}` });
        return;
      }
      const page = res.json;
      ctx.observe({
        topic: 'page-past-end',
        section: '4.5',
        observed: `${res.status} with ${page?.data?.length ?? '?'} item(s), paging.page ${page?.paging?.page}`,
      });
      // Clamping to the last page is a reasonable choice; repeating jobs under page 5 is not.
      ctx.expect(page?.data?.length === 0 || page?.paging?.page !== 5, {
        title: `page 5 of a 1-job list holds ${show(page?.data?.map((item) => item.id))}`,
        expected: `a page past the end holds no jobs (spec 4.5: total 1 with pageSize 1 is one page; job ${job.id})`,
        received: `${requestLine(res)} -> ${responseLine(res)}`,
        failingExchange: res.exchange,
      });
    },
  },
);

const SUFFIXES = [' space', '/slash', '?q=1&x', '#frag', 'quote\'"', 'ü-ñ', '🚀', '%2F', '\\back'];

/**
 * Every referenceId the rule sends, made from the case's own: with each URL-special or non-ASCII suffix, and whole
 * values in the shapes other systems issue, which a server may recognize and store in a form of its own: a UUID in
 * upper case, as .NET writes a Guid (a Guid column gives it back in lower case), a ULID, and digits with a leading zero.
 */
const REFERENCE_SPELLINGS: ReadonlyArray<{ label: string; of: (base: string) => string }> = [
  ...SUFFIXES.map((suffix) => ({ label: JSON.stringify(suffix), of: (base: string) => `${base}${suffix}` })),
  { label: 'an upper-case UUID', of: upperCaseUuidOf },
  { label: 'a ULID', of: ulidOf },
  // An order number as an employer's system issues it: a loosely typed store or mapper may take it for a number.
  { label: 'digits with a leading zero', of: orderNumberOf },
];

/**
 * Whole values that are no case's own, which loose truthiness (PHP's, a template's) reads as no value, as does a
 * server that reads its own spellings of a missing value back (`null`, `undefined`): sent once a run, by POST alone,
 * and only while no job of the employer holds one (a PUT /jobs with it would reach that job).
 */
const SHARED_SPELLINGS: readonly string[] = ['0', ...ABSENT_SPELLINGS];

/** Each shared spelling POST takes reads back as sent on every read, and is then deleted by it (spec 2.1, 4.2). */
async function checkSharedSpellings(ctx: RuleContext, generated: Body): Promise<void> {
  for (const referenceId of SHARED_SPELLINGS) {
    if (!(await namesNoJobAsText(ctx, referenceId))) continue;
    const res = await ctx.api.create({ ...identify(ctx, generated), referenceId });
    expectNo5xx(ctx, res);
    ctx.observe({ topic: 'reference-id-characters', section: '2.1', observed: `${show(referenceId)}: ${res.status}` });
    if (!isSuccess(res.status)) continue;
    await expectReferenceOnEveryRead(ctx, res, referenceId, 'POST /jobs');
    await expectDeletedByReference(ctx, { ...jobOf(res), referenceId }, 'reference');
  }
}

/** The delete forms that name the job by referenceId (spec 4.4, 4.7), taken in turn by the jobs of a case. */
const DELETES_BY_REFERENCE: readonly DeleteWay[] = DELETE_WAYS.filter((way) => way.includes('reference'));

const referenceCharacters: Implementation = propertyRule<{ generated: Body; first: number; shared?: boolean }>(
  {
    id: 'jobs.robustness.reference-id-characters',
    section: '2.1',
    level: 'must',
    title:
      'A referenceId with URL-special or non-ASCII characters, or shaped as a UUID, a ULID, digits or a zero, works like any other: created by every ' +
      'create form, read back as sent, named by PUT /jobs and deleted by DELETE /jobs in each form',
    statement: "A job is identified either by the service's numeric job id or by the employer's own `referenceId`.",
  },
  {
    maxRuns: 5,
    // Each case gives the create forms three suffixes in turn from `first`; the examples reach every suffix.
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), first: fc.nat({ max: REFERENCE_SPELLINGS.length - 1 }) }),
    examples: () => [...[0, 3, 6, 9].map((first) => ({ first })), { first: 0, shared: true }],
    check: async (ctx: RuleContext, { generated, first, shared }) => {
      if (shared) return checkSharedSpellings(ctx, generated);
      // Created by each create form, named by each PUT /jobs form (the override's where the target honours it), then
      // deleted by its referenceId.
      for (const [i, form] of CREATE_FORMS.entries()) {
        const spelling = REFERENCE_SPELLINGS[(first + i) % REFERENCE_SPELLINGS.length]!;
        const base = identify(ctx, generated);
        const body = { ...base, referenceId: spelling.of(base.referenceId) };
        const res = await sendCreate(ctx, form, body);
        if (await declinesCreate(ctx, form, generated, res)) continue;
        expectNo5xx(ctx, res);
        ctx.observe({ topic: 'reference-id-characters', section: '2.1', observed: `${spelling.label}: ${res.status}` });
        if (!isSuccess(res.status)) continue;
        const created = { ...jobOf(res), referenceId: body.referenceId };
        await expectReferenceOnEveryRead(ctx, res, body.referenceId, formLabel(form));
        for (const update of REFERENCE_FORMS) {
          const patch = { title: scopedTitle(ctx, base.referenceId, `renamed ${update}`) };
          const renamed = await sendUpdate(ctx, update, created, patch);
          if (await declinesUpdate(ctx, update, created, renamed)) continue;
          const label = formLabel(update, created);
          expectStatus(ctx, renamed, 200, `${label} names the job by its referenceId, whatever characters it holds (spec 4.3 form 2)`);
          ctx.expect(jobOf(renamed).id === created.id, {
            title: `${label} updated job ${jobOf(renamed).id}, not ${created.id} (created by ${formLabel(form)})`,
            expected: 'the job with that referenceId is updated (spec 4.3)',
            received: responseLine(renamed),
          });
        }
        const way = DELETES_BY_REFERENCE[(first + i) % DELETES_BY_REFERENCE.length]!;
        await expectDeletedByReference(ctx, created, way);
        // The spelling through the other delete forms too, each on a job of its own made the plainest way: a form that
        // rebuilds the body or decodes the referenceId its own way (a template, a form decoder) loses it there.
        for (const other of DELETES_BY_REFERENCE.filter((candidate) => candidate !== way)) {
          const again = identify(ctx, generated);
          const referenceId = spelling.of(again.referenceId);
          const made = await ctx.api.create({ ...again, referenceId });
          if (isSuccess(made.status)) await expectDeletedByReference(ctx, { ...jobOf(made), referenceId }, other);
        }
      }
    },
  },
);

/**
 * The referenceId a create took comes back as the string sent on every read: the create's answer, GET /jobs/{id} and
 * the list item (2.1, 2.7: a String, in the header with the same type), whatever shape it has.
 */
async function expectReferenceOnEveryRead(ctx: RuleContext, res: ApiResponse<Job>, sent: string, how: string): Promise<void> {
  const id = jobOf(res).id;
  const reads = await readsOfWritten(ctx, jobOf(res), how, { listed: true });
  const differs = reads
    .map(([where, read]): [string, unknown] => [where, read === undefined ? 'not listed' : read.referenceId])
    .filter(([, got]) => !sameText(got, sent))
    .map(([where, got]) => `${where}: ${show(got)}`);
  ctx.expect(differs.length === 0, {
    title: `job ${id}, created by ${how} with the referenceId ${show(sent)}, reads back with another`,
    expected: 'spec 2.1 and 2.7: the referenceId is a String, the same in the job and its list item (4.5: the list holds the job)',
    received: differs.join('\n'),
  });
}

/** Deletes `job` by its referenceId in `way` and fails unless that answered 204 and removed it (spec 4.4). */
async function expectDeletedByReference(ctx: RuleContext, job: Job, way: DeleteWay): Promise<void> {
  const res = await deleteJob(ctx, way, job, job.referenceId ?? '');
  const how = DELETE_HOW[way];
  expectStatus(ctx, res, 204, `${how} names the job by its referenceId, whatever characters it holds (spec 4.4)`);
  await expectRemoved(ctx, job.id, res, {
    title: `the job is still there after ${how} with the referenceId ${JSON.stringify(job.referenceId)}`,
    expected: 'the job with that referenceId is removed (spec 3: any -> removed): GET answers a client error',
  });
}

/**
 * Values at the edges of JSON's grammar (RFC 8259 6, 8.2): numbers past a double's range and precision, below its
 * smallest value, and -0; strings holding a lone surrogate. Each is JSON whatever a server makes of it, so a 4xx or a
 * 2xx passes; a 5xx fails (spec 7). Numbers go where the job holds an integer (a category id) and a decimal (the
 * salary amount), strings into the title; on every write path (suites/kit/rejected-writes.ts WRITE_FORMS).
 */
const NUMBER_EDGES: readonly string[] = ['1e400', '-1e400', '1e-400', '-0', '1234567890123456789012345678901234567890'];
const STRING_EDGES: readonly string[] = ['"\\ud800"', '"a\\udc00b"', '"\\udfff\\ud800"'];
/** A placeholder no generated value holds, replaced in the body's text by the edge value. */
const EDGE = '__json_edge__';

/** The fields an edge value goes into, the placeholder where it stands: an integer and a decimal, or a string. */
const holdersOf = (isNumber: boolean): Body[] =>
  isNumber ? [{ categories: [{ id: EDGE }] }, { salary: { amount: EDGE, period: { id: 1 } } }] : [{ title: EDGE }];

/** `json` as text with the edge value in the placeholder's place. */
const withEdge = (json: Body, value: string): string => JSON.stringify(json).replace(`"${EDGE}"`, value);

const jsonEdgeValues: Implementation = propertyRule(
  {
    id: 'jobs.robustness.json-edge-values',
    section: '7',
    level: 'must',
    title: 'Numbers past a double (1e400, 40 digits, -0) and strings with a lone surrogate never cause a 5xx',
    statement: 'Status codes for invalid input and the format of error bodies: not shown.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const job = await createJob(ctx, identify(ctx, generated));
      const edges = [...NUMBER_EDGES.map((value) => [value, true] as const), ...STRING_EDGES.map((value) => [value, false] as const)];
      for (const [value, isNumber] of edges) {
        for (const holder of holdersOf(isNumber)) {
          for (const form of WRITE_FORMS) {
            const named = namingOf(form, job);
            const body = isCreateForm(form) ? { ...identify(ctx, generated), ...holder } : { ...named, ...holder };
            expectNo5xx(ctx, await sendRaw(ctx, form, withEdge(body, value), job));
          }
        }
      }
    },
  },
);

export const robustnessRules: Implementation[] = [
  unicodeNo5xx,
  unicodePreserved,
  longStrings,
  malformedJson,
  wrongTypes,
  unknownMembers,
  oddIds,
  trailingSlash,
  listParams,
  pagePastEnd,
  referenceCharacters,
  jsonEdgeValues,
];
