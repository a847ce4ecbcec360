/**
 * @module The report's Content-Security-Policy: the second line of defence
 * behind escaping. Nothing loads from anywhere (`default-src 'none'`); the
 * one inline script and the one stylesheet run only because their SHA-256
 * hashes are listed; images only as data: URLs (the favicon).
 */
import { createHash } from 'node:crypto';

/** `'sha256-…'` source expression for an inline element's exact text. */
export function sha256Source(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * @example
 * contentSecurityPolicy(SCRIPT, STYLES)
 * // => "default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; img-src data:; base-uri 'none'; form-action 'none'"
 */
export function contentSecurityPolicy(script: string, styles: string): string {
  return [
    "default-src 'none'",
    `script-src ${sha256Source(script)}`,
    `style-src ${sha256Source(styles)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
