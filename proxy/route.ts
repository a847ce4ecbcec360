/**
 * @module Which operation of the spec an exchange is (spec 4, 4.7), read
 * from its method, path and X-HTTP-Method-Override header. The API root is
 * found by its version segment (spec 9: `/api/v1.1`), so a target behind a
 * path prefix works too.
 */
import { headerOf, type RawHeaders } from './captured-exchange.js';

export type Operation =
  | { kind: 'list'; query: URLSearchParams }
  | { kind: 'get'; id: string }
  | { kind: 'create' }
  | { kind: 'put-by-id'; id: string }
  | { kind: 'put-by-reference' }
  | { kind: 'delete-by-id'; id: string; override: boolean }
  | { kind: 'delete-by-reference'; override: boolean }
  /** Another path under the API root (reference lists, spec 4.6), read with GET. */
  | { kind: 'other' }
  /** A method the spec's conventions do not name on a jobs path (spec 1). */
  | { kind: 'unknown-method'; method: string }
  /** Outside the API root: forwarded, not checked. */
  | { kind: 'outside' };

/** Whether the operation writes (creates, changes or deletes a job). */
export const isWrite = (op: Operation): boolean => op.kind === 'create' || op.kind.startsWith('put-') || op.kind.startsWith('delete-');

const ROOT = '/api/v1.1';

/** HTTP machinery rather than API use: a HEAD is a GET without body, an OPTIONS a browser's preflight. */
const MACHINERY = new Set(['HEAD', 'OPTIONS']);

/**
 * @example
 * operationOf('POST', '/api/v1.1/jobs/7', ['X-HTTP-Method-Override', 'DELETE']); // { kind: 'delete-by-id', id: '7', override: true }
 */
export function operationOf(method: string, url: string, headers: RawHeaders): Operation {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const at = pathname.indexOf(`${ROOT}/`);
  if (at < 0) return { kind: 'outside' };
  const rest = pathname.slice(at + ROOT.length).replace(/\/+$/, '');
  const item = /^\/jobs\/([^/]+)$/.exec(rest);
  if (rest !== '/jobs' && !item) return { kind: MACHINERY.has(method) || method === 'GET' ? 'other' : 'outside' };
  const override = method === 'POST' ? headerOf(headers, 'x-http-method-override')?.trim().toUpperCase() : undefined;
  const effective = override || method;
  const id = item ? decodeURIComponent(item[1]!) : undefined;
  switch (effective) {
    case 'GET':
      return id === undefined ? { kind: 'list', query: new URLSearchParams(q < 0 ? '' : url.slice(q + 1)) } : { kind: 'get', id };
    case 'POST':
      // POST on a job's path without an override is not an operation of spec 4: forwarded, not judged.
      return id === undefined ? { kind: 'create' } : { kind: 'other' };
    case 'PUT':
      return id === undefined ? { kind: 'put-by-reference' } : { kind: 'put-by-id', id };
    case 'DELETE':
      return id === undefined ? { kind: 'delete-by-reference', override: override !== undefined } : { kind: 'delete-by-id', id, override: override !== undefined };
    default:
      return MACHINERY.has(method) ? { kind: 'outside' } : { kind: 'unknown-method', method: effective };
  }
}
