/**
 * @module Mutants that crash (spec 7: invalid or unusual input gets a client
 * error or is served, never a 5xx).
 */
import type { CoreRequest } from '../../mock/index.js';
import { JOB_FIELDS } from '../../schemas/job-fields.js';
import { METHOD_OVERRIDE_HEADER, methodOverrideOf } from '../../vocabulary/index.js';
import type { Mutant, Transform } from './mutant.js';
import {
  isJobBody,
  isListBody,
  jsonResponse,
  requestJson,
  responseJson,
  serverError,
  withJsonBody,
  type JsonObject,
} from './support/json.js';
import {
  isCollection,
  isDelete,
  isItem,
  isList,
  isOverride,
  isPost,
  isPut,
  isPutById,
  isPutByReference,
  jobIdOf,
} from './support/routes.js';
import { allHeaders, relist } from './support/relist.js';
import { answerInstead, reshapeRequest, rewriteResponseText } from './support/transforms.js';
import {
  collatesReferences,
  foldAccents,
  foldCase,
  foldTrailingSpaces,
  likeMatch,
  matchesReferences,
  refusesTwins,
} from './support/collation.js';
import { currentJob, jobByReference, sideRequest } from './support/side-requests.js';

const ITEM_PATH = /^(.*\/jobs\/)([^/]+)$/;

/**
 * A server that reads the path id of `/jobs/{id}` (every method, the override too) with `read`: a text that is
 * not the decimal of the id it yields is routed to that id.
 */
function readsPathIdAs(read: (text: string) => number): Transform {
  const misread = (path: string): string | undefined => {
    const [, head, text] = ITEM_PATH.exec(path) ?? [];
    if (head === undefined || text === undefined) return undefined;
    const id = read(decodeURIComponent(text));
    return Number.isSafeInteger(id) && id > 0 && String(id) !== text ? `${head}${id}` : undefined;
  };
  return reshapeRequest(
    (req) => misread(req.path) !== undefined,
    (req) => ({ ...req, path: misread(req.path)! }),
  );
}

/** The members a PUT /jobs body may carry: the job's fields (a GET result sent back included). */
const SENT_MEMBERS: ReadonlySet<string> = new Set(JOB_FIELDS);

/** A body that parses as JSON but is no object: an array, null or a scalar. */
/** A surrogate without its pair: JSON can escape one (RFC 8259 8.2), Unicode text cannot hold it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether the request's JSON body holds a value (at any depth) that `found` picks. */
function readsJson(req: CoreRequest, found: (value: unknown) => boolean): boolean {
  if (!req.body || req.body.length === 0) return false;
  let seen = false;
  try {
    JSON.parse(new TextDecoder().decode(req.body), (_key, value: unknown) => {
      if (found(value)) seen = true;
      return value;
    });
  } catch {
    return false;
  }
  return seen;
}

function isJsonNonObject(req: CoreRequest): boolean {
  if (!req.body || req.body.length === 0 || requestJson(req) !== undefined) return false;
  try {
    JSON.parse(new TextDecoder().decode(req.body));
    return true;
  } catch {
    return false;
  }
}

/** The first (newest) of the jobs whose referenceIds differ only in letter case: a search grouped by a collated key. */
function firstOfCaseTwins(items: JsonObject[]): JsonObject[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    if (typeof item.referenceId !== 'string' || item.referenceId === '') return true;
    const key = foldCase(item.referenceId);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * Jobs kept under text keys and found by a prefix scan: a GET of an id that names no job answers the employer's first
 * job whose id starts with its digits (job 10 for /jobs/1).
 */
const missingIdAnsweredByPrefix: Transform = (next) => async (req) => {
  const res = await next(req);
  const id = jobIdOf(req);
  if (req.method !== 'GET' || !isItem(req) || res.status !== 404 || id === undefined) return res;
  const every = await allHeaders(next, req, {});
  const longer = Array.isArray(every)
    ? every.map((job) => String(job.id)).find((held) => held !== String(id) && held.startsWith(String(id)))
    : undefined;
  return longer === undefined ? res : sideRequest(next, req, 'GET', `/jobs/${longer}`);
};

export const robustnessMutants: Mutant[] = [
  {
    // spec 4.1: the path id is an Int32 job id
    name: 'robustness-get-missing-id-answers-job-starting-with-it',
    area: 'robustness',
    violates: '4.1: the path id is an Int32 job id (here GET /jobs/1, which names no job, answers job 10, found by a prefix scan)',
    expectedRule: 'jobs.robustness.id-digit-prefixes',
    transform: missingIdAnsweredByPrefix,
  },
  {
    // spec 2.1, 4.3: a job body is a JSON object; an array, null or a scalar names no field, and is no update
    name: 'robustness-non-object-body-taken-as-empty-update',
    area: 'robustness',
    violates: '2.1, 4.3 (should): a body is a job object (here a PUT /jobs/{id} of an array, null or a scalar is an empty update: 200)',
    expectedRule: 'jobs.robustness.malformed-json',
    transform: reshapeRequest(
      (req) => isPutById(req) && isJsonNonObject(req),
      (req) => withJsonBody(req, {}),
    ),
  },
  {
    // spec 2.1, 7: titles are Unicode text; no 5xx
    name: 'robustness-500-on-emoji-title',
    area: 'robustness',
    violates: '2.1, 7: a title is Unicode text, emoji included (here 500)',
    expectedRule: ['jobs.robustness.unicode-no-5xx', 'jobs.robustness.unicode-preserved'],
    transform: (next) => async (req) => {
      const title = (isPost(req) || isPut(req)) && requestJson(req)?.title;
      return typeof title === 'string' && /\p{Extended_Pictographic}/u.test(title) ? serverError() : next(req);
    },
  },
  {
    // spec 4.5, 7: a page past the last one is answered, never with a 5xx
    name: 'robustness-500-past-last-page',
    area: 'robustness',
    violates: '4.5, 7: a page past the end is empty or refused (here 500)',
    expectedRule: ['jobs.robustness.page-past-end', 'jobs.robustness.list-params'],
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = responseJson(res);
      if (!isList(req) || !isListBody(body)) return res;
      const { page, pages } = body.paging as { page: number; pages: number };
      return page > Math.max(pages, 1) ? serverError() : res;
    },
  },
  {
    // spec 4.1: the path id is an Int32; "103x" or "103.5" is not job 103
    name: 'robustness-path-id-read-by-leading-digits',
    area: 'robustness',
    violates: '4.1: the path id is an Int32 job id (here "103x" and "103.5" read as 103, as parseInt does)',
    expectedRule: ['jobs.robustness.prefixed-ids', 'jobs.robustness.odd-ids'],
    transform: readsPathIdAs((text) => Number.parseInt(text, 10)),
  },
  {
    // spec 4.1: the path id is an Int32; any text with the id's digits is not job 103
    name: 'robustness-path-id-read-by-its-digits',
    area: 'robustness',
    violates: '4.1: the path id is an Int32 job id (here every digit of the text is kept: "x103" and "-103" read as 103)',
    expectedRule: ['jobs.robustness.near-miss-ids', 'jobs.robustness.odd-ids'],
    transform: readsPathIdAs((text) => Number(text.replace(/\D/g, '') || NaN)),
  },
  {
    // spec 4.1: the path id is an Int32; 2^32 + 103 is no Int32, not job 103
    name: 'robustness-path-id-wraps-past-int32',
    area: 'robustness',
    violates: '4.1: the path id is an Int32 job id (here a decimal past the Int32 range keeps its low 32 bits)',
    expectedRule: ['jobs.robustness.near-miss-ids', 'jobs.robustness.odd-ids'],
    transform: readsPathIdAs((text) => (/^\d+$/.test(text) ? Number(BigInt.asIntN(32, BigInt(text))) : NaN)),
  },
  {
    // spec 2.1, 4.2: a referenceId is a string; only one that already exists is rejected
    name: 'robustness-duplicate-check-ignores-case',
    area: 'robustness',
    violates:
      '4.2 (should): only a referenceId that already exists is rejected (here a POST with "ABC" is refused while a job holds "abc")',
    expectedRule: 'jobs.robustness.near-miss-references',
    transform: collatesReferences('POST', foldCase),
  },
  {
    // spec 4.3: a PUT with a referenceId no job holds creates a job, as POST does
    name: 'robustness-put-create-refused-for-case-twin',
    area: 'robustness',
    violates:
      '4.3 (should): a PUT-create behaves as POST, and only a referenceId that already exists is taken (here PUT /jobs ' +
      'with "ABC" is refused while a job holds "abc")',
    expectedRule: 'jobs.robustness.near-miss-references',
    transform: refusesTwins(isPutByReference, foldCase),
  },
  {
    // spec 4.3: PUT /jobs/{id} may change the referenceId to one no job holds
    name: 'robustness-rename-by-id-refused-for-case-twin',
    area: 'robustness',
    violates:
      '4.3 (should): a rename by id to a referenceId no job holds is no duplicate (here PUT /jobs/{id} to "ABC" is ' +
      'refused while another job holds "abc")',
    expectedRule: 'jobs.robustness.near-miss-references',
    transform: refusesTwins(isPutById, foldCase),
  },
  {
    // spec 4.5: the list holds every matching job; 2.8: total counts them
    name: 'robustness-list-folds-case-twins',
    area: 'robustness',
    violates:
      '4.5 (should, once both exist): every matching job is listed (here of two jobs whose referenceIds differ only in ' +
      'letter case, the list shows and counts the newer alone)',
    expectedRule: 'jobs.robustness.near-miss-references',
    transform: relist(({ items }) => firstOfCaseTwins(items)),
  },
  {
    // spec 4.3 form 2: PUT /jobs names its job by referenceId
    name: 'robustness-put-by-reference-ignores-trailing-space',
    area: 'robustness',
    violates:
      '4.3 (should): PUT /jobs names its job by referenceId (here "abc " finds the job holding "abc", as a PAD SPACE collation compares)',
    expectedRule: 'jobs.robustness.near-miss-references',
    transform: collatesReferences('PUT', foldTrailingSpaces),
  },
  {
    // spec 4.4: DELETE /jobs names its job by referenceId
    name: 'robustness-delete-by-reference-folds-accents',
    area: 'robustness',
    violates:
      '4.4 (should): DELETE /jobs names its job by referenceId (here "abcé" deletes the job holding "abce", as an accent-insensitive collation compares)',
    expectedRule: 'jobs.robustness.near-miss-references',
    transform: collatesReferences('DELETE', foldAccents),
  },
  {
    // spec 4.3, 4.7: a PUT through the method override names its job by referenceId as PUT /jobs does
    name: 'robustness-override-put-retries-ignoring-accents',
    area: 'robustness',
    violates:
      '4.3 (should): PUT /jobs names its job by referenceId (here POST /jobs with X-HTTP-Method-Override: PUT and "abcé", ' +
      'which no job holds, updates the job holding "abce": a lookup that retries ignoring accents; plain PUT /jobs is right)',
    expectedRule: 'jobs.robustness.near-miss-references',
    transform: (next) => {
      const collating = collatesReferences('PUT', foldAccents, { fallback: true })(next);
      return (req) => (isOverride(req, 'PUT') ? collating(req) : next(req));
    },
  },
  {
    // spec 4.4, 4.7: the DELETE override names its job by the referenceId in the body, whatever characters it holds
    name: 'robustness-override-delete-by-reference-templated',
    area: 'robustness',
    violates:
      '4.4, 4.7: DELETE /jobs through the method override names its job by referenceId (here the body is rebuilt from a ' +
      'text template without escaping, so a referenceId with a quote or a backslash is malformed JSON or names another)',
    expectedRule: 'jobs.robustness.reference-id-characters',
    transform: (next) => async (req) => {
      const ref = isCollection(req) && isOverride(req, 'DELETE') ? requestJson(req)?.referenceId : undefined;
      if (typeof ref !== 'string') return next(req);
      return next({ ...req, body: Buffer.from(`{"referenceId":"${ref}"}`, 'utf8') });
    },
  },
  {
    // spec 4.4: DELETE /jobs names its job by referenceId; a lookup that retries ignoring case when the exact one finds nothing
    name: 'robustness-delete-by-reference-retries-ignoring-case',
    area: 'robustness',
    violates: '4.4 (should): DELETE /jobs names its job by referenceId (here "ABC", which no job holds, deletes the job holding "abc")',
    expectedRule: 'jobs.robustness.near-miss-references',
    transform: collatesReferences('DELETE', foldCase, { fallback: true }),
  },
  {
    // spec 4.5, 7: a list with an invalid status is refused or served, never a 5xx; a lookup table keyed by the exact text fails on another case
    name: 'robustness-list-status-case-crashes',
    area: 'robustness',
    violates: '4.5, 7: input gets a client error or is served, never a 5xx (here GET /jobs?status=Active fails on the server)',
    expectedRule: 'jobs.robustness.list-params',
    transform: answerInstead(
      (req) => isList(req) && /[A-Z]/.test(req.query.get('status') ?? ''),
      () => serverError(),
    ),
  },
  {
    // spec 2, 7: a body is JSON with section 2's members; what it holds beyond them is refused or ignored, never a 5xx
    name: 'robustness-unknown-member-crashes',
    area: 'robustness',
    violates:
      '2, 7: input gets a client error or is served, never a 5xx (here a job body with a member the spec does not name fails on the server)',
    expectedRule: 'jobs.robustness.unknown-members',
    transform: answerInstead((req) => {
      const body = requestJson(req);
      return (
        (isPost(req) || isPut(req)) &&
        body !== undefined &&
        Object.keys(body).some((key) => !(JOB_FIELDS as readonly string[]).includes(key))
      );
    }, serverError),
  },
  {
    // spec 1: the override carries the intended method; 4.7: DELETE is the value that deletes
    name: 'robustness-any-override-deletes',
    area: 'robustness',
    violates:
      '1, 4.7 (should): the override carries the intended method (here any value but PUT deletes, as a server that checks only that the header is set)',
    expectedRule: 'jobs.robustness.other-methods',
    transform: reshapeRequest(
      (req) => req.method === 'POST' && !['', 'PUT', 'DELETE'].includes(methodOverrideOf(req.method, req.headers) ?? ''),
      (req) => ({ ...req, headers: { ...req.headers, [METHOD_OVERRIDE_HEADER]: 'DELETE' } }),
    ),
  },
  {
    // spec 1 lists GET, POST, PUT and DELETE; another method is answered, never with a 5xx
    name: 'robustness-patch-crashes',
    area: 'robustness',
    violates: '1, 7 (should): a request in a form the spec does not list is answered, never with a 5xx (here PATCH fails on the server)',
    expectedRule: 'jobs.robustness.other-methods',
    transform: answerInstead((req) => req.method === 'PATCH', serverError),
  },
  {
    // spec 1 lists GET; HEAD is HTTP's GET without a body, answered, never with a 5xx
    name: 'robustness-head-crashes',
    area: 'robustness',
    violates: '1, 7 (should): a request in a form the spec does not list is answered, never with a 5xx (here HEAD fails on the server)',
    expectedRule: 'jobs.robustness.other-methods',
    transform: answerInstead((req) => req.method === 'HEAD', serverError),
  },
  {
    // spec 2.1: categories hold 1 to 3 entries; the same one twice is refused or taken, never a 5xx
    name: 'robustness-duplicate-categories-crash',
    area: 'robustness',
    violates:
      '2.1, 7: a body is answered, never with a 5xx (here the same category twice fails on the server, as a unique key on a join table does)',
    expectedRule: 'jobs.robustness.duplicate-entries',
    transform: answerInstead((req) => {
      const categories = requestJson(req)?.categories;
      return (
        (isPost(req) || isPut(req)) &&
        Array.isArray(categories) &&
        new Set(categories.map((c) => JSON.stringify(c))).size < categories.length
      );
    }, serverError),
  },
  {
    // spec 7: invalid input is a client error, never a 5xx; 1e400 is JSON (RFC 8259 6) a double cannot hold
    name: 'robustness-number-past-a-double-crashes',
    area: 'robustness',
    violates: '7: every request is answered without a 5xx (here a number a double cannot hold, read as Infinity, fails the server)',
    expectedRule: 'jobs.robustness.json-edge-values',
    transform: answerInstead(
      (req) => (isPost(req) || isPut(req)) && readsJson(req, (value) => typeof value === 'number' && !Number.isFinite(value)),
      () => serverError(),
    ),
  },
  {
    // spec 7: never a 5xx; a lone surrogate is JSON (RFC 8259 8.2), though not Unicode text
    name: 'robustness-lone-surrogate-crashes',
    area: 'robustness',
    violates: '7: every request is answered without a 5xx (here a string holding a lone surrogate fails the server as it encodes it)',
    expectedRule: 'jobs.robustness.json-edge-values',
    transform: answerInstead(
      (req) => (isPost(req) || isPut(req)) && readsJson(req, (value) => typeof value === 'string' && LONE_SURROGATE.test(value)),
      () => serverError(),
    ),
  },
  {
    // spec 4.7: a POST with the override acts as a DELETE; 4.3: a PUT updates
    name: 'robustness-override-delete-honoured-on-put',
    area: 'robustness',
    violates:
      '4.3, 4.7 (should): only a POST with the override acts as a DELETE (here a middleware honours the header on any ' +
      'method: a PUT /jobs/{id} carrying X-HTTP-Method-Override: DELETE deletes the job)',
    expectedRule: 'jobs.robustness.other-methods',
    transform: (next) => (req) =>
      req.method === 'PUT' && req.headers[METHOD_OVERRIDE_HEADER] === 'DELETE' ? next({ ...req, method: 'POST' }) : next(req),
  },
  {
    // spec 1, 4.7 document DELETE in upper case; another spelling of the override is answered, never with a 5xx
    name: 'robustness-override-in-lower-case-crashes',
    area: 'robustness',
    violates: '1, 4.7, 7 (should): an override spelled another way is answered, never with a 5xx (here `put` fails on the server)',
    expectedRule: 'jobs.robustness.other-methods',
    transform: answerInstead((req) => {
      const value = req.headers[METHOD_OVERRIDE_HEADER];
      return typeof value === 'string' && value !== value.toUpperCase();
    }, serverError),
  },
  {
    // spec 4.3: only the fields sent change, to what is sent; a repeated entry is open, keeping entries not sent is not
    name: 'robustness-repeated-categories-merged-into-stored',
    area: 'robustness',
    violates:
      '4.3: categories sent replace the stored ones (here PUT /jobs/{id} with a category twice upserts the join rows: ' +
      'the categories the job had stay beside the one sent)',
    expectedRule: 'jobs.robustness.duplicate-entries',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const sent = body?.categories;
      const id = isPutById(req) ? jobIdOf(req) : undefined;
      const repeats = Array.isArray(sent) && sent.length <= 3 && new Set(sent.map((c) => JSON.stringify(c))).size < sent.length;
      if (!repeats || id === undefined) return next(req);
      const job = await currentJob(next, req, id);
      const stored = Array.isArray(job?.categories) ? (job.categories as JsonObject[]).map((c) => ({ id: c.id })) : [];
      const merged = [...new Map([...stored, ...(sent as JsonObject[])].map((c) => [JSON.stringify(c), c])).values()];
      return next(withJsonBody(req, { ...body, categories: merged }));
    },
  },
  {
    // spec 2.1, 7: a list field with an entry twice is taken or refused on every write path, never a 5xx
    name: 'robustness-duplicate-categories-crash-put-create',
    area: 'robustness',
    violates: '2.1, 7: a repeated entry is taken or refused (here PUT /jobs with a new referenceId and a category twice answers 500)',
    expectedRule: 'jobs.robustness.duplicate-entries',
    transform: answerInstead((req) => {
      const categories = requestJson(req)?.categories;
      const twice = Array.isArray(categories) && new Set(categories.map((c) => JSON.stringify(c))).size < categories.length;
      return isPutByReference(req) && twice;
    }, serverError),
  },
  {
    // spec 2, 7: a member the spec does not name is refused or ignored, never a 5xx, on every write path
    name: 'robustness-put-by-reference-crashes-on-unknown-member',
    area: 'robustness',
    violates: '2, 7: bodies are JSON of the fields of section 2 (here PUT /jobs answers 500 to a member the spec does not name)',
    expectedRule: 'jobs.robustness.unknown-members',
    transform: answerInstead(
      (req) => isPutByReference(req) && Object.keys(requestJson(req) ?? {}).some((key) => !SENT_MEMBERS.has(key)),
      serverError,
    ),
  },
  {
    // spec 7: a number past a double is JSON, refused or taken, never a 5xx, on every write path
    name: 'robustness-put-by-reference-crashes-on-huge-number',
    area: 'robustness',
    violates: '7: a request is answered without a server error (here PUT /jobs answers 500 to a number past a double, 1e400)',
    expectedRule: 'jobs.robustness.json-edge-values',
    transform: answerInstead(
      (req) => isPutByReference(req) && readsJson(req, (value) => value === Infinity || value === -Infinity),
      serverError,
    ),
  },
  {
    // spec 2.1, 4.4: a referenceId is any string; DELETE /jobs names the job by it as written
    name: 'robustness-delete-by-reference-percent-decodes',
    area: 'robustness',
    violates:
      '4.4: DELETE /jobs names its job by the referenceId in the body (here that referenceId is percent-decoded first, ' +
      "as if it came from a URL, so 'r%2F' names 'r/')",
    expectedRule: 'jobs.robustness.reference-id-characters',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const referenceId = body?.referenceId;
      if (!(isDelete(req) && isCollection(req)) || typeof referenceId !== 'string' || !/%[0-9a-f]{2}/i.test(referenceId)) return next(req);
      return next(withJsonBody(req, { ...body, referenceId: decodeURIComponent(referenceId) }));
    },
  },
  {
    // spec 4.5, 7: page and pageSize are Int32 query text; another spelling is read or refused, never a crash
    name: 'robustness-list-page-size-with-sign-crashes',
    area: 'robustness',
    violates: "4.5, 7: a request is answered, never with a 5xx (here a pageSize or page written with a '+' sign fails on the server)",
    expectedRule: 'jobs.robustness.list-params',
    transform: answerInstead(
      (req) => isList(req) && ['page', 'pageSize'].some((name) => /^\+/.test(req.query.get(name) ?? '')),
      serverError,
    ),
  },
  {
    // spec 4.5, 7: q is any string; one a trim leaves empty is answered, never with a 5xx
    name: 'robustness-list-q-of-white-space-crashes',
    area: 'robustness',
    violates: '4.5, 7: a request is answered, never with a 5xx (here a q of white space alone, empty once trimmed, fails on the server)',
    expectedRule: 'jobs.robustness.list-params',
    transform: answerInstead((req) => {
      const q = req.query.get('q');
      return isList(req) && q !== null && q !== '' && q.trim() === '';
    }, serverError),
  },
  {
    // spec 4.3, 4.4: PUT /jobs and DELETE /jobs name a job by referenceId, a string; digits are not the job's id
    name: 'robustness-digit-reference-names-job-id',
    area: 'robustness',
    violates:
      '4.3, 4.4: PUT /jobs and DELETE /jobs name their job by the referenceId in the body (here a referenceId of digits ' +
      'that no job holds is read as a job id: the job with that id is deleted, or updated)',
    expectedRule: 'jobs.robustness.reference-spelling-an-id',
    transform: (next) => async (req) => {
      const ref = requestJson(req)?.referenceId;
      const byReference = isDelete(req) || isPutByReference(req);
      if (!byReference || !isCollection(req) || typeof ref !== 'string' || !/^\d+$/.test(ref) || (await jobByReference(next, req, ref)))
        return next(req);
      const job = await currentJob(next, req, Number(ref));
      if (job === undefined) return next(req);
      if (isDelete(req)) return sideRequest(next, req, 'DELETE', `/jobs/${Number(ref)}`);
      const { referenceId: _named, ...changes } = requestJson(req)!;
      return sideRequest(next, req, 'PUT', `/jobs/${Number(ref)}`, { body: changes });
    },
  },
  {
    // spec 4.5, 7: a list parameter given twice is read or refused, never a server error
    name: 'robustness-repeated-list-parameter-crashes',
    area: 'robustness',
    violates: '4.5, 7: odd list parameters never cause a 5xx (here status given twice: a handler that expects one string)',
    expectedRule: 'jobs.robustness.list-params',
    transform: answerInstead(
      (req) => isList(req) && req.query.getAll('status').length > 1,
      () => serverError(),
    ),
  },
  {
    // spec 4.1, 7: a path with a trailing slash is read or refused (its form is open), never a server error
    name: 'robustness-trailing-slash-crashes',
    area: 'robustness',
    violates: '4.1, 7: GET /jobs/{id}/ is answered, never with a 5xx (here a router that splits the path on / finds an empty id)',
    expectedRule: 'jobs.robustness.trailing-slash',
    transform: answerInstead(
      (req) => req.method === 'GET' && /\/jobs\/\d+\/$/.test(req.path),
      () => serverError(),
    ),
  },
  {
    // spec 3, 4.4: DELETE removes the job and answers 204
    name: 'robustness-trailing-slash-delete-by-id-keeps-job',
    area: 'robustness',
    violates: '4.4: DELETE removes the job (here DELETE /jobs/{id}/, with a trailing slash, answers 204 and leaves the job)',
    expectedRule: 'jobs.robustness.trailing-slash',
    transform: answerInstead(
      (req) => isDelete(req) && /\/jobs\/\d+\/$/.test(req.path),
      () => ({ status: 204, headers: {}, body: '' }),
    ),
  },
  {
    // spec 4.2: a Location header holding {base_url}/api/v1.1/jobs/<job_id>
    name: 'robustness-post-location-from-request-path',
    area: 'robustness',
    violates:
      '4.2: the Location holds {base_url}/api/v1.1/jobs/<job_id> (here it is the request path and the id, so a POST ' +
      'to /jobs/ is answered with .../jobs//<id>)',
    expectedRule: 'jobs.robustness.trailing-slash',
    transform: (next) => async (req) => {
      const res = await next(req);
      const job = responseJson(res);
      if (!isPost(req) || res.status !== 201 || !isJobBody(job)) return res;
      return { ...res, headers: { ...res.headers, location: `${req.baseUrl}${req.path}/${job.id}` } };
    },
  },
  {
    // spec 1, 4.3, 4.4: a job is identified by the employer's own referenceId, as the employer wrote it
    name: 'robustness-post-lowercases-uuid-reference',
    area: 'robustness',
    violates:
      '4.3, 4.4: the job is named by its referenceId (here POST stores a UUID-shaped referenceId in lower case, as a ' +
      'Guid column does, so PUT /jobs and DELETE /jobs with the upper-case UUID the employer sent find no job)',
    expectedRule: 'jobs.robustness.reference-id-characters',
    transform: (next) => (req) => {
      const body = requestJson(req);
      const referenceId = body?.referenceId;
      if (!isPost(req) || typeof referenceId !== 'string' || !/^[0-9A-F]{8}(-[0-9A-F]{4}){3}-[0-9A-F]{12}$/i.test(referenceId))
        return next(req);
      return next(withJsonBody(req, { ...body, referenceId: referenceId.toLowerCase() }));
    },
  },
  {
    // spec 4.4: DELETE /jobs names its job by referenceId, which is text: `_` is a character, not a pattern
    name: 'robustness-delete-by-reference-like-pattern',
    area: 'robustness',
    violates:
      '4.4: DELETE /jobs names its job by referenceId (here the store looks it up with SQL LIKE, so "abc_1", which no job ' +
      'holds, deletes the job holding "abcd1")',
    expectedRule: 'jobs.robustness.pattern-references',
    transform: matchesReferences('DELETE', likeMatch, { fallback: true }),
  },
  {
    // spec 2.7: a job header has the job's fields with the same types; 2.1: referenceId is a String
    name: 'robustness-list-digit-reference-as-number',
    area: 'robustness',
    violates:
      '2.7, 2.1: a list item has the referenceId of its job, a String (here the list view, copied by a loosely typed ' +
      'mapper, gives a referenceId of digits as a JSON number: "0123" as 123)',
    expectedRule: 'jobs.robustness.reference-id-characters',
    transform: rewriteResponseText(isList, (text) =>
      text.replace(/"referenceId":"(\d{1,15})"/g, (_all, digits: string) => `"referenceId":${Number(digits)}`),
    ),
  },
  {
    // spec 2.1, 4.2: a referenceId is a String, kept as sent; "0" names a job like any other
    name: 'robustness-post-drops-zero-reference',
    area: 'robustness',
    violates:
      '2.1, 4.2: the job has the referenceId sent (here POST takes "0", falsy to a loosely typed server, for none: the job has no referenceId)',
    expectedRule: 'jobs.robustness.reference-id-characters',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPost(req) || body?.referenceId !== '0') return next(req);
      const { referenceId: _none, ...rest } = body;
      return next(withJsonBody(req, rest));
    },
  },
  {
    // spec 2.1, 4.2: the referenceId is the employer's text, whatever it spells
    name: 'robustness-null-spelling-reference-read-as-none',
    area: 'robustness',
    violates:
      '2.1, 4.2: the job has the referenceId sent (here a referenceId spelled "null" or "undefined", in any case, is read as ' +
      'the missing value a template writes: the job has no referenceId)',
    expectedRule: 'jobs.robustness.reference-id-characters',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPost(req) || typeof body?.referenceId !== 'string' || !/^(null|undefined)$/i.test(body.referenceId)) return next(req);
      return next(withJsonBody(req, { ...body, referenceId: null }));
    },
  },
  {
    // spec 4.2: only a referenceId that already exists is a duplicate
    name: 'robustness-post-duplicate-check-collapses-slashes',
    area: 'robustness',
    violates:
      '4.2: only a referenceId that already exists is rejected (here the duplicate check of POST compares keys with runs of ' +
      'slashes collapsed, as a store keyed by paths does: `a//b` is refused while a job holds `a/b`)',
    expectedRule: 'jobs.robustness.pattern-references',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      if (!isPost(req) || typeof body?.referenceId !== 'string' || !body.referenceId.includes('//')) return next(req);
      const held = await jobByReference(next, req, body.referenceId.replace(/\/{2,}/g, '/'));
      return held === undefined ? next(req) : jsonResponse(409, { message: 'referenceId already exists' });
    },
  },
  {
    // spec 4.3: PUT /jobs names its job by the referenceId as sent
    name: 'robustness-put-by-reference-digits-matched-as-number',
    area: 'robustness',
    violates:
      '4.3: a PUT /jobs names its job by referenceId (here a referenceId of digits is matched as a number: `007` updates ' +
      'the job whose referenceId is `7`, where a job should be created)',
    expectedRule: 'jobs.robustness.pattern-references',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const sent = body?.referenceId;
      if (!isPutByReference(req) || typeof sent !== 'string' || !/^\d+$/.test(sent)) return next(req);
      const listed = await sideRequest(next, req, 'GET', '/jobs', { query: new URLSearchParams({ pageSize: '100' }) });
      const items = isListBody(responseJson(listed)) ? (responseJson(listed) as { data: JsonObject[] }).data : [];
      const same = items.find(
        (item) =>
          typeof item.referenceId === 'string' &&
          /^\d+$/.test(item.referenceId) &&
          item.referenceId !== sent &&
          Number(item.referenceId) === Number(sent),
      );
      return next(same === undefined ? req : withJsonBody(req, { ...body, referenceId: same.referenceId }));
    },
  },
  {
    // spec 4.2: only a referenceId that already exists is rejected; a job's id is not a referenceId
    name: 'robustness-post-digit-reference-refused-as-job-id',
    area: 'robustness',
    violates:
      '4.2: only a referenceId that already exists is rejected (here POST looks the referenceId up among ids too: "57" is ' +
      'refused as a duplicate while job 57 exists with another referenceId)',
    expectedRule: 'jobs.robustness.reference-spelling-an-id',
    transform: (next) => async (req) => {
      const ref = isPost(req) ? requestJson(req)?.referenceId : undefined;
      if (typeof ref !== 'string' || !/^[1-9]\d{0,8}$/.test(ref)) return next(req);
      const job = await currentJob(next, req, Number(ref));
      if (job === undefined || job.referenceId === ref) return next(req);
      return jsonResponse(409, { code: 'duplicate_reference_id', message: `referenceId ${ref} is in use` });
    },
  },
];
