/**
 * @module Small builders for the core's responses.
 */
import type { CoreResponse } from './core-types.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

/** A response whose body is already JSON text (cached job JSON is passed through as is). */
export function jsonText(status: number, body: string, headers?: Record<string, string>): CoreResponse {
  // Without extra headers (a GET's answer) no spread: this runs on every read.
  return { status, headers: headers === undefined ? { 'content-type': JSON_TYPE } : { 'content-type': JSON_TYPE, ...headers }, body };
}

/** A response with `value` serialized by JSON.stringify. */
export function json(status: number, value: unknown, headers: Record<string, string> = {}): CoreResponse {
  return jsonText(status, JSON.stringify(value), headers);
}

/** 204: no body, no Content-Type (spec 3, 4.4). */
export function noContent(headers: Record<string, string> = {}): CoreResponse {
  return { status: 204, headers };
}
