/**
 * @module Renders a recorded exchange as a curl command that reproduces the
 * request. Every value is shell-quoted; the API key is never written: the
 * command names the environment variable that holds it ("$JOBS_API_KEY").
 */
import type { Exchange } from '../schemas/types.gen.js';
import { API_KEY, API_KEY_HEADER, REDACTED } from '../vocabulary/index.js';

/**
 * Quotes a value for a POSIX shell: single quotes, with embedded single quotes
 * written as '\''.
 *
 * @example
 * shellQuote("it's") // 'it'\''s'
 */
export function shellQuote(value: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(value)) return value;
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** Headers the suite adds for its own bookkeeping; they do not matter to a reproducer. */
const OMITTED = new Set(['x-conformance-case-id', 'accept', 'content-length', 'host']);

/**
 * A curl command for the exchange's request.
 *
 * @example
 * curlFor(exchange) // curl -sS -i -X POST 'http://127.0.0.1:4010/api/v1.1/jobs' -H "API-Key: $JOBS_API_KEY" ...
 */
export function curlFor(exchange: Exchange): string {
  const { request } = exchange;
  const parts = ['curl', '-sS', '-i', '-X', shellQuote(request.method), shellQuote(request.url)];
  const keyEnv = typeof request.keyEnv === 'string' ? request.keyEnv : 'JOBS_API_KEY';
  for (const [name, value] of Object.entries(request.headers)) {
    if (OMITTED.has(name.toLowerCase())) continue;
    if (name.toLowerCase() === API_KEY_HEADER && value === REDACTED) {
      // Double quotes so the shell expands the variable; its name is a safe literal.
      parts.push('-H', `"${API_KEY}: $${keyEnv}"`);
    } else {
      parts.push('-H', shellQuote(`${name}: ${value}`));
    }
  }
  if (request.body !== undefined && request.body !== null) parts.push('--data-raw', shellQuote(request.body));
  const command = parts.join(' ');
  return request.bodyTruncated ? `${command}  # body truncated in the report` : command;
}
