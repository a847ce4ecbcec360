/**
 * @module Which API operation a core request is. Paths arrive as sent
 * (`/api/v1.1/jobs/12`); the mock matches them case-insensitively and
 * ignores a trailing slash, and so do these.
 */
import type { CoreRequest } from '../../../mock/index.js';

const COLLECTION = /^\/api\/v1\.1\/jobs\/?$/i;
const ITEM = /^\/api\/v1\.1\/jobs\/(\d+)\/?$/i;

export const API_ROOT = '/api/v1.1';

/** The numeric id of `/jobs/{id}`, or undefined. */
export function jobIdOf(req: CoreRequest): number | undefined {
  const match = ITEM.exec(req.path);
  return match ? Number(match[1]) : undefined;
}

export const isCollection = (req: CoreRequest): boolean => COLLECTION.test(req.path);
export const isItem = (req: CoreRequest): boolean => jobIdOf(req) !== undefined;
export const isJobsPath = (req: CoreRequest): boolean => isCollection(req) || isItem(req);

/** The method the mock acts on: X-HTTP-Method-Override on a POST counts (spec 4.7). */
export function effectiveMethod(req: CoreRequest): string {
  const override = req.headers['x-http-method-override'];
  return req.method === 'POST' && override ? override.toUpperCase() : req.method.toUpperCase();
}

export const isList = (req: CoreRequest): boolean => req.method === 'GET' && isCollection(req);
export const isPost = (req: CoreRequest): boolean => req.method === 'POST' && isCollection(req) && !req.headers['x-http-method-override'];
export const isPutById = (req: CoreRequest): boolean => req.method === 'PUT' && isItem(req);
export const isPutByReference = (req: CoreRequest): boolean => req.method === 'PUT' && isCollection(req);
export const isPut = (req: CoreRequest): boolean => req.method === 'PUT' && isJobsPath(req);
export const isDelete = (req: CoreRequest): boolean => effectiveMethod(req) === 'DELETE' && isJobsPath(req);
