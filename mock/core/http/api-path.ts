/**
 * @module Where a request's path meets the API prefix: matched once per
 * request (dispatch.ts), and the rest handed on to the fault injector and the
 * router, which never look at the prefix again.
 */
import { API_PREFIX } from './core-types.js';

const SLASH = 47;

/**
 * The path under the API prefix, lower case, without a trailing slash (`''` for
 * the prefix itself); undefined when the path is not under the prefix. Paths
 * match case-insensitively (spec 9 names one form; the mock accepts any case).
 *
 * @example
 * apiPath('/API/v1.1/Jobs/12/'); // '/jobs/12'
 * apiPath('/api/v1.10');         // undefined
 */
export function apiPath(path: string): string | undefined {
  const n = API_PREFIX.length;
  if (path.length > n && path.charCodeAt(n) !== SLASH) return undefined;
  // startsWith spares the usual path a lower-cased copy of its prefix.
  if (!path.startsWith(API_PREFIX) && (path.length < n || path.slice(0, n).toLowerCase() !== API_PREFIX)) return undefined;
  const last = path.length - 1;
  const end = last > n && path.charCodeAt(last) === SLASH ? last : path.length;
  return path.slice(n, end).toLowerCase();
}
