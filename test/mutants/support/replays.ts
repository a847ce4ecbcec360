/**
 * @module A server that takes some requests for retries of earlier ones: it
 * keeps an answer under a key derived from its request (an idempotency key
 * made from the body, the referenceId or the title) and answers a later
 * request with the same key from that store instead of applying it.
 */
import type { CoreHandler, CoreRequest, CoreResponse } from '../../../mock/index.js';
import type { Transform } from '../mutant.js';
import { isObject, requestJson } from './json.js';

/** The request's JSON body with the keys of every object sorted: two bodies that differ in key order only are one. */
export function canonicalBody(req: CoreRequest): string | undefined {
  const sorted = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(sorted)
      : isObject(value)
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, sorted(value[key])]),
          )
        : value;
  const body = requestJson(req);
  return body === undefined ? undefined : JSON.stringify(sorted(body));
}

/** A kept request and its answer. */
export interface Kept {
  req: CoreRequest;
  res: CoreResponse;
}

export interface Replays {
  /** The retry key of a request; undefined where the server neither keeps nor replays its answer. */
  keyOf(req: CoreRequest): string | undefined;
  /** Whether the answer to `req` is kept under its key. */
  keeps(req: CoreRequest, res: CoreResponse): boolean;
  /** Whether `req`, whose key holds `earlier` (a request and its answer), is answered with that answer. */
  replays(req: CoreRequest, earlier: Kept, next: CoreHandler): boolean | Promise<boolean>;
}

/**
 * @example
 * replaysAnswers({ keyOf: (req) => (isPost(req) ? canonicalBody(req) : undefined), keeps: (_req, res) => res.status === 201, replays: () => true });
 */
export function replaysAnswers({ keyOf, keeps, replays }: Replays): Transform {
  return (next) => {
    const kept = new Map<string, Kept>();
    return async (req) => {
      const key = keyOf(req);
      const earlier = key === undefined ? undefined : kept.get(key);
      if (earlier !== undefined && (await replays(req, earlier, next))) return { ...earlier.res, headers: { ...earlier.res.headers } };
      const res = await next(req);
      if (key !== undefined && keeps(req, res)) kept.set(key, { req, res });
      return res;
    };
  };
}
