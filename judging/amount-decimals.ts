/**
 * @module Spec 2.5: "Responses carry four decimal places" for salary
 * `amount`. That is a property of the response TEXT (JSON.parse turns
 * `50000.0000` and `50000` into the same number), so it is read there.
 * `maxAmount` is a "Decimal" with no stated form: any decimal form passes,
 * and the form it takes is only described (maxAmountForms).
 *
 * A "Decimal" may come back as a JSON number (the plain reading) or as a
 * decimal string (`"52000.0000"`, Django REST Framework's default, a
 * defensible one): both are read here as the same value, exactly.
 */

import { DECIMAL_STRING } from '../schemas/decimal-string.js';

// "amount" and "maxAmount" only occur as salary keys in a job; the leading quote keeps "maxAmount" from matching "amount".
// The value is a number or a string holding a plain decimal; the quote, when present, is captured to tell the forms apart.
const AMOUNT_IN_TEXT = /"amount"\s*:\s*("?)(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\1/g;
const MAX_AMOUNT_IN_TEXT = /"maxAmount"\s*:\s*("?)(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)\1/g;
const FOUR_DECIMALS = /^-?\d+\.\d{4}$/;
const PLACES = 4;

/** How an amount is written in a response. */
export type AmountForm = 'number' | 'decimal string';

/**
 * The `amount`s written in `text` without exactly four decimals (null amounts are not numbers and are skipped).
 * A decimal string is read by its digits: `"52000.0000"` has four places.
 *
 * @example
 * amountsWithoutFourDecimals('{"salary":{"amount":50000.00,"maxAmount":1}}'); // ['"amount": 50000.00']
 */
export function amountsWithoutFourDecimals(text: string): string[] {
  return [...text.matchAll(AMOUNT_IN_TEXT)].filter((m) => !FOUR_DECIMALS.test(m[2] ?? '')).map((m) => `"amount": ${m[1]}${m[2]}${m[1]}`);
}

/**
 * How many `amount`s `text` writes (as numbers or decimal strings).
 *
 * @example
 * countAmounts('{"amount":1.0000,"maxAmount":null}'); // 1
 */
export function countAmounts(text: string): number {
  return [...text.matchAll(AMOUNT_IN_TEXT)].length;
}

/**
 * The form of each `amount` and `maxAmount` written in `text`: a JSON number or a decimal string.
 *
 * @example
 * amountForms('{"amount":"1.0000","maxAmount":2}'); // ['decimal string', 'number']
 */
export function amountForms(text: string): AmountForm[] {
  const all = [...text.matchAll(AMOUNT_IN_TEXT), ...text.matchAll(MAX_AMOUNT_IN_TEXT)];
  return all.sort((a, b) => (a.index ?? 0) - (b.index ?? 0)).map((m) => (m[1] === '"' ? 'decimal string' : 'number'));
}

/**
 * How each numeric `maxAmount` in `text` is written: 'four places' or 'another decimal form'.
 *
 * @example
 * maxAmountForms('{"maxAmount":1}'); // ['another decimal form']
 */
export function maxAmountForms(text: string): string[] {
  return [...text.matchAll(MAX_AMOUNT_IN_TEXT)].map((m) => (FOUR_DECIMALS.test(m[2] ?? '') ? 'four places' : 'another decimal form'));
}

/**
 * The plain decimal digits of an amount: a decimal string as written, a number in its shortest
 * decimal spelling without exponent (undefined for anything else: null, other strings, NaN).
 */
function decimalDigits(value: unknown): string | undefined {
  if (typeof value === 'string') return DECIMAL_STRING.test(value) ? value : undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) return undefined;
  const text = String(value);
  if (!/e/i.test(text)) return text;
  // 1e21 and 1e-7: toFixed spells small ones out; large ones are whole numbers, exact as BigInt.
  return Math.abs(value) < 1 ? value.toFixed(20).replace(/0+$/, '') : BigInt(value).toString();
}

/**
 * An amount in ten-thousandths, rounded half away from zero at the fourth decimal (2.5: four places
 * are carried), computed on its decimal digits so a string like `"123456789012345.6789"` loses nothing.
 *
 * @example
 * amountUnits('52000.0000'); // 520000000n
 * amountUnits(25.5); // 255000n
 */
export function amountUnits(value: unknown): bigint | undefined {
  const digits = decimalDigits(value);
  if (digits === undefined) return undefined;
  const negative = digits.startsWith('-');
  const [whole = '0', fraction = ''] = (negative ? digits.slice(1) : digits).split('.');
  const kept = BigInt(whole + fraction.slice(0, PLACES).padEnd(PLACES, '0'));
  const units = (fraction[PLACES] ?? '0') >= '5' ? kept + 1n : kept;
  return negative ? -units : units;
}

/**
 * The same amount to four decimals (2.5), whichever form each is written in; both null/absent
 * also agree (a maxAmount not given).
 *
 * @example
 * sameAmount(52000, '52000.0000'); // true
 * sameAmount(1234.57, 1234.5678); // false
 */
export function sameAmount(a: unknown, b: unknown): boolean {
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  const [x, y] = [amountUnits(a), amountUnits(b)];
  return x !== undefined && x === y;
}

/**
 * An amount as a JSON number, for a GET result sent back as a request (requests take numbers:
 * the canonical form). Anything that is not a decimal is returned unchanged.
 *
 * @example
 * amountAsNumber('52000.0000'); // 52000
 */
export function amountAsNumber(value: unknown): unknown {
  return typeof value === 'string' && DECIMAL_STRING.test(value) ? Number(value) : value;
}
