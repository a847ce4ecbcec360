/**
 * @module The one Redactor: it masks secrets before anything is stored,
 * printed or written. The suite's client runs every exchange through it and
 * the CLIs every line they print, so an API key cannot reach a report, a log
 * or the terminal, even when a server echoes it back in a body or a header.
 * A report goes through it once, where it is built (redactReport: the one
 * deep pass); writeReports scrubs each file's text once more as a last line
 * of defence. Renderers take only a RedactedReport, so no report reaches a
 * file or the terminal without that pass, and no renderer repeats it.
 */
import type { ConformanceReport } from '../schemas/types.gen.js';
import { isSecretHeader, REDACTED } from '../vocabulary/index.js';

export { REDACTED };

declare const redactedBrand: unique symbol;

/** A report that went through the redaction pass: the only kind the renderers and writeReports take. */
export type RedactedReport = ConformanceReport & { readonly [redactedBrand]: true };

/** Shorter values are not scrubbed from other text (they would mask ordinary words); their header is still masked. */
const MIN_SCRUBBED_LENGTH = 4;
const SENSITIVE_OPTION = /key|token|secret|password/i;
// Values that are already placeholders, not secrets: never scrub them from other text.
const PLACEHOLDER = /^(\[redacted\]|<redacted>|\*+|\$\{?[A-Za-z_][A-Za-z0-9_]*\}?)$/;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A secret added to a Redactor after freeze(): the run's secrets are all known once its configuration is resolved. */
export class FrozenRedactorError extends Error {
  override readonly name = 'FrozenRedactorError';
}

export class Redactor {
  readonly #secrets: string[] = [];
  /** Header names (lower case) whose values are secret whatever they are (--header). */
  readonly #secretHeaders = new Set<string>();
  #frozen = false;

  constructor(secrets: ReadonlyArray<string | undefined> = []) {
    for (const secret of secrets) this.add(secret);
  }

  /**
   * Closes the set of secrets: a later add or addHeader throws. A run's one Redactor is frozen where its
   * configuration is resolved, so the run, the console and the writers all mask the same secrets.
   */
  freeze(): this {
    this.#frozen = true;
    return this;
  }

  #open(): void {
    if (this.#frozen) throw new FrozenRedactorError('this Redactor is frozen: its secrets were all given when it was made');
  }

  /** Registers a secret; empty values are ignored. */
  add(secret: string | undefined): void {
    this.#open();
    if (!secret || this.#secrets.includes(secret)) return;
    this.#secrets.push(secret);
    // Longest first, so a key that contains another key is masked whole.
    this.#secrets.sort((a, b) => b.length - a.length);
  }

  /**
   * Makes every value of header `name` secret in redactHeaders, and scrubs
   * `value` from all text when it is long enough not to be an ordinary word.
   */
  addHeader(name: string, value: string): void {
    this.#open();
    this.#secretHeaders.add(name.toLowerCase());
    if (value.trim().length >= MIN_SCRUBBED_LENGTH) this.add(value.trim());
  }

  /**
   * Replaces every occurrence of every registered secret.
   *
   * @example
   * new Redactor(['s3cret']).redact('API-Key: s3cret') // 'API-Key: [redacted]'
   */
  redact(text: string): string {
    let out = text;
    // includes() first: most texts hold no secret, and split/join would copy them anyway.
    for (const secret of this.#secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /**
   * The last scrub of a written file's text: only the secrets long enough not to be an ordinary word and not
   * already a placeholder (isSecretValue), so a short key given on a test server does not mask words of a report.
   *
   * @example
   * new Redactor(['k', 's3cret']).scrubFile('key k: s3cret') // 'key k: [redacted]'
   */
  scrubFile(text: string): string {
    let out = text;
    for (const secret of this.#secrets) if (isSecretValue(secret) && out.includes(secret)) out = out.split(secret).join(REDACTED);
    return out;
  }

  /**
   * Redacts every value of a header map. An API-Key the suite invented (a
   * deliberately wrong key) is no secret and stays readable for the reproducer.
   */
  redactHeaders(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers))
      out[name] = this.#secretHeaders.has(name.toLowerCase()) ? REDACTED : this.redact(value);
    return out;
  }

  /**
   * The redaction pass of a report: a deep copy with sensitive headers (API-Key, Authorization, cookies, and every
   * header named in options.headerNames or added with addHeader) and key-like options masked, and every occurrence
   * of their values and of the registered secrets replaced in all strings. The input is left untouched.
   *
   * @example
   * const safe = new Redactor([apiKey]).redactReport(report);
   */
  redactReport(report: ConformanceReport): RedactedReport {
    const copy = structuredClone(report) as unknown as { [key: string]: Json };
    const found = new Set(this.#secrets.filter(isSecretValue));
    const extra = new Set([...this.#secretHeaders, ...(report.options?.headerNames ?? []).map((name) => name.toLowerCase())]);
    maskSensitive(copy, found, false, (name) => isSecretHeader(name) || extra.has(name.toLowerCase()));
    const ordered = [...found].sort((a, b) => b.length - a.length);
    return scrubInPlace(copy, ordered) as unknown as RedactedReport;
  }
}

/**
 * The redaction pass with the caller's secrets (the API keys of the run): see Redactor.redactReport.
 *
 * @example
 * const safe = redactReport(report, [process.env.JOBS_API_KEY ?? '']);
 */
export function redactReport(report: ConformanceReport, secrets: readonly string[] = []): RedactedReport {
  return new Redactor(secrets).redactReport(report);
}

/** Long enough to scrub from text without masking ordinary words, and not a placeholder already. */
export function isSecretValue(value: string): boolean {
  return value.length >= MIN_SCRUBBED_LENGTH && !PLACEHOLDER.test(value.trim());
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

/** Scrubs the copy where it lies: the copy is already private, a second copy would only cost time. */
function scrubInPlace(node: Json, secrets: readonly string[]): Json {
  if (typeof node === 'string')
    return secrets.reduce((text, secret) => (text.includes(secret) ? text.split(secret).join(REDACTED) : text), node);
  if (node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    for (const [index, item] of node.entries()) node[index] = scrubInPlace(item, secrets);
    return node;
  }
  for (const [key, value] of Object.entries(node)) node[key] = scrubInPlace(value, secrets);
  return node;
}
