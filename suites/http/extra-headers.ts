/**
 * @module --header / JOBS_HEADERS: extra request headers for gateways and
 * tracing. Their values are treated like the API key (redacted everywhere,
 * never printed), so a parse error names the entry, never its text.
 */
import { ConfigError } from '../contract/errors.js';
import { API_KEY_HEADER } from '../../vocabulary/index.js';

/** Headers the suite sets itself: a --header must not replace them (API-Key has --api-key). */
const OWN_HEADERS = new Set([
  API_KEY_HEADER,
  'accept',
  'content-type',
  'content-length',
  'host',
  'x-conformance-case-id',
  'transfer-encoding',
  'connection',
]);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Visible ASCII, spaces and tabs, and non-ASCII: no line breaks or other control characters.
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\uffff]*$/;

/**
 * Parses `Name: value` entries (a list from repeated flags, or JOBS_HEADERS's newline-separated text).
 *
 * @example
 * parseExtraHeaders(['X-Gateway-Key: abc', 'traceparent: 00-...']) // { 'x-gateway-key': 'abc', traceparent: '00-...' }
 */
export function parseExtraHeaders(input: string | readonly string[] | undefined): Record<string, string> {
  const entries = input === undefined ? [] : typeof input === 'string' ? input.split(/\r?\n/).filter((line) => line.trim() !== '') : input;
  const headers: Record<string, string> = {};
  for (const [index, entry] of entries.entries()) {
    const at = entry.indexOf(':');
    const name = at < 0 ? '' : entry.slice(0, at).trim();
    const value = at < 0 ? '' : entry.slice(at + 1).trim();
    const which = `--header entry ${index + 1}`;
    if (!TOKEN.test(name) || !FIELD_VALUE.test(value)) {
      throw new ConfigError('header', `${which} is not 'Name: value' (a header name, a colon, a value on one line)`);
    }
    if (OWN_HEADERS.has(name.toLowerCase()))
      throw new ConfigError(
        'header',
        `${which} sets ${name}, which the suite sets itself${name.toLowerCase() === API_KEY_HEADER ? ' (use --api-key)' : ''}`,
      );
    if (value === '') throw new ConfigError('header', `${which} (${name}) has an empty value`);
    headers[name.toLowerCase()] = value;
  }
  return headers;
}
