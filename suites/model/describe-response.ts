/**
 * @module One-line descriptions of what a target answered, for the
 * `received` text of a mismatch (the full exchange is attached anyway).
 */
import type { ApiResponse } from '../rule.js';

const BODY_PREVIEW = 240;

/**
 * @example
 * describeResponse(res); // '422 {"status":422,"code":"validation_failed",...}'
 */
export function describeResponse(res: ApiResponse): string {
  const text = res.text.length > BODY_PREVIEW ? `${res.text.slice(0, BODY_PREVIEW)}…` : res.text;
  return text === '' ? `${res.status} (no body)` : `${res.status} ${text}`;
}

/**
 * @example
 * isSuccess(res); // true for 2xx
 */
export function isSuccess(res: ApiResponse): boolean {
  return res.status >= 200 && res.status < 300;
}

/**
 * @example
 * isClientError(res); // true for 4xx
 */
export function isClientError(res: ApiResponse): boolean {
  return res.status >= 400 && res.status < 500;
}
