/**
 * @module The MSW request handlers: one `http.all` for the API root and one
 * for the control API, both thin adapters over the same core the standalone
 * server uses. Use them with setupServer (msw/node) or createMiddleware from
 * @mswjs/http-middleware, or setupWorker (msw/browser) in a browser: nothing
 * on this import path needs Node.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { ApiError } from '../core/http/api-error.js';
import { API_PREFIX, type CoreRequest, type CoreResponse } from '../core/http/core-types.js';
import { createDispatcher } from '../core/routes/dispatch.js';
import { CONTROL_PREFIX } from '../core/routes/control.js';
import { MockCore } from '../core/mock-core.js';
import { resolveMockOptions, type MockOptions, type ResolvedMockOptions } from '../core/mock-options.js';
import { readRequestBody } from './read-request-body.js';

/**
 * The shared options (mock-options.ts: employers, profile, choices, now,
 * journalSize, secretHeaders, bodyLimit, cors, controlCors), the base_url,
 * and optionally the core to serve. CORS defaults to 'off' here: the page and
 * the handlers usually share an origin, or your server adds CORS.
 */
export interface CreateHandlersOptions extends MockOptions {
  /** The base_url the handlers answer for, e.g. `https://jobs.example.com`; '' answers for any origin. */
  baseUrl: string;
  /**
   * The state to serve; default a new MockCore made from these options. Share one to drive it
   * from a test: the core's own options (employers, profile, journal, secret headers) then apply, not these.
   */
  core?: MockCore;
  /** Options read already (resolveMockOptions); given, the shared fields above are not read again. */
  resolved?: ResolvedMockOptions;
}

/** The options read once, and the core they make (or the given one). */
export function coreFor(options: Partial<CreateHandlersOptions>): { core: MockCore; resolved: ResolvedMockOptions } {
  const resolved = options.resolved ?? resolveMockOptions(options);
  return { core: options.core ?? new MockCore(resolved), resolved };
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
  const { core, resolved } = coreFor(options);
  const dispatch = createDispatcher(core, resolved);
  const limit = resolved.bodyLimit;
  const resolver = async ({ request }: { request: Request }): Promise<Response> => {
    const url = new URL(request.url);
    let body: Uint8Array | undefined;
    try {
      body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await readRequestBody(request, limit);
    } catch (error) {
      return toResponse(
        (error instanceof ApiError
          ? error
          : new ApiError(400, 'malformed_json', 'The request body could not be read', [], { cause: error })
        ).toResponse(),
      );
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
