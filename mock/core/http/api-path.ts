/**
 * @module Where a request's path meets the API prefix: matched once per
 * request (dispatch.ts), and the rest handed on to the fault injector and the
 * router, which never look at the prefix again.
 */
import { apiPathOf } from '../../../vocabulary/index.js';

/**
 * The path under the API prefix (vocabulary's apiPathOf), lower case, without a trailing slash (`''` for the prefix
 * itself); undefined when the path is not under the prefix. Paths match case-insensitively (spec 9 names one form;
 * the mock accepts any case).
 *
 * @example
 * apiPath('/API/v1.1/Jobs/12/'); // '/jobs/12'
 * apiPath('/api/v1.10');         // undefined
 */
export function apiPath(path: string): string | undefined {
  const under = apiPathOf(path);
  if (under === undefined) return undefined;
  const end = under.length > 1 && under.endsWith('/') ? under.length - 1 : under.length;
  return under.slice(0, end).toLowerCase();
}
