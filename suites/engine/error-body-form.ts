/**
 * @module The form of an error body, as the observation `error-body-shape` records it for every client error a rule
 * sees. The spec shows no error format (7.2), so every form passes; recording it lets a user see what the target
 * answers, and a run compare it with the last (drift). The form keeps what holds from run to run: the status, the
 * keys, each value's JSON type, whether a string is empty, how many entries a list has. It leaves out the values,
 * which name the run's own jobs, ids and referenceIds.
 */
import type { Exchange } from '../../schemas/types.gen.js';

/** Deep enough for a list of field errors inside an error object; deeper parts are written `…`. */
const MAX_DEPTH = 4;

/** A 429 asks the client to wait: the retry answers it, and how often it comes depends on the load, not the server's form. */
const NOT_A_REFUSAL = new Set([429]);

/**
 * The form of a JSON value: `{code: text, message: '', fieldErrors: [2 × {path: text, rule: text}]}`.
 *
 * @example
 * jsonForm({ code: 'not_found', message: '' }); // "{code: text, message: ''}"
 */
export function jsonForm(value: unknown, depth = 0): string {
  if (value === null) return 'null';
  if (typeof value === 'string') return value === '' ? "''" : 'text';
  if (typeof value !== 'object') return typeof value;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const items = [...new Set(value.map((item) => jsonForm(item, depth + 1)))];
    return `[${value.length} × ${items.join(' | ')}]`;
  }
  const entries = Object.keys(value)
    .sort()
    .map((key) => `${key}: ${jsonForm((value as Record<string, unknown>)[key], depth + 1)}`);
  return `{${entries.join(', ')}}`;
}

function parsed(text: string): { json: unknown } | undefined {
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

/**
 * `422: {code: text, message: text}`, `404: text/html, text`, `401: no body`; undefined for an exchange that is no
 * client error (or a 429, or a body cut short in the log).
 *
 * @example
 * errorBodyForm(exchange); // "404: {code: text, message: text, status: number}"
 */
export function errorBodyForm(exchange: Exchange): string | undefined {
  const response = exchange.response;
  if (!response || response.status < 400 || response.status > 499 || NOT_A_REFUSAL.has(response.status)) return undefined;
  if (response.bodyTruncated) return undefined;
  const text = response.body ?? '';
  if (text === '') return `${response.status}: no body`;
  const body = parsed(text);
  if (body) return `${response.status}: ${jsonForm(body.json)}`;
  const mediaType = (response.headers['content-type'] ?? 'no content type').split(';')[0]!.trim();
  return `${response.status}: ${mediaType}, text`;
}
