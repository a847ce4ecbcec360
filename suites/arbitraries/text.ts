/**
 * @module Text generators. Limit tests need strings whose length is the same
 * whether a server counts code points or UTF-16 units, so they draw only from
 * single-unit BMP characters (precomposed, already NFC). Astral text (emoji)
 * is kept apart: what a server does with it at a limit is only observed.
 */
import * as fc from 'fast-check';

const ASCII_LOWER = 'abcdefghijklmnopqrstuvwxyz';
const ASCII = `${ASCII_LOWER}${ASCII_LOWER.toUpperCase()}0123456789`;
// BMP letters outside ASCII: one UTF-16 unit and one code point each.
const BMP_EXTRA = 'éèàçüöñßøåæœÉÀαβγδжздлшçãõ中文日本語한국어';
// Astral code points (two UTF-16 units each), one code point per emoji: no ZWJ sequences.
const ASTRAL = ['😀', '🚀', '🍁', '🎉', '💼', '📎', '𝄞', '🧭'];

export type Alphabet = 'lower' | 'ascii' | 'bmp';

const ALPHABETS: Record<Alphabet, readonly string[]> = {
  lower: [...`${ASCII_LOWER}0123456789`],
  ascii: [...ASCII],
  bmp: [...ASCII, ...BMP_EXTRA],
};

/**
 * One character of the alphabet; shrinks towards its first character ('a').
 *
 * @example
 * fc.sample(charArb('lower'), 3); // ['q', '7', 'a']
 */
export function charArb(alphabet: Alphabet = 'bmp'): fc.Arbitrary<string> {
  return fc.constantFrom(...ALPHABETS[alphabet]);
}

/**
 * Strings of exactly `n` code points, each a single UTF-16 unit, so
 * `s.length === [...s].length === n`. Shrinking keeps the length.
 *
 * @example
 * fc.sample(exactLengthTextArb(5, 'ascii'), 1)[0].length; // 5
 */
export function exactLengthTextArb(n: number, alphabet: Alphabet = 'bmp'): fc.Arbitrary<string> {
  return fc.string({ unit: charArb(alphabet), minLength: n, maxLength: n });
}

/**
 * A word of 1-12 letters (no spaces).
 *
 * @example
 * fc.sample(wordArb('ascii'), 1); // ['Xq3']
 */
export function wordArb(alphabet: Alphabet = 'bmp'): fc.Arbitrary<string> {
  return fc.string({ unit: charArb(alphabet), minLength: 1, maxLength: 12 });
}

function joinWords(words: string[]): string {
  return words.join(' ');
}

/**
 * 1-`maxWords` words joined by single spaces: no leading, trailing or doubled whitespace.
 *
 * @example
 * fc.sample(wordsArb(3), 1); // ['ñoé Ab 中文']
 */
export function wordsArb(maxWords = 6, alphabet: Alphabet = 'bmp'): fc.Arbitrary<string> {
  return fc.array(wordArb(alphabet), { minLength: 1, maxLength: maxWords }).map(joinWords);
}

function astralFirst([first, rest]: [string, string]): string {
  return first + rest;
}

/**
 * Exactly `n` code points, the first an astral emoji (so at least one, even
 * after shrinking) and the rest a mix of BMP letters and emoji: the UTF-16
 * length is greater than `n`. For observations only.
 *
 * @example
 * const s = fc.sample(astralTextArb(5), 1)[0]; // '🍁ab😀c': 5 code points, 7 UTF-16 units
 */
export function astralTextArb(n: number): fc.Arbitrary<string> {
  const unit = fc.oneof(charArb('ascii'), fc.constantFrom(...ASTRAL));
  return fc.tuple(fc.constantFrom(...ASTRAL), fc.string({ unit, minLength: n - 1, maxLength: n - 1 })).map(astralFirst);
}

/**
 * Free unicode text for non-limit fields: BMP letters plus emoji, 1-8 words.
 *
 * @example
 * fc.sample(unicodeWordsArb(2), 1); // ['été 🚀x']
 */
export function unicodeWordsArb(maxWords = 8): fc.Arbitrary<string> {
  const unit = fc.oneof({ weight: 20, arbitrary: charArb('bmp') }, { weight: 1, arbitrary: fc.constantFrom(...ASTRAL) });
  const word = fc.string({ unit, minLength: 1, maxLength: 10 });
  return fc.array(word, { minLength: 1, maxLength: maxWords }).map(joinWords);
}

/** Code points in `s` (what the spec's "characters" most plausibly counts); one definition, shared with the mock. */
export { codePointLength } from '../../schemas/code-points.js';

/**
 * padToLength was given a prefix longer than `n` or a filler too short to reach it.
 *
 * @example
 * padToLength('abcdef', 'xx', 4); // throws PadError (code PAD_TOO_SHORT)
 */
export class PadError extends Error {
  override readonly name = 'PadError';
  readonly code = 'PAD_TOO_SHORT';
  constructor(
    readonly prefix: string,
    readonly fillerLength: number,
    readonly n: number,
  ) {
    super(`[suites] cannot pad "${prefix}" to ${n} characters with a ${fillerLength}-character filler`);
  }
}

/**
 * Pads `prefix` (e.g. a referenceId) with the start of `filler` to exactly `n` characters. The
 * filler comes from exactLengthTextArb(n) so it is always long enough; the
 * prefix is only known at run time (ctx.referenceId()).
 *
 * @example
 * padToLength('jc1-', 'aaaaaaaa', 6); // 'jc1-aa'
 */
export function padToLength(prefix: string, filler: string, n: number): string {
  const need = n - prefix.length;
  if (need < 0 || filler.length < need) throw new PadError(prefix, filler.length, n);
  return prefix + filler.slice(0, need);
}

/**
 * How a server may write a value a field does not have (a template's `${referenceId}`, a driver's null as text), and
 * read such text back as no value: whole values that are no case's own.
 */
export const ABSENT_SPELLINGS: readonly string[] = ['null', 'undefined', 'none'];
