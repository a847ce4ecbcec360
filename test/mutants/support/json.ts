/**
 * @module JSON in and out of core requests and responses. The core hands a
 * transform raw bytes and serialized text, so every mutant that edits a body
 * goes through these.
 */
import type { CoreRequest, CoreResponse } from '../../../mock/index.js';

export type JsonObject = Record<string, unknown>;

/** A JSON object: not null, not an array. */
export const isObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The request body as a JSON object, or undefined (none, malformed or not an object: the core answers those). */
export function requestJson(req: CoreRequest): JsonObject | undefined {
  if (!req.body || req.body.length === 0) return undefined;
  try {
    const value: unknown = JSON.parse(new TextDecoder('utf-8', { ignoreBOM: true }).decode(req.body));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The request with `body` serialized as its new JSON body. */
export function withJsonBody(req: CoreRequest, body: JsonObject): CoreRequest {
  return { ...req, body: Buffer.from(JSON.stringify(body), 'utf8') };
}

/** The response body as text ('' without a body). */
export function responseText(res: CoreResponse): string {
  if (res.body === undefined) return '';
  return typeof res.body === 'string' ? res.body : new TextDecoder().decode(res.body);
}

/** The response body as a JSON object, or undefined. */
export function responseJson(res: CoreResponse): JsonObject | undefined {
  if (res.body === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(responseText(res));
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A JSON response with the same status and headers as `res` and `body` as its text. */
export function withResponseJson(res: CoreResponse, body: unknown): CoreResponse {
  return { ...res, headers: { ...res.headers, 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(body) };
}

/** A fresh JSON response. */
export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): CoreResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) };
}

/** A plain 500, as a crashing server would answer. */
export function serverError(): CoreResponse {
  return jsonResponse(500, { status: 500, code: 'internal_error', message: 'Internal Server Error' });
}

/** True for a job (full) body: what GET /jobs/{id}, POST and PUT answer. */
export function isJobBody(value: unknown): value is JsonObject & { id: number } {
  return isObject(value) && typeof value.id === 'number' && 'publishDate' in value && 'description' in value;
}

/** True for a list body ({data, paging}). */
export function isListBody(value: unknown): value is { data: JsonObject[]; paging: JsonObject } {
  return isObject(value) && Array.isArray(value.data) && isObject(value.paging);
}
