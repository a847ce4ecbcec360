/**
 * @module Mutants of the request conventions (spec 1): the Content-Type of a
 * request with a body must start with application/json.
 */
import type { CoreRequest } from '../../mock/index.js';
import type { Mutant, Transform } from './mutant.js';
import { jsonResponse, requestJson, withJsonBody } from './support/json.js';
import { isAnyWrite, isItem, isJobsPath, isOverride, isPost } from './support/routes.js';
import { reshapeRequest, rewriteResponse, rewriteResponseText } from './support/transforms.js';

/** Answers 415 to a request with a body whose Content-Type carries a parameter (`application/json; charset=utf-8`), where `only` holds. */
function refusesCharset(only: (req: CoreRequest) => boolean): Transform {
  return (next) => async (req) => {
    const type = req.headers['content-type'] ?? '';
    if (isJobsPath(req) && req.body && /^application\/json\s*;/i.test(type) && only(req)) {
      return jsonResponse(415, { status: 415, code: 'unsupported_media_type', message: 'Content-Type must be exactly application/json' });
    }
    return next(req);
  };
}

/** Labels the JSON body of every answer whose status `labelled` holds as text/plain, the body unchanged. */
function labelsJsonAsText(labelled: (status: number) => boolean): Transform {
  return (next) => async (req) => {
    const res = await next(req);
    if (!isJobsPath(req) || !labelled(res.status) || res.body === undefined || res.body.length === 0) return res;
    return { ...res, headers: { ...res.headers, 'content-type': 'text/plain; charset=utf-8' } };
  };
}

export const protocolMutants: Mutant[] = [
  {
    // spec 1: a Content-Type starting with application/json, e.g. with a charset suffix, is accepted
    name: 'protocol-rejects-charset',
    area: 'protocol',
    violates: '1: the Content-Type must start with application/json, a charset suffix is fine (here it gets 415)',
    expectedRule: 'jobs.protocol.json-charset-accepted',
    transform: refusesCharset(() => true),
  },
  {
    // spec 1: the charset suffix is fine on every request with a body, PUT included
    name: 'protocol-rejects-charset-on-put',
    area: 'protocol',
    violates:
      '1: the Content-Type must start with application/json, a charset suffix is fine (here a PUT, by id, by referenceId or creating, with it gets 415)',
    expectedRule: 'jobs.protocol.json-charset-accepted',
    transform: refusesCharset((req) => req.method === 'PUT'),
  },
  {
    // spec 1, 4.4: DELETE /jobs carries its referenceId in a JSON body, charset suffix allowed
    name: 'protocol-rejects-charset-on-delete',
    area: 'protocol',
    violates:
      '1, 4.4: the Content-Type must start with application/json (here DELETE /jobs with {referenceId} and a charset suffix gets 415)',
    expectedRule: 'jobs.protocol.json-charset-accepted',
    transform: refusesCharset((req) => req.method === 'DELETE'),
  },
  {
    // spec 1, 4.7: the method-override form carries the same body conventions
    name: 'protocol-rejects-charset-on-override',
    area: 'protocol',
    violates:
      '1: the Content-Type must start with application/json (here a POST with X-HTTP-Method-Override and a charset suffix gets 415; ' +
      'plain application/json works)',
    expectedRule: 'jobs.protocol.json-charset-accepted',
    transform: refusesCharset((req) => req.method === 'POST' && req.headers['x-http-method-override'] !== undefined),
  },
  {
    // spec 1: a body's Content-Type must start with application/json; it binds the client, so refusing others is a should rule (a warning)
    name: 'protocol-accepts-text-plain',
    area: 'protocol',
    violates: '1 (should): clients send application/json; a server refuses other types as good practice (here text/plain is read as JSON)',
    expectedRule: ['jobs.protocol.non-json-rejected.post', 'jobs.protocol.non-json-rejected.put'],
    transform: reshapeRequest(
      (req) => /^text\/plain\b/i.test(req.headers['content-type'] ?? ''),
      (req) => ({ ...req, headers: { ...req.headers, 'content-type': 'application/json' } }),
    ),
  },
  {
    // spec 4: bodies are JSON; labelling them so is good practice (a should rule), and a client reading by media type needs it
    name: 'protocol-refusals-labelled-text-plain',
    area: 'protocol',
    violates: '4 (should): bodies are JSON (here every refusal writes its JSON error body as text/plain)',
    expectedRule: 'jobs.protocol.json-media-type',
    transform: labelsJsonAsText((status) => status >= 400 && status <= 499),
  },
  {
    // spec 1: a Content-Type starting with application/json is accepted; a charset value is case-insensitive (RFC 9110 8.3.2)
    name: 'protocol-charset-value-case-sensitive',
    area: 'protocol',
    violates: '1: the Content-Type must start with application/json (here application/json;charset=UTF-8 gets 415; charset=utf-8 works)',
    expectedRule: 'jobs.protocol.json-charset-accepted',
    transform: refusesCharset((req) => /charset\s*=\s*"?UTF-8/.test(req.headers['content-type'] ?? '')),
  },
  {
    // spec 1: a JSON body; a server that checks the raw text of numbers (a hand-made pattern of digits and a point) refuses 5.25e+4
    name: 'protocol-exponent-numbers-refused',
    area: 'protocol',
    violates: '1: create or update with a JSON body (here a number written with an exponent, the same JSON value, is refused with 400)',
    expectedRule: 'jobs.protocol.json-spellings',
    transform: (next) => async (req) => {
      const text = req.body ? new TextDecoder().decode(req.body) : '';
      const outsideStrings = text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
      if (isJobsPath(req) && /\d[eE][+-]?\d/.test(outsideStrings)) return jsonResponse(400, { status: 400, code: 'invalid_number' });
      return next(req);
    },
  },
  {
    // spec 4: bodies are JSON; RFC 8259 8.1: implementations MUST NOT add a byte order mark to networked JSON
    name: 'protocol-responses-start-with-bom',
    area: 'protocol',
    violates: '4 (should): bodies are JSON (here every JSON answer starts with a UTF-8 byte order mark)',
    expectedRule: 'jobs.protocol.json-media-type',
    transform: rewriteResponseText(isJobsPath, (text) => (text.startsWith('{') ? `\uFEFF${text}` : text)),
  },
  {
    // spec 4: bodies are JSON; RFC 8259 8.1: networked JSON is UTF-8
    name: 'protocol-json-labelled-latin1',
    area: 'protocol',
    violates: '4 (should): bodies are JSON (here every JSON answer, sent in UTF-8, is labelled charset=iso-8859-1)',
    expectedRule: 'jobs.protocol.json-media-type',
    transform: (next) => async (req) => {
      const res = await next(req);
      const type = res.headers['content-type'];
      if (!isJobsPath(req) || typeof type !== 'string' || !type.startsWith('application/json')) return res;
      return { ...res, headers: { ...res.headers, 'content-type': 'application/json; charset=iso-8859-1' } };
    },
  },
  {
    // spec 1: a JSON body on every write path; the exponent check of a handler the method override reaches alone
    name: 'protocol-override-refuses-exponent-numbers',
    area: 'protocol',
    violates:
      '1: create or update with a JSON body (here a number written with an exponent is refused with 400 by the override PUTs ' +
      "alone, on the job's path and on PUT /jobs's)",
    expectedRule: 'jobs.protocol.json-spellings',
    transform: (next) => async (req) => {
      const text = req.body ? new TextDecoder().decode(req.body) : '';
      const outsideStrings = text.replace(/"(?:[^"\\]|\\.)*"/g, '""');
      if (isJobsPath(req) && isOverride(req, 'PUT') && /\d[eE][+-]?\d/.test(outsideStrings))
        return jsonResponse(400, { status: 400, code: 'invalid_number' });
      return next(req);
    },
  },
  {
    // spec 7, 4: a valid request gets its answer; the spec names no Accept, and one that lists JSON admits it
    name: 'protocol-item-refuses-accept-with-parameters',
    area: 'protocol',
    violates:
      '7, 4.1: GET /jobs/{id} answers 200 with the job (here an Accept other than exactly application/json or */*, as ' +
      "axios's `application/json, text/plain, */*`, is refused with 406: a literal comparison of the header)",
    expectedRule: 'jobs.protocol.accept-forms',
    transform: (next) => (req) => {
      const accept = req.headers.accept?.trim().toLowerCase();
      const literal = accept === undefined || accept === 'application/json' || accept === '*/*';
      if (req.method === 'GET' && isItem(req) && !literal) return jsonResponse(406, { message: 'only application/json is served' });
      return next(req);
    },
  },
  {
    // spec 4: bodies are JSON (good practice: labelled as JSON); 4.3: the update answers the full Job
    name: 'protocol-override-put-answer-labelled-text-plain',
    area: 'protocol',
    violates:
      '4 (should): a JSON answer is labelled as JSON (here the answer to POST /jobs/{id} with X-HTTP-Method-Override: PUT, ' +
      'a route of its own, is labelled text/plain)',
    expectedRule: 'jobs.protocol.json-media-type',
    transform: rewriteResponse(
      (req) => isItem(req) && isOverride(req, 'PUT'),
      (res) => ({ ...res, headers: { ...res.headers, 'content-type': 'text/plain; charset=utf-8' } }),
    ),
  },
  {
    // spec 1: a Content-Type starting with application/json, a charset suffix included; 4.2: the job takes the values sent
    name: 'protocol-charset-spelling-read-as-latin1',
    area: 'protocol',
    violates:
      '1: a charset suffix is fine, and 4.2 creates a job with the values sent (here a POST whose charset is not ' +
      'spelled `charset=utf-8` exactly is read as ISO-8859-1, so every character beyond ASCII is stored mangled)',
    expectedRule: 'jobs.protocol.json-charset-accepted',
    transform: reshapeRequest(
      (req) =>
        isPost(req) && /charset/i.test(req.headers['content-type'] ?? '') && !/charset=utf-8/.test(req.headers['content-type'] ?? ''),
      (req) => ({ ...req, body: req.body && new TextEncoder().encode(Buffer.from(req.body).toString('latin1')) }),
    ),
  },
  {
    // spec 1: a JSON body; its members in any order are the same object (RFC 8259)
    name: 'protocol-sorted-members-swap-flags',
    area: 'protocol',
    violates:
      '1: a JSON body in another member order is the same request (here a write whose autoRefresh comes before ' +
      'confidential, as a serializer that sorts keys writes it, stores the two flags swapped: read by position)',
    expectedRule: 'jobs.protocol.json-spellings',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const keys = Object.keys(body ?? {});
      const sorted = keys.indexOf('autoRefresh') >= 0 && keys.indexOf('autoRefresh') < keys.indexOf('confidential');
      if (!isAnyWrite(req) || body === undefined || !sorted) return next(req);
      return next(withJsonBody(req, { ...body, confidential: body.autoRefresh, autoRefresh: body.confidential }));
    },
  },
  {
    // spec 1, 4.3: a JSON body, however HTTP frames it; chunked is HTTP/1.1's framing of a streamed body
    name: 'protocol-put-by-reference-drops-chunked-body',
    area: 'protocol',
    violates:
      '1, 4.3: PUT /jobs takes a JSON body (here one sent in chunks, without a Content-Length, is read as empty, as a ' +
      'handler that reads Content-Length bytes does)',
    expectedRule: 'jobs.protocol.json-spellings',
    transform: reshapeRequest(
      (req) => req.method === 'PUT' && !isItem(req) && /chunked/i.test(req.headers['transfer-encoding'] ?? ''),
      (req) => ({ ...req, body: new Uint8Array(0) }),
    ),
  },
];
