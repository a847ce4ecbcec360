/**
 * @module Masks secrets before anything is stored or printed. The client runs
 * every exchange through it, and the CLI runs every line it prints through it,
 * so an API key cannot reach a report, a log or the terminal, even when a
 * server echoes it back in a body or a header.
 */
import { REDACTED } from '../../vocabulary/index.js';

/** Shorter header values are not scrubbed from other text (they would mask ordinary words); their header is still masked. */
const MIN_SCRUBBED_LENGTH = 4;

export class Redactor {
  readonly #secrets: string[] = [];
  /** Header names (lower case) whose values are secret whatever they are (--header). */
  readonly #secretHeaders = new Set<string>();

  constructor(secrets: Array<string | undefined> = []) {
    for (const secret of secrets) this.add(secret);
  }

  /** Registers a secret; empty values are ignored. */
  add(secret: string | undefined): void {
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
   * Redacts every value of a header map. An API-Key the suite invented (a
   * deliberately wrong key) is no secret and stays readable for the reproducer.
   */
  redactHeaders(headers: Record<string, string>): Record<string, string> {
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(headers)) out[name] = this.#secretHeaders.has(name.toLowerCase()) ? REDACTED : this.redact(value);
    return out;
  }
}
