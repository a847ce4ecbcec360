import { describe, expect, it } from 'vitest';
import { amountsWithoutFourDecimals, countAmounts, maxAmountForms } from './amount-decimals.js';

describe('amountsWithoutFourDecimals', () => {
  it('accepts amounts written with four decimals, with any spacing, and skips null', () => {
    const text = '{"salary": {"amount" : 50000.0000, "maxAmount":-1.5000, "period":{"id":1}}, "other": {"maxAmount": null}}';
    expect(amountsWithoutFourDecimals(text)).toEqual([]);
    expect(countAmounts(text)).toBe(1);
  });

  it('lists amounts with fewer or more decimals, integers and exponents', () => {
    const text = '{"amount":50000,"maxAmount":12.5,"x":{"amount":1.23456},"y":{"amount":1e3}}';
    expect(amountsWithoutFourDecimals(text)).toEqual(['"amount": 50000', '"amount": 1.23456', '"amount": 1e3']);
  });

  it('never judges maxAmount (spec 2.5 states four places for amount only)', () => {
    expect(amountsWithoutFourDecimals('{"amount":1.0000,"maxAmount":1}')).toEqual([]);
  });

  it('does not read other keys ending in amount', () => {
    expect(countAmounts('{"totalAmount": 3, "amounts": 4}')).toBe(0);
  });
});

describe('maxAmountForms', () => {
  it('describes each numeric maxAmount and skips null', () => {
    expect(maxAmountForms('{"maxAmount":1,"x":{"maxAmount":2.0000},"y":{"maxAmount":null}}')).toEqual([
      'another decimal form',
      'four places',
    ]);
  });
});
