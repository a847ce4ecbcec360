/**
 * @module Routes a request to the API core (/api/v1.1) or the control API
 * (/__control); anything else is a JSON 404. Shared by every adapter.
 */
import { ApiError } from './api-error.js';
import { CONTROL_PREFIX, createControlHandler } from './control.js';
import type { MockCore } from './mock-core.js';
import { API_PREFIX, type CoreHandler, type CoreResponse } from './core-types.js';
import { andThen, isPromise } from './maybe-async.js';

/** `prefix` is lower case; the path may be in any case (startsWith spares the usual path a lower-cased copy). */
function under(path: string, prefix: string): boolean {
  const starts = path.startsWith(prefix) || (path.length >= prefix.length && path.slice(0, prefix.length).toLowerCase() === prefix);
  return starts && (path.length === prefix.length || path[prefix.length] === '/');
}

export interface DispatchOptions {
  /**
   * Runs after every request, before its answer goes out; the answer waits
   * when it returns a promise (the change log's fsync under `--persist`).
   */
  settle?: () => void | PromiseLike<void>;
}

/**
 * @example
 * const dispatch = createDispatcher(core, { settle: () => changeLog.settle() });
 */
export function createDispatcher(core: MockCore, options: DispatchOptions = {}): CoreHandler {
  const control = createControlHandler(core);
  const settle = options.settle;
  const settled = settle
    ? (res: CoreResponse): CoreResponse | Promise<CoreResponse> => andThen(settle(), () => res)
    : (res: CoreResponse): CoreResponse => res;
  const then = (res: CoreResponse | Promise<CoreResponse>): CoreResponse | Promise<CoreResponse> =>
    isPromise(res) ? Promise.resolve(res).then(settled) : settled(res);
  // Not async: a synchronous answer stays synchronous (see maybe-async.ts).
  return (req) => {
    if (under(req.path, API_PREFIX)) return then(core.handle(req));
    if (under(req.path, CONTROL_PREFIX)) return then(control(req));
    return new ApiError(404, 'not_found', `No resource at ${req.path}; the API is under ${API_PREFIX}`).toResponse();
  };
}
