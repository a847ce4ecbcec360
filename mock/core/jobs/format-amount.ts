/**
 * @module Decimal text with exactly four decimal places (spec 2.5: "responses
 * carry four decimal places"). Inputs with more decimals are rounded half away
 * from zero at the fourth, as a decimal(p, 4) column would (the mock's choice).
 */

/**
 * @example
 * formatAmount(50000); // '50000.0000'
 * formatAmount(12.34567); // '12.3457'
 */
export function formatAmount(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`amount is not finite: ${value}`);
  // The usual amount, a whole number below 1e21, is its plain decimal text ('-0' writes as '0').
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return `${value}.0000`;
  if (Math.abs(value) >= 1e21) {
    // toFixed switches to exponent notation here; such doubles are integers anyway.
    return `${BigInt(value).toString()}.0000`;
  }
  // Rounding on the shortest decimal text avoids binary artefacts (1.00005 -> 1.0001).
  const text = String(Math.abs(value));
  const sign = value < 0 ? '-' : '';
  if (!text.includes('e')) {
    const [int = '0', frac = ''] = text.split('.');
    if (frac.length <= 4) return `${sign}${int}.${frac.padEnd(4, '0')}`;
    const scaled = BigInt(int + frac.slice(0, 4)) + (Number(frac[4]) >= 5 ? 1n : 0n);
    const digits = scaled.toString().padStart(5, '0');
    return `${sign}${digits.slice(0, -4)}.${digits.slice(-4)}`;
  }
  return `${sign}${Math.abs(value).toFixed(4)}`;
}
