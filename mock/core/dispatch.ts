/**
 * @module Routes a request to the API core (/api/v1.1) or the control API
 * (/__control); anything else is a JSON 404. Shared by every adapter.
 */
import { ApiError } from './api-error.js';
import { CONTROL_PREFIX, createControlHandler } from './control.js';
import type { MockCore } from './mock-core.js';
import { API_PREFIX, type CoreHandler, type CoreResponse } from './core-types.js';
import { andThen } from './maybe-async.js';

/** `prefix` is lower case; the path may be in any case (startsWith spares the usual path a lower-cased copy). */
function under(path: string, prefix: string): boolean {
  const starts = path.startsWith(prefix) || (path.length >= prefix.length && path.slice(0, prefix.length).toLowerCase() === prefix);
  return starts && (path.length === prefix.length || path[prefix.length] === '/');
}

/**
 * @example
 * const dispatch = createDispatcher(core, { afterChange: () => save() });
 */
export function createDispatcher(core: MockCore, options: { afterChange?: () => void } = {}): CoreHandler {
  const control = createControlHandler(core);
  let seen = core.store.version;
  /** Runs afterChange when the request changed the store, then passes the response on. */
  const settled = (res: CoreResponse): CoreResponse => {
    if (options.afterChange && core.store.version !== seen) {
      seen = core.store.version;
      options.afterChange();
    }
    return res;
  };
  // Not async: a synchronous answer stays synchronous (see maybe-async.ts).
  return (req) => {
    if (under(req.path, API_PREFIX)) return andThen(core.handle(req), settled);
    if (under(req.path, CONTROL_PREFIX)) return settled(control(req));
    return new ApiError(404, 'not_found', `No resource at ${req.path}; the API is under ${API_PREFIX}`).toResponse();
  };
}
