/**
 * @module Makes invisible and dangerous characters visible as `\uXXXX`.
 * Text from the target may carry ANSI/OSC escape sequences (that rewrite a
 * terminal), NUL and other characters XML 1.0 cannot hold, lone surrogates,
 * and bidi overrides that reorder what a reader sees. Every human-facing
 * format passes target text through here; newline and tab are kept.
 */

// C0 except \t and \n, DEL and C1, bidi embeddings/overrides/isolates, the
// non-characters U+FFFE/U+FFFF, and lone surrogates (unpaired halves).
const UNSAFE =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * Replaces every unsafe character with its `\uXXXX` escape.
 *
 * @example
 * visibleControlChars('a\u001b[31mb') // => 'a\\u001b[31mb'
 */
export function visibleControlChars(text: string): string {
  return text.replace(UNSAFE, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
