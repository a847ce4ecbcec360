/**
 * @module CORS for the mock. The API (/api/v1.1) may be opened to browsers on
 * other origins, so a single-page app can call `npx jobs-mock`; the control
 * API stays same-origin: a request whose Origin is not the mock's own is
 * refused with 403 (unless that origin is allowed for control), since any page
 * open in the developer's browser could otherwise reset or rewrite the mock.
 */
import { ApiError } from './api-error.js';
import { JOBS_METHODS, type CoreHandler, type CoreRequest, type CoreResponse, type PathHandler } from './core-types.js';
import { andThen } from './maybe-async.js';
import { noContent } from './json-response.js';
import { MockConfigError } from '../mock-config-error.js';
import { METHOD_OVERRIDE } from '../../../vocabulary/methods.js';
import { API_KEY } from '../../../vocabulary/secrets.js';

/** `'off'`, `'*'` (any origin), or the allowed origins, e.g. `['http://localhost:5173']`. */
export type CorsPolicy = 'off' | '*' | readonly string[];

/** The methods a preflight allows: every method the API answers. */
export const CORS_ALLOW_METHODS = JOBS_METHODS;
/** Request headers a preflight always allows: the key, the JSON body's type and the method override (spec 4.7). */
export const CORS_ALLOW_HEADERS = [API_KEY, 'Content-Type', METHOD_OVERRIDE];
/** Response headers scripts may read: Location after a create (spec 4.1), Allow, and Retry-After of a fault. */
export const CORS_EXPOSE_HEADERS = 'Location, Allow, Retry-After, WWW-Authenticate';

/** An origin as browsers send it: scheme://host[:port], lower case, no path. */
function normalOrigin(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch (cause) {
    throw new MockConfigError('invalid_argument', `not an origin: ${JSON.stringify(text)} (give scheme://host[:port])`, { cause });
  }
  if (url.origin === 'null' || url.pathname.length > 1 || url.search || url.hash) {
    throw new MockConfigError('invalid_argument', `not an origin: ${JSON.stringify(text)} (give scheme://host[:port], no path)`);
  }
  return url.origin;
}

/**
 * Reads `off`, `*`, or comma-separated origins (the CLI's `--cors`), or an array.
 * Throws MockConfigError for anything else.
 *
 * @example
 * parseCorsPolicy('http://localhost:5173'); // ['http://localhost:5173']
 */
export function parseCorsPolicy(value: string | readonly string[]): CorsPolicy {
  if (value === 'off' || value === '*') return value;
  const list =
    typeof value === 'string'
      ? value
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== '')
      : value;
  if (list.length === 0) throw new MockConfigError('invalid_argument', 'give off, * or an origin such as http://localhost:5173');
  return list.map(normalOrigin);
}

/**
 * The origins allowed to use the control API from a browser (`--control-cors`): origins only, never off or *.
 *
 * @example
 * parseControlOrigins('http://localhost:5173/'); // ['http://localhost:5173']
 */
export function parseControlOrigins(value: string | readonly string[] | undefined): readonly string[] {
  // None: same origin only.
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return [];
  const origins = parseCorsPolicy(value);
  if (origins === 'off' || origins === '*') throw new MockConfigError('invalid_argument', 'controlCors takes origins, not off or *');
  return origins;
}

/** The Access-Control-Allow-Origin value for a request's Origin, or undefined when not allowed. */
function allowedOrigin(policy: CorsPolicy, origin: string | undefined): string | undefined {
  if (policy === 'off' || origin === undefined) return undefined;
  if (policy === '*') return '*';
  return policy.includes(origin) ? origin : undefined;
}

/** A preflight: OPTIONS with Origin and Access-Control-Request-Method (Fetch standard, CORS-preflight request). */
function isPreflight(req: CoreRequest): boolean {
  return req.method === 'OPTIONS' && req.headers.origin !== undefined && req.headers['access-control-request-method'] !== undefined;
}

/** The allowed headers: the fixed list, plus whatever else the preflight asks for (as the `cors` package does). */
function allowHeaders(requested: string | undefined): string {
  if (requested === undefined || requested.trim() === '') return CORS_ALLOW_HEADERS.join(', ');
  const fixed = new Set(CORS_ALLOW_HEADERS.map((h) => h.toLowerCase()));
  const extra = requested
    .split(',')
    .map((h) => h.trim())
    .filter((h) => h !== '' && !fixed.has(h.toLowerCase()));
  return [...CORS_ALLOW_HEADERS, ...extra].join(', ');
}

function preflight(allow: string, req: CoreRequest, vary: boolean): CoreResponse {
  const headers: Record<string, string> = {
    'access-control-allow-origin': allow,
    'access-control-allow-methods': CORS_ALLOW_METHODS,
    'access-control-allow-headers': allowHeaders(req.headers['access-control-request-headers']),
    'access-control-max-age': '600',
  };
  if (vary) headers.vary = 'Origin, Access-Control-Request-Headers';
  return noContent(headers);
}

/**
 * Wraps a handler with CORS: preflights are answered here (204, whatever the
 * path), and every other answer to an allowed origin gets Allow-Origin and
 * Expose-Headers. Policy `'off'` returns the handler itself.
 *
 * @example
 * const api = withCors(core.answer, '*'); // (req, path) => response
 */
export function withCors(next: PathHandler, policy: CorsPolicy): PathHandler {
  if (policy === 'off') return next;
  const vary = policy !== '*';
  // Computed once: the headers every allowed answer gets under `*`.
  const anyOrigin = { 'access-control-allow-origin': '*', 'access-control-expose-headers': CORS_EXPOSE_HEADERS };
  return (req, path) => {
    const origin = req.headers.origin;
    // Without an Origin (curl, Node clients, same-origin GETs) nothing changes.
    if (origin === undefined) return next(req, path);
    const allow = allowedOrigin(policy, origin);
    if (allow === undefined) return vary ? andThen(next(req, path), (res) => withHeaders(res, { vary: 'Origin' })) : next(req, path);
    if (isPreflight(req)) return preflight(allow, req, vary);
    const add = vary
      ? { 'access-control-allow-origin': allow, 'access-control-expose-headers': CORS_EXPOSE_HEADERS, vary: 'Origin' }
      : anyOrigin;
    return andThen(next(req, path), (res) => withHeaders(res, add));
  };
}

function withHeaders(res: CoreResponse, add: Record<string, string>): CoreResponse {
  return { ...res, headers: { ...res.headers, ...add } };
}

/** host[:port] of an origin or base URL, lower case; undefined when it does not parse (Origin: null). */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return undefined;
  }
}

/**
 * Guards the control API: a request without Origin (curl, Node, same-origin
 * GET) or with the mock's own origin passes; an origin in `allowed` passes and
 * gets CORS headers; any other origin gets 403 `forbidden_origin` and no CORS
 * headers, so the browser shows the page nothing either.
 *
 * @example
 * const control = guardControl(createControlHandler(core), ['http://localhost:5173']);
 */
export function guardControl(next: CoreHandler, allowed: readonly string[] = []): CoreHandler {
  return (req) => {
    const origin = req.headers.origin;
    if (origin === undefined) return next(req);
    const own = hostOf(origin) !== undefined && hostOf(origin) === hostOf(req.baseUrl);
    if (own) return next(req);
    if (allowed.includes(origin.toLowerCase())) {
      if (isPreflight(req)) return preflight(origin, req, true);
      return andThen(next(req), (res) => withHeaders(res, { 'access-control-allow-origin': origin, vary: 'Origin' }));
    }
    return new ApiError(
      403,
      'forbidden_origin',
      `The control API refuses requests from another origin (${origin}); start the mock with --control-cors ${origin} to allow it`,
    ).toResponse();
  };
}
