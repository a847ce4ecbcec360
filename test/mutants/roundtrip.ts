/**
 * @module Mutants of the round trip (spec 4.2, 4.3): a GET result without id
 * and referenceId, posted back, must create a job with the same values.
 */
import { DAY_MS } from '../../schemas/time-units.js';
import type { CoreHandler, CoreRequest } from '../../mock/index.js';
import type { Mutant } from './mutant.js';
import { isObject, jsonResponse, requestJson, withJsonBody, type JsonObject } from './support/json.js';
import { allHeaders } from './support/relist.js';
import { currentJob, jobByReference, namedJob, sideRequest } from './support/side-requests.js';
import {
  isAnyUpdate,
  isAnyWrite,
  isCollection,
  isItem,
  isList,
  isOverride,
  isPost,
  isPut,
  isPutById,
  isPutByReference,
  jobIdOf,
} from './support/routes.js';
import { parseIsoDate, type IsoDate } from '../../schemas/iso-date.js';
import { answerInstead, rewriteJobs, rewriteRequest, rewriteResponse, rewriteResponseText } from './support/transforms.js';

/**
 * Edits the value of each string field `field` in a JSON text, as written (rewriteJobs would parse and rewrite the
 * whole body, and `1.5000` would lose its decimals): `edit` gets the JSON string's content, escapes included.
 */
function editStringField(field: string, edit: (raw: string) => string): (text: string) => string {
  const value = new RegExp(`("${field}":\\s*")((?:[^"\\\\]|\\\\.)*)"`, 'g');
  return (text) => text.replace(value, (_whole, head: string, raw: string) => `${head}${edit(raw)}"`);
}

/** HTML-escapes `&`, `<`, `>` and `"` in a JSON string's content, as written (its quotes are escaped `\\"`). */
const escapeHtml = (raw: string): string =>
  raw.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\\"/g, '&quot;');

/** An offset other than UTC at the end of a date-time: `+05:30`, `-0500`, `+09`. */
const NON_UTC_OFFSET = /[+-](?!00(?::?00)?$)\d{2}(?::?\d{2})?$/;

/** A server that changes each closeDate it reads (the schemas' own ISO 8601 reading) before storing it; undefined keeps it. */
const rewritesCloseDate = (edit: (date: IsoDate, written: string) => string | undefined): Mutant['transform'] =>
  rewriteRequest(isAnyWrite, (body) => {
    const written = body.closeDate;
    const date = typeof written === 'string' ? parseIsoDate(written) : undefined;
    const changed = date === undefined ? undefined : edit(date, written as string);
    if (changed !== undefined) body.closeDate = changed;
  });

/** A server that changes the title of every POST and PUT body before storing it. */
const rewritesTitle = (edit: (title: string) => string): Mutant['transform'] =>
  rewriteRequest(
    (req) => isPost(req) || isPut(req),
    (body) => {
      if (typeof body.title === 'string') body.title = edit(body.title);
    },
  );

/**
 * The caller's job whose title and publishDate (as instants) the body carries, as a GET result does: a natural key
 * some servers take a create for a repeat of an earlier one by.
 */
async function jobOfSameTitleAndPublishDate(next: CoreHandler, req: CoreRequest, body: JsonObject): Promise<JsonObject | undefined> {
  const published = typeof body.publishDate === 'string' ? Date.parse(body.publishDate) : NaN;
  if (typeof body.title !== 'string' || Number.isNaN(published)) return undefined;
  const items = await allHeaders(next, req, { q: body.title });
  if (!Array.isArray(items)) return undefined;
  return items.find((item) => item.title === body.title && Date.parse(String(item.publishDate)) === published);
}

export const roundtripMutants: Mutant[] = [
  {
    // spec 4.2: the request body is symmetrical with the GET result
    name: 'roundtrip-rejects-employer-field',
    area: 'roundtrip',
    violates: '4.2: a GET result without id and referenceId, posted, creates a job (here 400 because it carries employer)',
    expectedRule: ['jobs.roundtrip.post-accepted', 'jobs.roundtrip.same-values', 'jobs.roundtrip.put-create'],
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if ((isPost(req) || isPut(req)) && body !== undefined && 'employer' in body) {
        return jsonResponse(400, {
          status: 400,
          code: 'validation_failed',
          message: 'employer is read-only',
          fieldErrors: [{ path: '/employer', rule: 'readOnly', message: 'must not be sent' }],
        });
      }
      return next(req);
    },
  },
  {
    // spec 2.7: a list item has the job's title, same type and meaning; a server that HTML-escapes it for the list
    name: 'roundtrip-list-escapes-html-in-title',
    area: 'roundtrip',
    violates: '2.7: the list item has the title of the job (here `&`, `<`, `>` and `"` HTML-escaped in the list only)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewriteResponseText(isList, editStringField('title', escapeHtml)),
  },
  {
    // spec 2.1, 4.3: a referenceId is the employer's own string; a PUT answer that drops its combining marks changed it
    name: 'roundtrip-put-strips-combining-marks-from-reference-id',
    area: 'roundtrip',
    violates: '2.1, 4.3: the PUT answer is the job, its referenceId as written (here without its combining marks: `é` as `e`)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewriteResponseText(
      isPut,
      editStringField('referenceId', (raw) => raw.normalize('NFD').replace(/\p{M}/gu, '')),
    ),
  },
  {
    // spec 2.7: the list item's title is the job's; a server whose list index splits astral characters (UTF-16 units)
    name: 'roundtrip-list-mangles-astral-characters',
    area: 'roundtrip',
    violates: '2.7: the list item has the title of the job (here each character outside the BMP replaced by U+FFFD in the list)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewriteResponseText(
      isList,
      editStringField('title', (raw) => raw.replace(/[\u{10000}-\u{10FFFF}]/gu, '\uFFFD')),
    ),
  },
  {
    // spec 2.1 (should): a title is a string; trimming its ends on one write path only is the departure probed
    name: 'roundtrip-put-by-reference-trims-title',
    area: 'roundtrip',
    violates: '2.1: the title written is kept, white space at its ends included (here trimmed by PUT /jobs by referenceId)',
    expectedRule: 'jobs.roundtrip.title-end-white-space',
    transform: rewriteRequest(isPutByReference, (body) => {
      if (typeof body.title === 'string') body.title = body.title.trim();
    }),
  },
  {
    // spec 2.1 (should): a referenceId is a string; trimming its ends on one write path only is the departure probed
    name: 'roundtrip-collection-override-trims-reference-id',
    area: 'roundtrip',
    violates:
      '2.1: the referenceId written is kept, white space at its ends included (here trimmed by POST /jobs with ' +
      'X-HTTP-Method-Override: PUT, the PUT-create and the update alike)',
    expectedRule: 'jobs.roundtrip.reference-id-end-white-space',
    transform: rewriteRequest(
      (req) => isOverride(req, 'PUT') && isCollection(req),
      (body) => {
        if (typeof body.referenceId === 'string') body.referenceId = body.referenceId.trim();
      },
    ),
  },
  {
    // spec 2.1: closeDate is "Date, ISO 8601"; a date-time's offset is part of the instant
    name: 'roundtrip-close-date-offset-dropped',
    area: 'roundtrip',
    violates:
      '2.1: a closeDate date-time keeps its instant (here an offset other than UTC is read as UTC: `08:00+05:30` stored as `08:00Z`)',
    expectedRule: 'jobs.roundtrip.close-date-forms',
    transform: rewriteRequest(
      (req) => isPost(req) || isPut(req),
      (body) => {
        if (typeof body.closeDate === 'string' && body.closeDate.includes('T'))
          body.closeDate = body.closeDate.replace(NON_UTC_OFFSET, 'Z');
      },
    ),
  },
  {
    // spec 2.1: closeDate is "Date, ISO 8601"; a spelling a server takes names the instant it names
    name: 'roundtrip-close-date-space-spelling-offset-dropped',
    area: 'roundtrip',
    violates:
      '2.1: a closeDate taken keeps its instant (here one written with a space for T is taken, its offset read as UTC: `09:15+01:00` stored as `09:15Z`)',
    expectedRule: 'jobs.roundtrip.close-date-uncommon-forms',
    transform: rewriteRequest(
      (req) => isPost(req) || isPut(req),
      (body) => {
        if (typeof body.closeDate === 'string' && /^\d{4}-\d\d-\d\d \d/.test(body.closeDate))
          body.closeDate = body.closeDate.replace(NON_UTC_OFFSET, 'Z');
      },
    ),
  },
  {
    // spec 2.1: closeDate "can be set explicitly"; nothing bounds it by publishDate, so a server may refuse one in the past, not drop it
    name: 'roundtrip-past-close-date-dropped',
    area: 'roundtrip',
    violates:
      '2.1: a closeDate is kept as sent or refused (here a closeDate before now is answered 2xx but dropped: a POST gets the default, ' +
      'a PUT keeps the old one)',
    expectedRule: 'jobs.roundtrip.close-date-before-publish',
    transform: rewriteRequest(
      (req) => isPost(req) || isPut(req),
      (body) => {
        const { closeDate } = body;
        if (typeof closeDate === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(closeDate) && Date.parse(closeDate) < Date.now() - DAY_MS)
          delete body.closeDate;
      },
    ),
  },
  {
    // spec 2.1 and 8 bound a title by its greatest length only: a blank one may be refused, not taken and dropped
    name: 'roundtrip-blank-title-ignored-on-update',
    area: 'roundtrip',
    violates:
      '2.1: a title is kept as sent or refused (here a PUT with a title of white space alone is answered 200 but keeps the old title)',
    expectedRule: 'jobs.roundtrip.blank-title',
    transform: rewriteRequest(isPut, (body) => {
      if (typeof body.title === 'string' && body.title.trim() === '') delete body.title;
    }),
  },
  {
    // spec 2.1, 4.3: a title is kept as sent or refused; "0" is a title, however loosely a language reads it
    name: 'roundtrip-title-zero-ignored-on-put-by-id',
    area: 'roundtrip',
    violates:
      '2.1, 4.3: a title is kept as sent or refused (here PUT /jobs/{id} with the title "0" is answered 200 but keeps the ' +
      "old title, as a check by PHP's empty() reads it)",
    expectedRule: 'jobs.roundtrip.json-lookalike-text',
    transform: rewriteRequest(isPutById, (body) => {
      if (body.title === '0') delete body.title;
    }),
  },
  {
    // spec 4.3: only the fields sent change, to what was sent; an update that reads an empty description as "not sent"
    name: 'roundtrip-empty-description-ignored-on-update',
    area: 'roundtrip',
    violates: '4.3: a description is kept as sent or refused (here a PUT with an empty description is answered 200 but keeps the old one)',
    expectedRule: 'jobs.roundtrip.blank-description',
    transform: rewriteRequest(isPut, (body) => {
      if (body.description === '') delete body.description;
    }),
  },
  {
    // spec 4.3: a PUT with a new referenceId creates the job as POST does, so its answer is the job as written
    name: 'roundtrip-put-create-escapes-html-in-title',
    area: 'roundtrip',
    violates:
      '4.3: the answer of a PUT that creates is the job, its title as written (here `&`, `<`, `>` and `"` HTML-escaped in that answer only)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewriteResponse(isPutByReference, (res) =>
      res.status === 201 && typeof res.body === 'string' ? { ...res, body: editStringField('title', escapeHtml)(res.body) } : res,
    ),
  },
  {
    // spec 2.1, 4.2: applicationEmail is a String that comes back as sent
    name: 'roundtrip-email-sub-address-dropped',
    area: 'roundtrip',
    violates:
      '2.1, 4.2: a job has the values sent (here an applicationEmail loses its sub-address: first.last+jobs@x is kept as first.last@x)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewriteRequest(
      (req) => isPost(req) || isPut(req),
      (body) => {
        if (typeof body.applicationEmail === 'string') body.applicationEmail = body.applicationEmail.replace(/\+[^@]*@/, '@');
      },
    ),
  },
  {
    // spec 2.1, 4.2: applicationUrl is a String (URL) that comes back as sent
    name: 'roundtrip-url-fragment-dropped',
    area: 'roundtrip',
    violates: '2.1, 4.2: a job has the values sent (here an applicationUrl loses its fragment: .../apply#form is kept as .../apply)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewriteRequest(
      (req) => isPost(req) || isPut(req),
      (body) => {
        if (typeof body.applicationUrl === 'string') body.applicationUrl = body.applicationUrl.replace(/#.*$/, '');
      },
    ),
  },
  {
    // spec 2.1: applicationEmail is a string; 4.2: the body is symmetrical with the GET result
    name: 'roundtrip-email-lowercased',
    area: 'roundtrip',
    violates: '2.1, 4.2: an email comes back as written (here the whole address is lower-cased, its local part too)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewriteRequest(
      (req) => isPost(req) || isPut(req),
      (body) => {
        if (typeof body.applicationEmail === 'string') body.applicationEmail = body.applicationEmail.toLowerCase();
      },
    ),
  },
  {
    // spec 2.1: title is a string; 4.2: the body is symmetrical with the GET result
    name: 'roundtrip-title-line-ends-normalized',
    area: 'roundtrip',
    violates: '2.1, 4.2: a title comes back as written (here CR LF and CR become LF)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewritesTitle((title) => title.replace(/\r\n?/g, '\n')),
  },
  {
    // spec 2.1: applicationUrl is a URL, a port and all
    name: 'roundtrip-url-with-port-refused',
    area: 'roundtrip',
    violates: '2.1: applicationUrl is a URL (here one with a port is refused, as a validator written from https://host/path does)',
    expectedRule: 'jobs.roundtrip.url-forms',
    transform: answerInstead(
      (req) => {
        const url = requestJson(req)?.applicationUrl;
        return (isPost(req) || isPut(req)) && typeof url === 'string' && /^[a-z]+:\/\/[^/?#]*:\d+/i.test(url);
      },
      () => jsonResponse(400, { code: 'invalid', message: 'applicationUrl is not a URL' }),
    ),
  },
  {
    // spec 2.1, 4.2: the description comes back with the same text; a no-break space is a character, not HTML white space
    name: 'roundtrip-description-no-break-space-as-space',
    area: 'roundtrip',
    violates: '4.2: a write keeps the values sent (here a no-break space in the description, raw or as &nbsp;, is stored as a space)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewriteRequest(
      (req) => isPost(req) || isPut(req),
      (body) => {
        if (typeof body.description === 'string') body.description = body.description.replace(/\u00A0|&nbsp;/g, ' ');
      },
    ),
  },
  {
    // spec 2.1, 4.2: a title comes back as sent; a sanitizer that strips invisible format characters changes it
    name: 'roundtrip-title-invisible-characters-stripped',
    area: 'roundtrip',
    violates:
      '4.2: a write keeps the values sent (here zero-width, joiner, soft-hyphen, BOM and bidi characters are stripped ' +
      'from a title; refusing them would be observed)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewritesTitle((title) => title.replace(/[\u00AD\u200B-\u200F\u202A-\u202E\u2060\uFEFF]/g, '')),
  },
  {
    // spec 2.1: applicationUrl is a URL, kept as sent; a normalizer on one write path drops the port
    name: 'roundtrip-url-port-dropped-on-put-by-reference',
    area: 'roundtrip',
    violates: '2.1, 4.3: a write keeps the values sent (here PUT /jobs by referenceId drops the port of applicationUrl)',
    expectedRule: 'jobs.roundtrip.url-forms',
    transform: rewriteRequest(isPutByReference, (body) => {
      if (typeof body.applicationUrl === 'string') body.applicationUrl = body.applicationUrl.replace(/^(https?:\/\/[^/:?#]+):\d+/i, '$1');
    }),
  },
  {
    // spec 2.1, 4.3: applicationUrl is a String (URL) that comes back as sent, on every write path
    name: 'roundtrip-url-percent-decoded-on-put-by-id',
    area: 'roundtrip',
    violates: '2.1, 4.3: a job has the values sent (here PUT /jobs/{id} decodes the applicationUrl: caf%C3%A9 is kept as café)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewriteRequest(isPutById, (body) => {
      if (typeof body.applicationUrl !== 'string') return;
      try {
        body.applicationUrl = decodeURI(body.applicationUrl);
      } catch {
        // a malformed escape stays as sent
      }
    }),
  },
  {
    // spec 2.1, 4.2: title is a String that comes back as sent; U+2028 and U+2029 are characters like any other
    name: 'roundtrip-title-line-separators-stripped',
    area: 'roundtrip',
    violates: '2.1, 4.2: a job has the values sent (here the Unicode line and paragraph separators are stripped from a title)',
    expectedRule: ['jobs.roundtrip.character-classes', 'jobs.limits.title-length'],
    transform: rewritesTitle((title) => title.replace(/[\u2028\u2029]/g, '')),
  },
  {
    // spec 2.1, 4.2: title is a String that comes back as sent; a store of C strings ends it at NUL
    name: 'roundtrip-title-cut-at-nul',
    area: 'roundtrip',
    violates: '2.1, 4.2: a job has the values sent (here a title is taken and cut at its first NUL character)',
    expectedRule: ['jobs.roundtrip.character-classes', 'jobs.limits.title-length'],
    transform: rewritesTitle((title) => (title.includes('\u0000') ? title.slice(0, title.indexOf('\u0000')) : title)),
  },
  {
    // spec 2.1: closeDate is a Date, ISO 8601, with no latest date stated; a store of signed 32-bit seconds wraps
    name: 'roundtrip-close-date-wraps-past-2038',
    area: 'roundtrip',
    violates: '2.1: a closeDate comes back as sent (here one past 2038-01-19T03:14:07Z is stored in 32-bit seconds and wraps to 1901)',
    expectedRule: 'jobs.roundtrip.close-date-calendar-edges',
    transform: rewritesCloseDate((date) =>
      date.ms / 1000 > 2_147_483_647 ? new Date(((date.ms / 1000) | 0) * 1000).toISOString() : undefined,
    ),
  },
  {
    // spec 2.1: closeDate is a Date, ISO 8601; 29 February exists in a leap year
    name: 'roundtrip-close-date-leap-day-rolled',
    area: 'roundtrip',
    violates: '2.1: a closeDate comes back as sent (here 29 February of a leap year is stored as 1 March)',
    expectedRule: 'jobs.roundtrip.close-date-calendar-edges',
    transform: rewritesCloseDate((_date, written) =>
      written.slice(4, 10) === '-02-29' ? `${written.slice(0, 5)}03-01${written.slice(10)}` : undefined,
    ),
  },
  {
    // spec 1, 4.3: the override is a PUT, whose title is a String kept as sent (2.1), not HTML
    name: 'roundtrip-override-escapes-html-in-title',
    area: 'roundtrip',
    violates: '2.1, 4.3: a title comes back as written (here the override PUT stores it HTML-escaped: `a&b` as `a&amp;b`)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewriteRequest(
      (req) => isOverride(req, 'PUT'),
      (body) => {
        if (typeof body.title === 'string') body.title = body.title.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
      },
    ),
  },
  {
    // spec 2.5: amount and maxAmount state no order; a salary taken comes back as sent
    name: 'roundtrip-salary-max-below-amount-swapped',
    area: 'roundtrip',
    violates: '2.5, 4.2: a job has the values sent (here a salary whose maxAmount is below its amount is stored with the two swapped)',
    expectedRule: 'jobs.roundtrip.salary-max-below-amount',
    transform: rewriteRequest(isAnyWrite, (body) => {
      const salary = body.salary as { amount?: unknown; maxAmount?: unknown } | null | undefined;
      if (typeof salary?.amount === 'number' && typeof salary.maxAmount === 'number' && salary.maxAmount < salary.amount)
        [salary.amount, salary.maxAmount] = [salary.maxAmount, salary.amount];
    }),
  },
  {
    // spec 2.5: amount and maxAmount are Decimal, with no largest value; a salary taken comes back as sent
    name: 'roundtrip-salary-wrapped-at-32-bits',
    area: 'roundtrip',
    violates: '2.5, 4.2: a job has the values sent (here a salary is kept in a signed 32-bit integer, so 2147483648 comes back negative)',
    expectedRule: 'jobs.roundtrip.salary-past-32-bits',
    transform: rewriteJobs((job) => {
      const salary = job.salary as Record<string, unknown> | null | undefined;
      for (const key of ['amount', 'maxAmount'])
        if (salary && typeof salary[key] === 'number' && Math.abs(salary[key]) > 2_147_483_647) salary[key] = Math.trunc(salary[key]) | 0;
    }),
  },
  {
    // spec 4.4: DELETE /jobs names its job by the referenceId as written
    name: 'roundtrip-delete-by-reference-lookup-lower-cased',
    area: 'roundtrip',
    violates:
      '4.4: DELETE /jobs removes the job with that referenceId (here the lookup lower-cases it, so a referenceId with capitals finds none)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: answerInstead(
      (req) => {
        const referenceId = requestJson(req)?.referenceId;
        return req.method === 'DELETE' && typeof referenceId === 'string' && referenceId !== referenceId.toLowerCase();
      },
      () => jsonResponse(404, { status: 404, code: 'not_found', message: 'No such job' }),
    ),
  },
  {
    // spec 2.1, 4.3: a closeDate in any ISO 8601 offset is a closeDate on every write path
    name: 'roundtrip-close-date-far-offset-refused-by-override',
    area: 'roundtrip',
    violates: '2.1, 4.3: closeDate is any ISO 8601 date (here the override PUT refuses an offset of +13:00 or +14:00)',
    expectedRule: 'jobs.roundtrip.close-date-forms',
    transform: answerInstead(
      (req) => isOverride(req, 'PUT') && /\+1[34]:\d\d$/.test(String(requestJson(req)?.closeDate)),
      () => jsonResponse(400, { code: 'invalid', message: 'closeDate offset out of range' }),
    ),
  },
  {
    // spec 2.1, 4.3: applicationEmail is a string, max 50; every write path takes the same addresses
    name: 'roundtrip-email-hyphenated-domain-refused-by-reference',
    area: 'roundtrip',
    violates: '2.1, 4.3: a PUT body obeys the same rules as POST (here PUT /jobs refuses an email whose domain holds a hyphen)',
    expectedRule: 'jobs.roundtrip.email-forms',
    transform: answerInstead(
      (req) => isPutByReference(req) && /@[^@]*-/.test(String(requestJson(req)?.applicationEmail)),
      () => jsonResponse(400, { code: 'invalid', message: 'applicationEmail is not an email' }),
    ),
  },
  {
    // spec 4.2: the body is the created Job, with the values sent, whichever flags are sent together
    name: 'roundtrip-post-drops-confidential-beside-auto-refresh',
    area: 'roundtrip',
    violates:
      '4.2: a create keeps the values sent (here POST keeps confidential true only when autoRefresh is not sent true with it: ' +
      'one flag column written from the other)',
    expectedRule: 'jobs.roundtrip.flag-combinations',
    transform: rewriteRequest(
      (req) => isPost(req) && requestJson(req)?.autoRefresh === true && requestJson(req)?.confidential === true,
      (body) => ({ ...body, confidential: false }),
    ),
  },
  {
    // spec 4.3, 3: the fields sent change; a re-publish that carries a title changes the title too
    name: 'roundtrip-republish-by-reference-drops-title',
    area: 'roundtrip',
    violates:
      '4.3: only the fields sent change, and they do (here PUT /jobs re-publishing an archived job drops the title sent ' +
      'with the status: the status-change branch writes the status alone)',
    expectedRule: 'jobs.roundtrip.flag-combinations',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPutByReference(req) || body?.status !== 'active' || body.title === undefined || typeof body.referenceId !== 'string')
        return next(req);
      if ((await jobByReference(next, req, body.referenceId))?.status !== 'archived') return next(req);
      const { title: _dropped, ...rest } = body;
      return next(withJsonBody(req, rest));
    },
  },
  {
    // spec 2.1: the referenceId written is kept, white space at its ends included, on a rename as on a create
    name: 'roundtrip-rename-by-id-trims-reference-id',
    area: 'roundtrip',
    violates:
      '2.1: the referenceId written is kept, white space at its ends included (here trimmed by PUT /jobs/{id} and its ' +
      'override when they rename a job; a create keeps it)',
    expectedRule: 'jobs.roundtrip.reference-id-end-white-space',
    transform: rewriteRequest(
      (req) => (isPutById(req) || (isOverride(req, 'PUT') && !isCollection(req))) && typeof requestJson(req)?.referenceId === 'string',
      (body) => ({ ...body, referenceId: String(body.referenceId).trim() }),
    ),
  },
  {
    // spec 2.1, 4.3: a PUT-create behaves as POST: the title written is kept, white space at its ends included
    name: 'roundtrip-put-create-trims-title',
    area: 'roundtrip',
    violates: '2.1, 4.3: the title written is kept, white space at its ends included (here trimmed by PUT /jobs when it creates)',
    expectedRule: 'jobs.roundtrip.title-end-white-space',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPutByReference(req) || typeof body?.title !== 'string' || typeof body.referenceId !== 'string') return next(req);
      if ((await jobByReference(next, req, body.referenceId)) !== undefined) return next(req);
      return next(withJsonBody(req, { ...body, title: body.title.trim() }));
    },
  },
  {
    // spec 4.3, 3: the fields sent change, status among them; a re-publish that carries other fields changes them too
    name: 'roundtrip-republish-by-id-drops-locations-sent-with-it',
    area: 'roundtrip',
    violates:
      '4.3: only the fields sent change, and they do (here PUT /jobs/{id} re-publishing an archived job drops the ' +
      'locations sent with the status)',
    expectedRule: 'jobs.roundtrip.flag-combinations',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const id = jobIdOf(req);
      if (!isPutById(req) || id === undefined || body?.status !== 'active' || body.locations === undefined) return next(req);
      if ((await currentJob(next, req, id))?.status !== 'archived') return next(req);
      const { locations: _dropped, ...rest } = body;
      return next(withJsonBody(req, rest));
    },
  },
  {
    // spec 2.5: amount and maxAmount are Decimal; zero is a value, not the absence of one
    name: 'roundtrip-salary-zero-max-amount-nulled',
    area: 'roundtrip',
    violates:
      '2.5, 4.2: a job has the values sent (here a maxAmount of 0 is stored as null: the server writes `maxAmount || null`, ' +
      'reading zero as no value)',
    expectedRule: 'jobs.roundtrip.salary-not-positive',
    transform: rewriteRequest(isAnyWrite, (body) => {
      const salary = body.salary as { maxAmount?: unknown } | null | undefined;
      if (salary?.maxAmount === 0) salary.maxAmount = null;
    }),
  },
  {
    // spec 2.5: amount and maxAmount are Decimal; a salary below zero, taken, keeps its sign
    name: 'roundtrip-negative-salary-made-positive',
    area: 'roundtrip',
    violates: '2.5, 4.2: a job has the values sent (here a salary below zero is stored as its absolute value: an unsigned column)',
    expectedRule: 'jobs.roundtrip.salary-not-positive',
    transform: rewriteRequest(isAnyWrite, (body) => {
      const salary = body.salary as Record<string, unknown> | null | undefined;
      for (const key of ['amount', 'maxAmount']) if (salary && typeof salary[key] === 'number') salary[key] = Math.abs(salary[key]);
    }),
  },
  {
    // spec 2.1: title and description are Strings, whatever their text reads as
    name: 'roundtrip-number-like-text-typed',
    area: 'roundtrip',
    violates:
      '2.1: a title or a description is a String (here text that reads as a number, a boolean or null comes back as one: a store that guesses types)',
    expectedRule: 'jobs.roundtrip.json-lookalike-text',
    transform: rewriteResponseText(
      (req) => !isList(req),
      (text) =>
        text.replace(/"(title|description)":"(-?\d+(?:\.\d+)?(?:e\d+)?|true|null)"/gi, (_all, field: string, value: string) => {
          const typed = value === 'true' ? true : value === 'null' ? null : Number(value);
          return `"${field}":${JSON.stringify(typed)}`;
        }),
    ),
  },
  {
    // spec 2.5, 7: a salary with no member breaks no stated rule; taken or refused, never a server error
    name: 'roundtrip-salary-without-members-crashes-put-create',
    area: 'roundtrip',
    violates:
      '2.5, 7: a salary of {} is taken or refused (here a PUT with it answers 500: a handler that reads salary.period.id unguarded)',
    expectedRule: 'jobs.roundtrip.salary-without-members',
    transform: answerInstead(
      (req) => {
        const salary = isPutByReference(req) ? requestJson(req)?.salary : undefined;
        return typeof salary === 'object' && salary !== null && Object.keys(salary).length === 0;
      },
      () => jsonResponse(500, { message: "Cannot read properties of undefined (reading 'id')" }),
    ),
  },
  {
    // spec 2.1, 4.1: a GET answers the job as it is, its applicationEmail as sent
    name: 'roundtrip-email-read-as-latin1-on-get',
    area: 'roundtrip',
    violates:
      "2.1, 4.1: the job's applicationEmail comes back as sent (here GET /jobs/{id} decodes an address beyond ASCII as " +
      'Latin-1: renée@ comes back as renÃ©e@; the write answers are right)',
    expectedRule: 'jobs.roundtrip.email-letters',
    transform: rewriteResponseText(
      (req) => req.method === 'GET' && isItem(req),
      editStringField('applicationEmail', (raw) => Buffer.from(raw, 'utf8').toString('latin1')),
    ),
  },
  {
    // spec 2.1, 4.2: a closeDate "can be set explicitly", in any ISO 8601 form; a server may cap how far ahead, not refuse a day
    name: 'roundtrip-leap-day-close-date-refused',
    area: 'roundtrip',
    violates:
      '2.1, 4.2: a valid closeDate is taken (here any write whose closeDate falls on 29 February is refused with 400, ' +
      'while later dates are taken: a date check that builds the day in a year without one)',
    expectedRule: 'jobs.roundtrip.close-date-calendar-edges',
    transform: answerInstead(
      (req) => {
        const closeDate = isAnyWrite(req) ? requestJson(req)?.closeDate : undefined;
        return typeof closeDate === 'string' && /^\d{4}-?02-?29/.test(closeDate);
      },
      () => jsonResponse(400, { message: 'closeDate is not a valid date' }),
    ),
  },
  {
    // spec 2.1: the description's text is kept as sent; only tags and attributes are restricted
    name: 'roundtrip-script-word-stripped-from-description-text',
    area: 'roundtrip',
    violates:
      '2.1: the description keeps its text (here a sanitizer strips the word "script", in any case and inside longer words, ' +
      'from the text between tags)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: rewriteRequest(isAnyWrite, (body) => {
      if (typeof body.description !== 'string') return;
      const parts = body.description.split(/(<[^>]*>)/);
      body.description = parts.map((part, i) => (i % 2 === 1 ? part : part.replace(/script/gi, ''))).join('');
    }),
  },
  {
    // spec 2.5, 4.3: only the fields sent change, to the values sent; an amount of 0 is a value
    name: 'roundtrip-zero-amount-dropped-on-update',
    area: 'roundtrip',
    violates:
      '2.5, 4.3: the salary sent is the salary held (here an update that sends an amount of 0 to a job with a salary drops ' +
      'it as no value, and the job keeps its old amount)',
    expectedRule: 'jobs.roundtrip.salary-not-positive',
    transform: rewriteRequest(isAnyUpdate, (body) => {
      const salary = body.salary;
      if (!isObject(salary) || salary.amount !== 0) return;
      const { amount: _zero, ...rest } = salary;
      body.salary = rest;
    }),
  },
  {
    // spec 3: active -> archived by PUT with status archived, other fields unchanged
    name: 'roundtrip-archive-lowercases-email',
    area: 'roundtrip',
    violates:
      '3: an archive changes the status alone, other fields unchanged (here a PUT of the status alone that archives an ' +
      'active job writes its applicationEmail again in lower case, as the create path stores it normalized)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isAnyUpdate(req) || body?.status !== 'archived' || !Object.keys(body).every((key) => key === 'status' || key === 'referenceId'))
        return next(req);
      const job = await namedJob(next, req, jobIdOf(req), body);
      const email = job?.applicationEmail;
      if (job?.status !== 'active' || typeof email !== 'string' || email === email.toLowerCase()) return next(req);
      return next(withJsonBody(req, { ...body, applicationEmail: email.toLowerCase() }));
    },
  },
  {
    // spec 4.2: POST creates a job, and a GET result posted back creates one with the same values
    name: 'roundtrip-post-of-live-job-answers-that-job',
    area: 'roundtrip',
    violates:
      '4.2: a GET result without id and referenceId, posted, creates a job (here a POST carrying the title and publishDate ' +
      'of a live job is taken for a repeat of its create: 201 with that job, and none created)',
    expectedRule: 'jobs.roundtrip.same-values',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const same = isPost(req) && body !== undefined ? await jobOfSameTitleAndPublishDate(next, req, body) : undefined;
      if (same === undefined) return next(req);
      const read = await sideRequest(next, req, 'GET', `/jobs/${String(same.id)}`);
      return { ...read, status: 201, headers: { ...read.headers, location: `${req.baseUrl}${req.path}/${String(same.id)}` } };
    },
  },
  {
    // spec 4.3: a PUT /jobs with a new referenceId creates a job, as POST with a referenceId does
    name: 'roundtrip-put-create-of-live-job-updates-that-job',
    area: 'roundtrip',
    violates:
      '4.3: a PUT /jobs with a referenceId no job holds creates a job (here a body carrying the title and publishDate of a ' +
      'live job updates that job, an upsert on the natural key, and gives it the new referenceId)',
    expectedRule: 'jobs.roundtrip.put-create',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPutByReference(req) || body === undefined || (await jobByReference(next, req, String(body.referenceId))) !== undefined)
        return next(req);
      const same = await jobOfSameTitleAndPublishDate(next, req, body);
      return same === undefined ? next(req) : next({ ...req, path: `${req.path.replace(/\/$/, '')}/${String(same.id)}` });
    },
  },
  {
    // spec 4.3: a PUT /jobs with a referenceId no job holds creates a job, as POST with a referenceId does
    name: 'roundtrip-put-create-adopts-job-without-reference-of-that-title',
    area: 'roundtrip',
    violates:
      '4.3: a PUT /jobs with a referenceId no job holds creates a job (here it adopts a job of the same title that has no ' +
      'referenceId, as an import that matches unnamed rows by title does: that job is updated and given the referenceId)',
    expectedRule: 'jobs.roundtrip.put-create',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (
        !isPutByReference(req) ||
        typeof body?.title !== 'string' ||
        (await jobByReference(next, req, String(body.referenceId))) !== undefined
      )
        return next(req);
      const items = await allHeaders(next, req, { q: body.title });
      const adopted = Array.isArray(items) ? items.find((item) => item.title === body.title && !item.referenceId) : undefined;
      return adopted === undefined ? next(req) : next({ ...req, path: `${req.path.replace(/\/$/, '')}/${String(adopted.id)}` });
    },
  },
];
