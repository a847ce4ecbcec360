/**
 * @module Spec 2.5: "Responses carry four decimal places" for salary
 * amounts. That is a property of the response TEXT (JSON.parse turns
 * `50000.0000` and `50000` into the same number), so it is read there.
 */

// "amount" and "maxAmount" only occur as salary keys in a job; the leading quote keeps "maxAmount" from matching "amount".
const AMOUNT_IN_TEXT = /"(amount|maxAmount)"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;
const FOUR_DECIMALS = /^-?\d+\.\d{4}$/;

/**
 * The amounts written in `text` without exactly four decimals (null amounts are not numbers and are skipped).
 *
 * @example
 * amountsWithoutFourDecimals('{"salary":{"amount":50000.00,"maxAmount":null}}'); // ['"amount": 50000.00']
 */
export function amountsWithoutFourDecimals(text: string): string[] {
  return [...text.matchAll(AMOUNT_IN_TEXT)].filter((m) => !FOUR_DECIMALS.test(m[2] ?? '')).map((m) => `"${m[1]}": ${m[2]}`);
}

/**
 * How many numeric amounts `text` writes.
 *
 * @example
 * countAmounts('{"amount":1.0000,"maxAmount":null}'); // 1
 */
export function countAmounts(text: string): number {
  return [...text.matchAll(AMOUNT_IN_TEXT)].length;
}
