/**
 * @module The MSW request handlers: one `http.all` for the API root and one
 * for the control API, both thin adapters over the same core the standalone
 * server uses. Use them with setupServer (msw/node) or createMiddleware from
 * @mswjs/http-middleware, or setupWorker (msw/browser) in a browser: nothing
 * on this import path needs Node.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { ApiError } from '../core/http/api-error.js';
import { API_PREFIX, DEFAULT_BODY_LIMIT, type CoreRequest, type CoreResponse } from '../core/http/core-types.js';
import { createDispatcher } from '../core/http/dispatch.js';
import { CONTROL_PREFIX } from '../core/http/control.js';
import type { CorsPolicy } from '../core/http/cors.js';
import type { ProfileOptions } from '../core/choices/choices.js';
import { MockCore } from '../core/mock-core.js';
import type { EmployerConfig } from '../store/stored-job.js';
import { readRequestBody } from './read-request-body.js';

export interface CreateHandlersOptions extends ProfileOptions {
  /** The base_url the handlers answer for, e.g. `https://jobs.example.com`; '' answers for any origin. */
  baseUrl: string;
  /** The state to serve; default a new MockCore with `employers`. Share one to drive it from a test. */
  core?: MockCore;
  /** Employers of the new core (ignored with `core`, as are profile, profileSeed and choices); default DEMO_EMPLOYERS. */
  employers?: EmployerConfig[];
  /** Request body limit in bytes; default 1 MiB. */
  bodyLimit?: number;
  /** Journal size of the new core (ignored with `core`); default 1000, 0 turns it off. */
  journalSize?: number;
  /** CORS for the API; default 'off' (the page and the handlers share an origin, or your server adds CORS). */
  cors?: CorsPolicy;
  /** Origins allowed to call /__control from a browser; default none. */
  controlCors?: readonly string[];
}

/** A core from the options' employers and profile. */
export function newCore(options: Partial<CreateHandlersOptions>): MockCore {
  return new MockCore({
    employers: options.employers, profile: options.profile, profileSeed: options.profileSeed, choices: options.choices, journalSize: options.journalSize,
  });
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Matches `<origin><prefix>` and anything below it, case-insensitively, any query. */
function pathPattern(baseUrl: string, prefix: string): RegExp {
  const origin = baseUrl === '' ? '[a-z][a-z0-9+.-]*://[^/]+' : escapeRegExp(baseUrl.replace(/\/+$/, ''));
  return new RegExp(`^${origin}${escapeRegExp(prefix)}(/[^?#]*)?([?#].*)?$`, 'i');
}

function toResponse(res: CoreResponse): Response {
  return new HttpResponse(res.body === undefined ? null : (res.body as BodyInit), { status: res.status, headers: res.headers });
}

/**
 * MSW handlers for the whole interface under `{baseUrl}/api/v1.1`, plus the control API under `{baseUrl}/__control`.
 *
 * @example
 * import { setupServer } from 'msw/node';
 * const server = setupServer(...createHandlers({ baseUrl: 'https://jobs.example.com' }));
 * server.listen();
 */
export function createHandlers(options: CreateHandlersOptions): HttpHandler[] {
  const core = options.core ?? newCore(options);
  const dispatch = createDispatcher(core, { cors: options.cors, controlCors: options.controlCors });
  const limit = options.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const resolver = async ({ request }: { request: Request }): Promise<Response> => {
    const url = new URL(request.url);
    let body: Uint8Array | undefined;
    try {
      body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readRequestBody(request, limit);
    } catch (error) {
      return toResponse((error instanceof ApiError ? error : new ApiError(400, 'malformed_json', 'The request body could not be read', [], { cause: error })).toResponse());
    }
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const coreRequest: CoreRequest = {
      method: request.method,
      path: url.pathname,
      query: url.searchParams,
      headers,
      body,
      baseUrl: options.baseUrl === '' ? url.origin : options.baseUrl.replace(/\/+$/, ''),
    };
    return toResponse(await dispatch(coreRequest));
  };
  return [http.all(pathPattern(options.baseUrl, API_PREFIX), resolver), http.all(pathPattern(options.baseUrl, CONTROL_PREFIX), resolver)];
}
