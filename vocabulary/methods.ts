/**
 * @module The HTTP methods of the API (spec 1) and the method-override form
 * (spec 1, 4.7): a client that cannot send PUT or DELETE sends POST with
 * `X-HTTP-Method-Override` naming the method it means.
 */
import type { Resource } from './paths.js';

/** The methods the spec names operations with: read with GET, create or update with POST or PUT, delete with DELETE (spec 1). */
export const API_METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'DELETE'];

/** HTTP machinery around them: HEAD is a GET without body, OPTIONS a browser's preflight. */
export const MACHINERY_METHODS: readonly string[] = ['HEAD', 'OPTIONS'];

/** The override header as the spec spells it, and as the suite sends it. */
export const METHOD_OVERRIDE = 'X-HTTP-Method-Override';

/** The override header, lower case as every adapter hands headers on. */
export const METHOD_OVERRIDE_HEADER = METHOD_OVERRIDE.toLowerCase();

/** The methods a client may name in the override (spec 1: "a client that cannot send PUT or DELETE"; DELETE is the documented value). */
export const OVERRIDE_METHODS: readonly string[] = ['PUT', 'DELETE'];

/** What each resource answers, as an `Allow` header (the spec's operations on it, plus HEAD and OPTIONS). */
export const ALLOWED_METHODS: Readonly<Record<Resource['name'], string>> = {
  jobs: 'GET, HEAD, POST, PUT, DELETE, OPTIONS',
  job: 'GET, HEAD, PUT, DELETE, OPTIONS',
  other: 'GET, HEAD, OPTIONS',
};

/** Lower-case header names to values, as the mock's core requests carry them. */
export type HeaderMap = Readonly<Record<string, string | undefined>>;

/**
 * The method a POST's override header names (trimmed, upper case), or
 * undefined: on any other method, and when the header is absent or empty.
 *
 * @example
 * methodOverrideOf('POST', { 'x-http-method-override': ' delete' }) // 'DELETE'
 * methodOverrideOf('PUT', { 'x-http-method-override': 'DELETE' })   // undefined
 */
export function methodOverrideOf(method: string, headers: HeaderMap): string | undefined {
  if (method.toUpperCase() !== 'POST') return undefined;
  const named = headers[METHOD_OVERRIDE_HEADER]?.trim().toUpperCase();
  return named === '' ? undefined : named;
}
