/**
 * @module Building blocks for mutants and every other broken mock a test
 * needs: rewrite a request body before the core sees it, a response after,
 * or answer in the core's place.
 */
import type { CoreRequest, CoreResponse } from '../../../mock/index.js';
import type { Transform } from '../mutant.js';
import { isJobBody, isListBody, requestJson, responseText, responseJson, withJsonBody, withResponseJson, type JsonObject } from './json.js';
import { isJobsPath } from './routes.js';

type Match = (req: CoreRequest) => boolean;

/**
 * Edits the JSON body of matching requests (in place, or by returning a new
 * body). Bodies that are absent, malformed or not objects pass untouched.
 *
 * @example
 * rewriteRequest(isPost, (body) => { if (body.status === undefined) body.status = 'active'; });
 */
export function rewriteRequest(match: Match, edit: (body: JsonObject, req: CoreRequest) => JsonObject | void): Transform {
  return (next) => async (req) => {
    if (!match(req)) return next(req);
    const body = requestJson(req);
    if (body === undefined) return next(req);
    return next(withJsonBody(req, edit(body, req) ?? body));
  };
}

/**
 * Cuts a text field of matching request bodies to `max` characters (code points): a server that
 * accepts an over-long value by truncating it.
 *
 * @example
 * clipsText(isPut, 'title', 256);
 */
export function clipsText(match: Match, field: string, max: number): Transform {
  return rewriteRequest(match, (body) => {
    const value = body[field];
    if (typeof value === 'string') body[field] = Array.from(value).slice(0, max).join('');
  });
}

/**
 * Rewrites matching requests as a whole (headers, query) before the core sees them.
 *
 * @example
 * reshapeRequest(isList, (req) => ({ ...req, query: new URLSearchParams() }));
 */
export function reshapeRequest(match: Match, edit: (req: CoreRequest) => CoreRequest): Transform {
  return (next) => (req) => next(match(req) ? edit(req) : req);
}

/**
 * Edits the whole response of matching requests.
 *
 * @example
 * rewriteResponse(isPost, (res) => ({ ...res, status: res.status === 201 ? 200 : res.status }));
 */
export function rewriteResponse(
  match: Match,
  edit: (res: CoreResponse, req: CoreRequest) => CoreResponse | Promise<CoreResponse>,
): Transform {
  return (next) => async (req) => {
    const res = await next(req);
    return match(req) ? edit(res, req) : res;
  };
}

/**
 * Edits the body text of matching responses, as sent: for what parsing would
 * lose, such as the trailing zeros of `"amount":1.5000` (spec 2.5).
 *
 * @example
 * rewriteResponseText(isJobsPath, (text) => text.replace(/"amount":(-?\d+\.\d{2})\d{2}/g, '"amount":$1'));
 */
export function rewriteResponseText(match: Match, edit: (text: string) => string): Transform {
  return rewriteResponse(match, (res) => {
    if (res.body === undefined) return res;
    return { ...res, body: edit(responseText(res)) };
  });
}

/**
 * Answers matching requests in the core's place (the core never sees them).
 * The answer may be a promise that never settles: a target that stops answering.
 *
 * @example
 * answerInstead(isDelete, () => jsonResponse(403, { code: 'forbidden' }));
 */
export function answerInstead(match: Match, answer: (req: CoreRequest) => CoreResponse | Promise<CoreResponse>): Transform {
  return (next) => (req) => (match(req) ? answer(req) : next(req));
}

/**
 * Edits every job the API returns: full jobs (GET, POST, PUT answers) and
 * list items (job headers, `header` true). Only 2xx JSON bodies on /jobs.
 * The body is parsed and written anew, so numbers lose their trailing zeros
 * (`1.5000` becomes `1.5`): use rewriteResponseText where the text matters.
 *
 * @example
 * rewriteJobs((job) => { job.confidential = true; });
 */
export function rewriteJobs(edit: (job: JsonObject, header: boolean, req: CoreRequest) => void): Transform {
  return (next) => async (req) => {
    const res = await next(req);
    if (!isJobsPath(req) || res.status < 200 || res.status > 299) return res;
    const body = responseJson(res);
    if (isJobBody(body)) edit(body, false, req);
    else if (isListBody(body)) for (const item of body.data) edit(item, true, req);
    else return res;
    return withResponseJson(res, body);
  };
}
