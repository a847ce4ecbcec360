/**
 * @module Decimal text with exactly four decimal places (spec 2.5: "responses
 * carry four decimal places"). Inputs with more decimals are rounded half away
 * from zero at the fourth, as a decimal(p, 4) column would (the mock's choice).
 * big.js reads a number from its shortest decimal text, so rounding sees the
 * digits that were sent (1.00005 -> 1.0001), not the binary artefact below them.
 */
import Big from 'big.js';

/**
 * @example
 * formatAmount(50000); // '50000.0000'
 * formatAmount(12.34567); // '12.3457'
 */
export function formatAmount(value: number): string {
  // Amounts come from JSON, whose numbers are finite; big.js throws for NaN and Infinity.
  return new Big(value).toFixed(4, Big.roundHalfUp);
}
