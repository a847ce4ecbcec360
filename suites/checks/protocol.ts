/**
 * @module Request conventions (spec 1): the Content-Type of a request with a
 * body must start with application/json, so a charset suffix is fine. That
 * convention binds the client: refusing other types (with no effect) is good
 * practice the spec does not state, so those rules are `should` (a warning).
 */
import { parse as parseContentType } from 'content-type';
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RequestOptions, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { changedFields, changeLines, keptValueProblems, show } from '../../judging/compare.js';
import { classPieces } from '../arbitraries/character-classes.js';
import { expectStatus, isClientError, isSuccess, jobOf, requestLine, responseLine } from '../kit/http.js';
import { createJob, getJob, listJobs } from '../kit/jobs.js';
import { PUT_CREATES, sendCreate, sendUpdate, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { METHOD_OVERRIDE } from '../../vocabulary/methods.js';

const NON_JSON_TYPES = ['text/plain', 'application/x-www-form-urlencoded'] as const;

/** `application/json` with a charset parameter, in the spellings a client may send (parameter names are case-insensitive, RFC 9110 5.6.6). */
const CHARSET_TYPES = [
  'application/json; charset=utf-8',
  'application/json;charset=UTF-8',
  'application/json; Charset=utf-8',
  'application/json; CHARSET="utf-8"',
] as const;

/** Text whose UTF-8 bytes read as other characters in another charset: letters beyond ASCII, a combining mark, beyond the BMP. */
const BEYOND_ASCII = (['non-ascii', 'combining-marks', 'astral'] as const)
  .map((characterClass) => classPieces(characterClass)[0])
  .join(' ');

type Accepts = (status: number) => boolean;

/** One request with a body, on one of the paths that carry one (spec 1, 4.2-4.4, 4.7). */
interface CharsetPath {
  how: string;
  request: Omit<RequestOptions, 'contentType'>;
  accepts: Accepts;
  /** A method-override form: it is checked only against the same request with a plain application/json (the override of PUT is a should). */
  override?: true;
}

/** The paths a body travels on, for a job created by POST (`posted`) and a fresh referenceId the PUT-create takes (`fresh`). */
function charsetPaths(posted: { id: number; referenceId: string }, fresh: Body & { referenceId: string }): CharsetPath[] {
  const title = (what: string): string => `${posted.referenceId} ${what} ${BEYOND_ASCII}`;
  return [
    {
      how: 'PUT /jobs/{id}',
      request: { method: 'PUT', path: `/jobs/${posted.id}`, body: { title: title('by id') } },
      accepts: (s) => s === 200,
    },
    {
      how: 'PUT /jobs (update by referenceId)',
      request: { method: 'PUT', path: '/jobs', body: { referenceId: posted.referenceId, title: title('by reference') } },
      accepts: (s) => s === 200,
    },
    { how: 'PUT /jobs (create)', request: { method: 'PUT', path: '/jobs', body: fresh }, accepts: isSuccess },
    {
      how: 'POST /jobs/{id} with X-HTTP-Method-Override: PUT',
      request: {
        method: 'POST',
        path: `/jobs/${posted.id}`,
        headers: { [METHOD_OVERRIDE]: 'PUT' },
        body: { title: title('by override') },
      },
      accepts: (s) => s === 200,
      override: true,
    },
    {
      how: 'DELETE /jobs with {referenceId}',
      request: { method: 'DELETE', path: '/jobs', body: { referenceId: fresh.referenceId } },
      accepts: (s) => s === 204,
    },
    {
      how: 'POST /jobs with X-HTTP-Method-Override: DELETE and {referenceId}',
      request: {
        method: 'POST',
        path: '/jobs',
        headers: { [METHOD_OVERRIDE]: 'DELETE' },
        body: { referenceId: posted.referenceId },
      },
      accepts: (s) => s === 204,
      override: true,
    },
  ];
}

/**
 * Fails unless the job a write answered holds the values it sent: a body labelled with a charset is read in it, UTF-8
 * whatever the spelling of its name (a server that reads another charset for an unfamiliar spelling mangles every
 * character beyond ASCII).
 */
function expectReadAsSent(ctx: RuleContext, body: Body, job: Job, how: string): void {
  const problems = keptValueProblems(body, job);
  ctx.expect(problems.length === 0, {
    title: `${how} did not store the values it sent`,
    expected: 'the values sent, read as UTF-8 in every spelling of the charset parameter (spec 1; 4.2, 4.3: the job takes the values sent)',
    received: problems.join('\n'),
  });
}

/**
 * Spec 1 binds every request with a body, so the charset suffix is sent on each path that carries one. An
 * override form refused with the suffix is sent again as plain application/json: the rule fails only when
 * that is accepted (the suffix made the difference); whether the override is honoured is its own rule.
 */
const charsetAccepted: Implementation = propertyRule<{ first: Body; second: Body; type: (typeof CHARSET_TYPES)[number] }>(
  {
    id: 'jobs.protocol.json-charset-accepted',
    section: '1',
    level: 'must',
    title: 'Content-Type application/json with a charset suffix is accepted on every request with a body',
    statement: 'The `Content-Type` of a request with a body must start with `application/json` (for example with a charset suffix).',
  },
  {
    maxRuns: 1,
    // Each case posts its own job and names its own fresh referenceId.
    independentCases: true,
    arbitrary: (ctx) => fc.record({ first: createBodyArb(ctx), second: createBodyArb(ctx), type: fc.constantFrom(...CHARSET_TYPES) }),
    // Every spelling in every run (a server may refuse one only: a case-sensitive `charset=utf-8`), then one drawn.
    examples: () => CHARSET_TYPES.map((type) => ({ type })),
    check: async (ctx: RuleContext, { first, second, type }) => {
      const expected = (how: string) => `a Content-Type starting with application/json (${type}) is accepted on ${how} (spec 1)`;
      const body = identify(ctx, first);
      const res = await ctx.api.client.request<Job>({ method: 'POST', path: '/jobs', body, contentType: type });
      expectStatus(ctx, res, 201, `${expected('POST /jobs')}: 201 (4.2)`);
      expectReadAsSent(ctx, body, jobOf(res), `POST /jobs as ${type}`);
      const posted = { id: jobOf(res).id, referenceId: body.referenceId };
      for (const path of charsetPaths(posted, identify(ctx, second))) {
        const sent = await ctx.api.client.request<Job>({ ...path.request, contentType: type });
        if (path.accepts(sent.status) || !path.override) {
          expectStatus(ctx, sent, path.accepts, expected(path.how));
          if (sent.json?.id !== undefined) expectReadAsSent(ctx, path.request.body as Body, sent.json, `${path.how} as ${type}`);
          continue;
        }
        const plain = await ctx.api.client.request({ ...path.request, contentType: 'application/json' });
        ctx.expect(!path.accepts(plain.status), {
          title: `${path.how} refused ${type} but accepts application/json`,
          expected: expected(path.how),
          received: `with ${type}: ${responseLine(sent)}; with application/json: ${responseLine(plain)}`,
          failingExchange: sent.exchange,
        });
      }
    },
  },
);

/** A refused media type's answer: its status, and the Accept header a server may send to name what it takes (RFC 9110 12.5.1). */
const refusalOfType = (res: ApiResponse): string =>
  res.headers.accept === undefined ? String(res.status) : `${res.status}, Accept: ${res.headers.accept}`;

const nonJsonPost: Implementation = propertyRule(
  {
    id: 'jobs.protocol.non-json-rejected.post',
    section: '1',
    level: 'should',
    title: 'POST /jobs with a non-JSON Content-Type is rejected and creates nothing',
    statement: 'Good practice; the spec says: The `Content-Type` of a request with a body must start with `application/json`',
  },
  {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      for (const contentType of NON_JSON_TYPES) {
        const body = identify(ctx, generated);
        const res = await ctx.api.client.request({ method: 'POST', path: '/jobs', body, contentType });
        if (isClientError(res.status))
          ctx.observe({ topic: 'error-status.content-type', section: '1', observed: `${contentType}: ${refusalOfType(res)}` });
        expectStatus(
          ctx,
          res,
          isClientError,
          `a body sent as ${contentType} is refused with a 4xx (good practice: spec 1 asks clients for ` +
            `application/json; it does not state that a server refuses other types)`,
        );
        const list = await listJobs(ctx, { q: body.referenceId });
        ctx.expect(list.json.data.length === 0, {
          title: `the refused ${contentType} POST created a job`,
          expected: 'a refused request has no effect',
          received: `listed ${show(list.json.data.map((item) => item.id))}`,
        });
      }
    },
  },
);

const nonJsonPut: Implementation = propertyRule(
  {
    id: 'jobs.protocol.non-json-rejected.put',
    section: '1',
    level: 'should',
    title: 'PUT /jobs/{id} with a non-JSON Content-Type is rejected and changes nothing',
    statement: 'Good practice; the spec says: The `Content-Type` of a request with a body must start with `application/json`',
  },
  {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const body = identify(ctx, generated);
      const created = await createJob(ctx, body);
      const before = await getJob(ctx, created.id);
      const res = await ctx.api.client.request({
        method: 'PUT',
        path: `/jobs/${before.id}`,
        body: { title: scopedTitle(ctx, body.referenceId, 'changed') },
        contentType: 'text/plain',
      });
      if (isClientError(res.status))
        ctx.observe({ topic: 'error-status.content-type', section: '1', observed: `text/plain: ${refusalOfType(res)}` });
      expectStatus(ctx, res, isClientError, 'a PUT body sent as text/plain is refused with a 4xx (good practice: spec 1 binds the client)');
      const after = await getJob(ctx, before.id);
      const diff = changedFields(before, after);
      ctx.expect(diff.length === 0, {
        title: `the refused PUT changed ${diff.join(', ')}`,
        expected: 'a refused request has no effect',
        received: changeLines(before, after, diff).join('\n'),
      });
    },
  },
);

const missingContentType: Implementation = propertyRule(
  {
    id: 'jobs.protocol.missing-content-type',
    section: '1',
    level: 'must',
    title: 'A body without Content-Type is refused or accepted (observed), never a 5xx',
    statement: 'The `Content-Type` of a request with a body must start with `application/json`',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const res = await ctx.api.client.request({ method: 'POST', path: '/jobs', body: identify(ctx, generated), contentType: null });
      ctx.observe({ topic: 'missing-content-type', section: '1', observed: String(res.status) });
      expectStatus(ctx, res, (status) => status < 500, 'a request the spec does not cover is answered, never with a 5xx (spec 1, 7)');
    },
  },
);

/** The media type a response is labelled with, parameters aside: `application/json`, `no content type`. */
/** The labels the WHATWG Encoding Standard reads as UTF-8 (a client decodes by label). */
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8', 'unicode11utf8', 'unicode20utf8', 'x-unicode20utf8']);

/** The media type and charset of an answer's Content-Type, lower-case; an unparsable value is its own media type. */
function contentTypeOf(res: ApiResponse): { mediaType: string; charset?: string } {
  const header = res.headers['content-type'];
  if (header === undefined) return { mediaType: 'no content type' };
  try {
    const { type, parameters } = parseContentType(header);
    return { mediaType: type, charset: parameters.charset?.toLowerCase() };
  } catch {
    return { mediaType: header };
  }
}

/** `application/json` or a structured `+json` type (`application/problem+json`; RFC 6839 3.1). */
const isJsonMediaType = (mediaType: string): boolean => /^application\/(?:[\w.+-]+\+)?json$/.test(mediaType);

const jsonMediaType: Implementation = propertyRule(
  {
    id: 'jobs.protocol.json-media-type',
    section: '4',
    level: 'should',
    title:
      'Every JSON body the API answers is labelled with a JSON media type, in UTF-8, and sent without a byte order mark (a create, a ' +
      'read, an update and a PUT-create in every form, a list and a refusal)',
    statement: 'Good practice; the spec says: Bodies are JSON. Field names and types are those of section 2.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const body = identify(ctx, generated);
      // One answer of each kind that carries a body: a create, a read, an update in every form and a PUT-create in
      // every form (a server may label one route's answers apart, the override's own), a list page and a refusal.
      const created = await ctx.api.create(body);
      expectStatus(ctx, created, 201, 'setup: POST /jobs with a valid body creates the job and answers 201 (spec 4.2)');
      const job = jobOf(created);
      const updates: ApiResponse[] = [];
      for (const [i, form] of UPDATE_FORMS.entries())
        updates.push(await sendUpdate(ctx, form, job, { title: scopedTitle(ctx, body.referenceId, `labelled ${i}`) }));
      const putCreates: ApiResponse[] = [];
      for (const form of PUT_CREATES) putCreates.push(await sendCreate(ctx, form, identify(ctx, generated)));
      const answers = [
        created,
        await ctx.api.get(job.id),
        ...updates,
        ...putCreates,
        await ctx.api.list({ q: body.referenceId }),
        // A salary that is no object: refused by every reading of 2.5.
        await ctx.api.create({ ...body, referenceId: `${body.referenceId}-x`, salary: 'none' }),
      ];
      const json = answers.filter((answer) => answer.json !== undefined);
      const layouts = new Set(json.map((res) => (res.text.trim().includes('\n') ? 'indented' : 'on one line')));
      ctx.observe({ topic: 'json-layout', section: '4', observed: [...layouts].sort().join(' and ') });
      for (const res of json) {
        // RFC 8259 8.1: implementations MUST NOT add a byte order mark to networked JSON (a parser may ignore one).
        ctx.expect(!res.text.startsWith('\uFEFF'), {
          title: `${requestLine(res)} answered JSON after a byte order mark`,
          expected: 'JSON text without a byte order mark (good practice: spec 4 makes bodies JSON, and RFC 8259 8.1 forbids adding one)',
          received: `${res.status} body starting U+FEFF`,
          failingExchange: res.exchange,
        });
        const { mediaType, charset } = contentTypeOf(res);
        ctx.expect(isJsonMediaType(mediaType), {
          title: `${requestLine(res)} answered JSON as ${mediaType}`,
          expected: 'a JSON body comes with Content-Type application/json or a +json type (good practice: spec 4 makes bodies JSON)',
          received: `${res.status} content-type: ${res.headers['content-type'] ?? '(none)'}`,
          failingExchange: res.exchange,
        });
        // RFC 8259 8.1: networked JSON is UTF-8; a charset of another encoding tells a client to decode it wrongly.
        ctx.expect(charset === undefined || UTF8_LABELS.has(charset), {
          title: `${requestLine(res)} labelled its JSON as ${charset}`,
          expected:
            'JSON in UTF-8, with no charset or charset=utf-8 (good practice: spec 4 makes bodies JSON, and RFC 8259 8.1 makes them UTF-8)',
          received: `${res.status} content-type: ${res.headers['content-type'] ?? '(none)'}`,
          failingExchange: res.exchange,
        });
      }
    },
  },
);

export const protocolRules: Implementation[] = [charsetAccepted, nonJsonPost, nonJsonPut, missingContentType, jsonMediaType];
