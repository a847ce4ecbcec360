/**
 * @module The report's last line of defence against leaking credentials.
 * The suite's client redacts API-Key before anything is recorded; the writers
 * still pass every report through here, so a key that slipped into an
 * exchange, an option or a curl command never reaches a file. Headers named
 * in options.headerNames (--header) are masked like API-Key.
 */
import type { ConformanceReport } from '../schemas/types.gen.js';
import { isSecretHeader, REDACTED } from '../vocabulary/index.js';

export { REDACTED };

const SENSITIVE_OPTION = /key|token|secret|password/i;
// Values that are already placeholders, not secrets: never scrub them from other text.
const PLACEHOLDER = /^(\[redacted\]|<redacted>|\*+|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)$/;
// Shorter values would scrub ordinary words; real keys are longer.
const MIN_SECRET_LENGTH = 4;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Returns a deep copy of the report with sensitive headers and options masked,
 * and every occurrence of their values (plus `secrets`) replaced in all strings.
 *
 * @example
 * const safe = redactReport(report, [process.env.JOBS_API_KEY ?? '']);
 */
export function redactReport(report: ConformanceReport, secrets: readonly string[] = []): ConformanceReport {
  const copy = structuredClone(report) as unknown as { [key: string]: Json };
  const found = new Set(secrets.filter(isSecretValue));
  // --header values are secrets like the key: mask every header the run added.
  const extra = new Set((report.options?.headerNames ?? []).map((name) => name.toLowerCase()));
  maskSensitive(copy, found, false, (name) => isSecretHeader(name) || extra.has(name.toLowerCase()));
  const ordered = [...found].sort((a, b) => b.length - a.length);
  return scrub(copy, ordered) as unknown as ConformanceReport;
}

function isSecretValue(value: string): boolean {
  return value.length >= MIN_SECRET_LENGTH && !PLACEHOLDER.test(value.trim());
}

/** Masks header values under a `headers` object and string options whose name says key/token/secret. */
function maskSensitive(node: Json, found: Set<string>, inOptions: boolean, isSensitive: (header: string) => boolean): void {
  if (node === null || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) maskSensitive(item, found, false, isSensitive);
    return;
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'headers' && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [name, headerValue] of Object.entries(value)) {
        if (isSensitive(name) && typeof headerValue === 'string') {
          // `Authorization: Bearer <token>`: the credential is what follows the scheme.
          const credential = headerValue.trim().replace(/^(bearer|basic|token)\s+/i, '');
          for (const candidate of [headerValue, credential]) if (isSecretValue(candidate)) found.add(candidate);
          value[name] = REDACTED;
        }
      }
    } else if (inOptions && SENSITIVE_OPTION.test(key) && typeof value === 'string') {
      if (isSecretValue(value)) found.add(value);
      node[key] = REDACTED;
    } else {
      maskSensitive(value, found, inOptions || key === 'options', isSensitive);
    }
  }
}

function scrub(node: Json, secrets: readonly string[]): Json {
  if (typeof node === 'string') return secrets.reduce((text, secret) => text.split(secret).join(REDACTED), node);
  if (node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) return node.map((item) => scrub(item, secrets));
  const out: { [key: string]: Json } = {};
  for (const [key, value] of Object.entries(node)) out[key] = scrub(value, secrets);
  return out;
}
