/**
 * @module Which API operation a core request is, read from the shared
 * operation table (vocabulary/operations), so a mutant breaks exactly the
 * requests the mock routes to that operation. The predicates name the form
 * as sent: `isPut` is a PUT, `isPost` a POST without an override; only
 * `isDelete` takes the method-override form too (spec 4.7), as the mock does.
 */
import type { CoreRequest } from '../../../mock/index.js';
import { methodOverrideOf, operationOf, type Operation } from '../../../vocabulary/index.js';

const operation = (req: CoreRequest): Operation | undefined => operationOf(req.method, req.path, req.headers);

/** The operation of a request sent without a method override (the plain form of each method). */
function plainOperation(req: CoreRequest): Operation | undefined {
  const op = operation(req);
  return op?.override === undefined ? op : undefined;
}

/** The numeric id of `/jobs/{id}`, or undefined. */
export function jobIdOf(req: CoreRequest): number | undefined {
  const resource = operation(req)?.resource;
  return resource?.name === 'job' && /^\d+$/.test(resource.id) ? Number(resource.id) : undefined;
}

export const isCollection = (req: CoreRequest): boolean => operation(req)?.resource.name === 'jobs';
export const isItem = (req: CoreRequest): boolean => jobIdOf(req) !== undefined;
export const isJobsPath = (req: CoreRequest): boolean => isCollection(req) || isItem(req);

/** The method the mock acts on: X-HTTP-Method-Override on a POST counts (spec 4.7). */
export const effectiveMethod = (req: CoreRequest): string => methodOverrideOf(req.method, req.headers) ?? req.method.toUpperCase();

/** A POST carrying X-HTTP-Method-Override: `method` (spec 1, 4.7), on any path; callers add isItem or isCollection. */
export const isOverride = (req: CoreRequest, method: 'PUT' | 'DELETE'): boolean =>
  req.method.toUpperCase() === 'POST' && effectiveMethod(req) === method;

export const isList = (req: CoreRequest): boolean => req.method === 'GET' && operation(req)?.kind === 'list';
export const isPost = (req: CoreRequest): boolean => plainOperation(req)?.kind === 'create';
export const isPutById = (req: CoreRequest): boolean => plainOperation(req)?.kind === 'put-by-id' && isItem(req);
export const isPutByReference = (req: CoreRequest): boolean => plainOperation(req)?.kind === 'put-by-reference';
export const isPut = (req: CoreRequest): boolean => isPutById(req) || isPutByReference(req);

/** An update in any form: a PUT, or a POST overridden to PUT (spec 4.3, 4.7), by id or by referenceId. */
export const isAnyUpdate = (req: CoreRequest): boolean => isPut(req) || (isOverride(req, 'PUT') && isJobsPath(req));
export const isAnyUpdateById = (req: CoreRequest): boolean => isAnyUpdate(req) && isItem(req);
export const isAnyUpdateByReference = (req: CoreRequest): boolean => isAnyUpdate(req) && isCollection(req);
/** A write that carries a job: a POST create, or an update in any form. */
export const isAnyWrite = (req: CoreRequest): boolean => isPost(req) || isAnyUpdate(req);

export const isDelete = (req: CoreRequest): boolean => {
  const kind = operation(req)?.kind;
  return kind === 'delete-by-reference' || (kind === 'delete-by-id' && isItem(req));
};

/**
 * Whether the request is a GET of the reference list at `path` (lower case, under the prefix).
 *
 * @example
 * isListRead(req, '/positiontypes')
 */
export function isListRead(req: CoreRequest, path: string): boolean {
  const op = operation(req);
  return req.method === 'GET' && op?.kind === 'reference-list' && op.resource.path.toLowerCase() === path;
}
