import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAmount } from './format-amount.js';

describe('formatAmount (spec 2.5: four decimal places)', () => {
  it.each([
    [0, '0.0000'],
    [50000, '50000.0000'],
    [0.5, '0.5000'],
    [12.34567, '12.3457'],
    [1.00005, '1.0001'],
    [1.00004, '1.0000'],
    [9.99995, '10.0000'],
    [1e-7, '0.0000'],
    [123456789012.1234, '123456789012.1234'],
    [1e21, '1000000000000000000000.0000'],
    [-0, '0.0000'],
    [-42, '-42.0000'],
    [1e20, '100000000000000000000.0000'],
    [2 ** 53 + 2, '9007199254740994.0000'],
  ])('%s -> %s', (value, text) => {
    expect(formatAmount(value)).toBe(text);
  });

  it('always writes exactly four decimals, and reads back within half a unit of the fourth', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e15, noNaN: true }), (value) => {
        const text = formatAmount(value);
        expect(text).toMatch(/^\d+\.\d{4}$/);
        expect(Math.abs(Number(text) - value)).toBeLessThanOrEqual(0.00005 + value * 1e-15);
      }),
    );
  });

  it('is stable: formatting its own output changes nothing (the round trip)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (value) => {
        const text = formatAmount(value);
        expect(formatAmount(Number(text))).toBe(text);
      }),
    );
  });

  it('rejects non-finite numbers', () => {
    expect(() => formatAmount(Infinity)).toThrow(/Invalid number/);
    expect(() => formatAmount(Number.NaN)).toThrow(/Invalid number/);
  });
});
