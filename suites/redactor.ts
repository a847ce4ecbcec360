/**
 * @module Masks secrets before anything is stored or printed. The client runs
 * every exchange through it, and the CLI runs every line it prints through it,
 * so an API key cannot reach a report, a log or the terminal, even when a
 * server echoes it back in a body or a header.
 */

/** What a secret is replaced with everywhere. */
export const REDACTED = '[redacted]';

export class Redactor {
  readonly #secrets: string[] = [];

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
    for (const [name, value] of Object.entries(headers)) out[name] = this.redact(value);
    return out;
  }
}
