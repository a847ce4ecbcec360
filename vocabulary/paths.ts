/**
 * @module Where the API lives: its version prefix (spec 9) and the resources
 * below it (spec 4). Paths match case-insensitively and one trailing slash is
 * ignored, as the mock answers them; a job id keeps the case it was sent in.
 */

/** The version prefix of every API path (spec 9: "The version is part of the path"). */
export const API_PREFIX = '/api/v1.1';

/** A resource under the API prefix. */
export type Resource =
  /** `/jobs`: the list, create, PUT and DELETE by referenceId (spec 4.2 to 4.5). */
  | { name: 'jobs' }
  /** `/jobs/{id}`: one job (spec 4.1, 4.3, 4.4); `id` is the path segment as sent. */
  | { name: 'job'; id: string }
  /** Any other path under the prefix, e.g. the reference lists (spec 4.6, whose paths are mostly not shown). */
  | { name: 'other'; path: string };

/**
 * The path below the API prefix, or undefined when `pathname` is not under it.
 *
 * @example
 * apiPathOf('/api/v1.1/jobs/12') // '/jobs/12'
 * apiPathOf('/api/v1.1')         // ''
 * apiPathOf('/health')           // undefined
 */
export function apiPathOf(pathname: string): string | undefined {
  // startsWith spares the usual path (the prefix as spec 9 writes it) a lower-cased copy: the mock asks on every request.
  if (!pathname.startsWith(API_PREFIX) && pathname.slice(0, API_PREFIX.length).toLowerCase() !== API_PREFIX) return undefined;
  const rest = pathname.slice(API_PREFIX.length);
  return rest === '' || rest.startsWith('/') ? rest : undefined;
}

/**
 * The resource a path below the prefix names.
 *
 * @example
 * resourceOf('/jobs/')         // { name: 'jobs' }
 * resourceOf('/Jobs/AB7')      // { name: 'job', id: 'AB7' }
 * resourceOf('/positiontypes') // { name: 'other', path: '/positiontypes' }
 */
export function resourceOf(apiPath: string): Resource {
  const path = apiPath.length > 1 && apiPath.endsWith('/') ? apiPath.slice(0, -1) : apiPath;
  const lower = path.toLowerCase();
  if (lower === '/jobs') return { name: 'jobs' };
  if (lower.startsWith('/jobs/') && path.length > 6 && !path.includes('/', 6)) return { name: 'job', id: path.slice(6) };
  return { name: 'other', path };
}
