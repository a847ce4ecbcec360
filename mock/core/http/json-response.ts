/**
 * @module Small builders for the core's responses.
 */
import type { CoreResponse } from './core-types.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A response whose body is already JSON text (cached job JSON is passed through as is). */
export function jsonText(status: number, body: string, headers?: Record<string, string>): CoreResponse {
  return { status, headers: { 'content-type': JSON_TYPE, ...headers }, body };
}

/** 204: no body, no Content-Type (spec 3, 4.4). */
export function noContent(headers: Record<string, string> = {}): CoreResponse {
  return { status: 204, headers };
}
