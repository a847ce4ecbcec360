/**
 * @module Routes a request to the API core (/api/v1.1) or the control API
 * (/__control); anything else is a JSON 404. Shared by every adapter. Every
 * request but the control API's own is journaled on arrival (core.journal);
 * CORS applies to all but the control API, which stays same-origin (cors.ts).
 */
import { ApiError } from '../http/api-error.js';
import { apiPath } from '../http/api-path.js';
import { CONTROL_PREFIX, createControlHandler } from './control.js';
import { guardControl, withCors } from '../http/cors.js';
import type { MockCore } from '../mock-core.js';
import { resolveMockOptions, type MockOptions, type ResolvedMockOptions } from '../mock-options.js';
import { API_PREFIX, type CoreHandler, type CoreRequest, type CoreResponse, type PathHandler } from '../http/core-types.js';
import { isPromise } from '../http/maybe-async.js';

type Answer = CoreResponse | Promise<CoreResponse>;

/** `prefix` is lower case; the path may be in any case (startsWith spares the usual path a lower-cased copy). */
function under(path: string, prefix: string): boolean {
  const starts = path.startsWith(prefix) || (path.length >= prefix.length && path.slice(0, prefix.length).toLowerCase() === prefix);
  return starts && (path.length === prefix.length || path[prefix.length] === '/');
}

/**
 * The one handler every adapter calls. CORS comes from `options` (default: the
 * options the core was made from); the API prefix is matched here, once, and
 * the path under it handed on. After every API and control request the core's
 * change listeners run (persistence logs the change), and the answer waits for
 * them when they return a promise.
 *
 * @example
 * const dispatch = createDispatcher(core, resolveMockOptions({ cors: '*' }));
 */
export function createDispatcher(core: MockCore, options: MockOptions | ResolvedMockOptions = core.options): CoreHandler {
  const resolved = resolveMockOptions(options);
  const control = guardControl(createControlHandler(core), resolved.controlCors);
  const afterChange = (res: CoreResponse): Answer => {
    const wait = core.changed('request');
    return wait === undefined ? res : Promise.resolve(wait).then(() => res);
  };
  const settled = (res: Answer): Answer => (isPromise(res) ? Promise.resolve(res).then(afterChange) : afterChange(res));
  const elsewhere = (req: CoreRequest): CoreResponse =>
    new ApiError(404, 'not_found', `No resource at ${req.path}; the API is under ${API_PREFIX}`).toResponse();
  const answer = core.answer;
  const api = withCors((req, path) => settled(answer(req, path)), resolved.cors);
  const other = withCors(elsewhere, resolved.cors);
  const journal = core.journal;
  const journaled = (handler: PathHandler, req: CoreRequest, path: string): Answer => {
    const recorded = journal.record(req);
    const res = handler(req, path);
    if (recorded === undefined) return res;
    if (isPromise(res)) {
      return Promise.resolve(res).then((done) => {
        journal.answered(recorded, done);
        return done;
      });
    }
    journal.answered(recorded, res);
    return res;
  };
  // Not async: a synchronous answer stays synchronous (see maybe-async.ts).
  return (req) => {
    const path = apiPath(req.path);
    if (path !== undefined) return journaled(api, req, path);
    if (under(req.path, CONTROL_PREFIX)) return settled(control(req));
    return journaled(other, req, '');
  };
}
