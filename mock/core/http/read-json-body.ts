/**
 * @module Reads a request body as JSON (spec 1: the Content-Type of a request
 * with a body must start with application/json). Every failure is a 4xx
 * ApiError; nothing here can throw anything else.
 */
import { ApiError } from './api-error.js';
import { nestsDeeperThan } from './json-depth.js';

/** Deeper bodies are rejected before parsing: no job field nests more than 4 levels. */
export const MAX_JSON_DEPTH = 64;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/**
 * 415 unless the Content-Type starts with application/json (a charset suffix is fine). Every door hands over header
 * values without the white space around them (Node's HTTP parser and the Fetch API's Headers both strip it).
 */
export function requireJsonContentType(headers: Record<string, string>): void {
  const type = headers['content-type'];
  if (type === undefined || !type.toLowerCase().startsWith('application/json')) {
    throw new ApiError(415, 'unsupported_media_type', 'Content-Type must start with application/json', [], {
      headers: { accept: 'application/json' },
    });
  }
}

/**
 * The body parsed as JSON (after the Content-Type check).
 *
 * @example
 * const body = readJsonBody(req.headers, req.body);
 */
export function readJsonBody(headers: Record<string, string>, body: Uint8Array | undefined): unknown {
  requireJsonContentType(headers);
  // No body decodes to '', which JSON.parse refuses below like any other text that is not JSON.
  let text: string;
  try {
    text = utf8.decode(body);
  } catch (cause) {
    throw new ApiError(400, 'malformed_json', 'The request body is not valid UTF-8', [], { cause });
  }
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
    throw new ApiError(400, 'malformed_json', `The request body nests deeper than ${MAX_JSON_DEPTH} levels`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    const detail = cause instanceof Error ? `: ${cause.message}` : '';
    throw new ApiError(400, 'malformed_json', `The request body is not valid JSON${detail}`, [], { cause });
  }
}

/** The parsed body as an object; arrays and scalars are a 400. */
export function readJsonObject(headers: Record<string, string>, body: Uint8Array | undefined): Record<string, unknown> {
  const value = readJsonBody(headers, body);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ApiError(400, 'validation_failed', 'The request body must be a JSON object', [
      { path: '', rule: 'type', limit: 'object', message: 'must be object' },
    ]);
  }
  return value as Record<string, unknown>;
}
