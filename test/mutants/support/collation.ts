/**
 * @module A store that compares referenceIds as a database collation does: two
 * that fold to the same key (letter case, trailing spaces, accents) are one; or
 * that looks one up as a pattern (SQL LIKE), so a sent `_` or `%` matches others.
 */
import type { CoreHandler, CoreRequest, CoreResponse } from '../../../mock/index.js';
import type { Transform } from '../mutant.js';
import { jsonResponse, requestJson, withJsonBody, type JsonObject } from './json.js';
import { allHeaders } from './relist.js';
import { effectiveMethod, isCollection, jobIdOf } from './routes.js';

/** How a collation folds a referenceId to its key. */
export type Fold = (referenceId: string) => string;

export const foldCase: Fold = (ref) => ref.toLowerCase();
export const foldTrailingSpaces: Fold = (ref) => ref.trimEnd();
export const foldAccents: Fold = (ref) => ref.normalize('NFD').replace(/\p{M}/gu, '');

/** Whether a store takes the sent referenceId for the held one. */
export type ReferenceMatch = (sent: string, held: string) => boolean;

/** SQL LIKE with the sent referenceId as its pattern: `_` is any one character, `%` any run. */
export const likeMatch: ReferenceMatch = (sent, held) =>
  new RegExp(
    `^${[...sent].map((c) => (c === '_' ? '.' : c === '%' ? '.*' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('')}$`,
    'su',
  ).test(held);

/**
 * The caller's job, other than the one the request names by id, whose referenceId differs from `referenceId` but
 * matches it; with `fallback`, only where no job holds `referenceId` exactly.
 */
async function twinOf(
  next: CoreHandler,
  req: CoreRequest,
  referenceId: string,
  matches: ReferenceMatch,
  fallback: boolean,
): Promise<JsonObject | undefined> {
  const every = await allHeaders(next, req, {});
  if (!Array.isArray(every)) return undefined;
  if (fallback && every.some((job) => job.referenceId === referenceId)) return undefined;
  return every.find(
    (job) =>
      typeof job.referenceId === 'string' &&
      job.referenceId !== referenceId &&
      job.id !== jobIdOf(req) &&
      matches(referenceId, job.referenceId),
  );
}

const duplicate = (referenceId: string): CoreResponse =>
  jsonResponse(409, { code: 'duplicate_reference_id', message: `referenceId ${referenceId} is in use` });

/**
 * Requests to the collection with `method` (POST, PUT or DELETE, the override too) whose referenceId has a
 * collation twin: a POST is refused as a duplicate, a PUT or DELETE acts on the twin. With `fallback`, a lookup
 * that folds only when the exact one finds nothing (a retry "ignoring case").
 */
export function collatesReferences(method: 'POST' | 'PUT' | 'DELETE', fold: Fold, { fallback = false } = {}): Transform {
  return matchesReferences(method, (sent, held) => fold(sent) === fold(held), { fallback });
}

/** As collatesReferences, with any way of matching a sent referenceId to a held one (likeMatch, say). */
export function matchesReferences(method: 'POST' | 'PUT' | 'DELETE', matches: ReferenceMatch, { fallback = false } = {}): Transform {
  return (next) =>
    async (req): Promise<CoreResponse> => {
      const body = requestJson(req);
      const ref = body?.referenceId;
      if (!isCollection(req) || effectiveMethod(req) !== method || typeof ref !== 'string' || ref === '') return next(req);
      const twin = await twinOf(next, req, ref, matches, fallback);
      if (twin === undefined) return next(req);
      if (method === 'POST') return duplicate(ref);
      return next(withJsonBody(req, { ...body, referenceId: twin.referenceId }));
    };
}

/**
 * Writes (`applies`) whose referenceId no job holds are refused as duplicates where another job holds a twin of it
 * under `fold`: a unique index on the collated key, met by a PUT-create or a rename by id as by a POST.
 */
export function refusesTwins(applies: (req: CoreRequest) => boolean, fold: Fold): Transform {
  return (next) =>
    async (req): Promise<CoreResponse> => {
      const ref = requestJson(req)?.referenceId;
      if (!applies(req) || typeof ref !== 'string' || ref === '') return next(req);
      const twin = await twinOf(next, req, ref, (sent, held) => fold(sent) === fold(held), true);
      return twin === undefined ? next(req) : duplicate(ref);
    };
}
