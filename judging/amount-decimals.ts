/**
 * @module Spec 2.5: "Responses carry four decimal places" for salary
 * `amount`. That is a property of the response TEXT (JSON.parse turns
 * `50000.0000` and `50000` into the same number), so it is read there.
 * `maxAmount` is a "Decimal" with no stated form: any decimal form passes,
 * and the form it takes is only described (maxAmountForms).
 */

// "amount" and "maxAmount" only occur as salary keys in a job; the leading quote keeps "maxAmount" from matching "amount".
const AMOUNT_IN_TEXT = /"amount"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;
const MAX_AMOUNT_IN_TEXT = /"maxAmount"\s*:\s*(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)/g;
const FOUR_DECIMALS = /^-?\d+\.\d{4}$/;

/**
 * The `amount`s written in `text` without exactly four decimals (null amounts are not numbers and are skipped).
 *
 * @example
 * amountsWithoutFourDecimals('{"salary":{"amount":50000.00,"maxAmount":1}}'); // ['"amount": 50000.00']
 */
export function amountsWithoutFourDecimals(text: string): string[] {
  return [...text.matchAll(AMOUNT_IN_TEXT)].filter((m) => !FOUR_DECIMALS.test(m[1] ?? '')).map((m) => `"amount": ${m[1]}`);
}

/**
 * How many numeric `amount`s `text` writes.
 *
 * @example
 * countAmounts('{"amount":1.0000,"maxAmount":null}'); // 1
 */
export function countAmounts(text: string): number {
  return [...text.matchAll(AMOUNT_IN_TEXT)].length;
}

/**
 * How each numeric `maxAmount` in `text` is written: 'four places' or 'another decimal form'.
 *
 * @example
 * maxAmountForms('{"maxAmount":1}'); // ['another decimal form']
 */
export function maxAmountForms(text: string): string[] {
  return [...text.matchAll(MAX_AMOUNT_IN_TEXT)].map((m) => (FOUR_DECIMALS.test(m[1] ?? '') ? 'four places' : 'another decimal form'));
}
