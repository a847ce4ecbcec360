/**
 * @module Which operation of the spec an exchange is, as the proxy judges it:
 * the shared operation table (vocabulary/operations) read from the method,
 * URL and X-HTTP-Method-Override header of a captured exchange. The API root
 * is found by its version segment anywhere in the path (spec 9: `/api/v1.1`),
 * so a target behind a path prefix works too. (The table's own lookup,
 * vocabulary's `operationOf`, reads a path and a header map; this reads a
 * captured exchange and answers in the proxy's terms.)
 */
import { API_PREFIX, METHOD_OVERRIDE_HEADER, operationAt, type Operation as TableOperation } from '../../vocabulary/index.js';
import { headerOf, type RawHeaders } from './captured-exchange.js';

export type ExchangeOperation =
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

export { isWrite } from '../../vocabulary/index.js';

/** HTTP machinery rather than API use: a HEAD is a GET without body, an OPTIONS a browser's preflight. */
const MACHINERY = new Set(['HEAD', 'OPTIONS']);

/** The id as the server reads it; a malformed escape stays as sent. */
function decodedId(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * @example
 * exchangeOperation('POST', '/api/v1.1/jobs/7', ['X-HTTP-Method-Override', 'DELETE']); // { kind: 'delete-by-id', id: '7', override: true }
 */
export function exchangeOperation(method: string, url: string, headers: RawHeaders): ExchangeOperation {
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  const at = pathname.indexOf(`${API_PREFIX}/`);
  if (at < 0) return { kind: 'outside' };
  const override = { [METHOD_OVERRIDE_HEADER]: headerOf(headers, METHOD_OVERRIDE_HEADER) };
  const op = operationAt(method, pathname.slice(at + API_PREFIX.length), override);
  return judged(op, () => new URLSearchParams(q < 0 ? '' : url.slice(q + 1)));
}

/**
 * The table's operation in the proxy's terms: HEAD and OPTIONS on jobs are
 * machinery, and a POST on a job's path is no operation: forwarded, not judged.
 */
function judged(op: TableOperation, query: () => URLSearchParams): ExchangeOperation {
  if (op.resource.name === 'other') return op.kind === 'not-allowed' ? { kind: 'outside' } : { kind: 'other' };
  if (MACHINERY.has(op.method)) return { kind: 'outside' };
  const override = op.override !== undefined;
  switch (op.kind) {
    case 'list':
      return { kind: 'list', query: query() };
    case 'get':
    case 'put-by-id':
      return { kind: op.kind, id: decodedId(op.resource.id) };
    case 'delete-by-id':
      return { kind: op.kind, id: decodedId(op.resource.id), override };
    case 'create':
    case 'put-by-reference':
      return { kind: op.kind };
    case 'delete-by-reference':
      return { kind: op.kind, override };
    default: {
      // POST on a job's path without an override is not an operation of spec 4: forwarded, not judged.
      const effective = op.override ?? op.method;
      return effective === 'POST' ? { kind: 'other' } : { kind: 'unknown-method', method: effective };
    }
  }
}
