/**
 * @module Routes a request to the API core (/api/v1.1) or the control API
 * (/__control); anything else is a JSON 404. Shared by every adapter. Every
 * request but the control API's own is journaled on arrival (core.journal);
 * CORS applies to all but the control API, which stays same-origin (cors.ts).
 */
import { ApiError } from './api-error.js';
import { CONTROL_PREFIX, createControlHandler } from './control.js';
import { guardControl, parseControlOrigins, parseCorsPolicy, withCors, type CorsPolicy } from './cors.js';
import type { MockCore } from '../mock-core.js';
import { API_PREFIX, type CoreHandler, type CoreRequest, type CoreResponse } from './core-types.js';
import { andThen, isPromise } from './maybe-async.js';

export interface DispatchOptions {
  /**
   * Runs after every API and control request, before its answer goes out; the
   * answer waits when it returns a promise (the change log's fsync under `--persist`).
   */
  settle?: () => void | PromiseLike<void>;
  /** CORS for everything outside /__control (`off`, `*`, origins; read by parseCorsPolicy); default 'off'. */
  cors?: CorsPolicy | string;
  /** Origins allowed to use the control API from a browser; default none (same origin only). */
  controlCors?: string | readonly string[];
}

/** `prefix` is lower case; the path may be in any case (startsWith spares the usual path a lower-cased copy). */
function under(path: string, prefix: string): boolean {
  const starts = path.startsWith(prefix) || (path.length >= prefix.length && path.slice(0, prefix.length).toLowerCase() === prefix);
  return starts && (path.length === prefix.length || path[prefix.length] === '/');
}

/**
 * @example
 * const dispatch = createDispatcher(core, { settle: () => persistence.settle(), cors: '*' });
 */
export function createDispatcher(core: MockCore, options: DispatchOptions = {}): CoreHandler {
  // Read here, under every adapter (server, MSW handlers, middleware): origins compare in the form browsers send.
  const cors = parseCorsPolicy(options.cors ?? 'off');
  const control = guardControl(createControlHandler(core), parseControlOrigins(options.controlCors));
  const settle = options.settle;
  const settled = settle
    ? (res: CoreResponse | Promise<CoreResponse>): CoreResponse | Promise<CoreResponse> => {
        const after = (answer: CoreResponse): CoreResponse | Promise<CoreResponse> => andThen(settle(), () => answer);
        return isPromise(res) ? Promise.resolve(res).then(after) : after(res);
      }
    : (res: CoreResponse | Promise<CoreResponse>): CoreResponse | Promise<CoreResponse> => res;
  const elsewhere = (req: CoreRequest): CoreResponse =>
    new ApiError(404, 'not_found', `No resource at ${req.path}; the API is under ${API_PREFIX}`).toResponse();
  const api = withCors((req) => settled(core.handle(req)), cors);
  const other = withCors(elsewhere, cors);
  const journal = core.journal;
  const journaled = (handler: CoreHandler, req: CoreRequest): CoreResponse | Promise<CoreResponse> => {
    const recorded = journal.record(req);
    if (recorded === undefined) return handler(req);
    return andThen(handler(req), (res) => {
      journal.answered(recorded, res);
      return res;
    });
  };
  // Not async: a synchronous answer stays synchronous (see maybe-async.ts).
  return (req) => {
    if (under(req.path, API_PREFIX)) return journaled(api, req);
    if (under(req.path, CONTROL_PREFIX)) return settled(control(req));
    return journaled(other, req);
  };
}
