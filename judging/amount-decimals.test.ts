import { describe, expect, it } from 'vitest';
import {
  amountAsNumber,
  amountForms,
  amountsWithoutFourDecimals,
  amountUnits,
  countAmounts,
  maxAmountForms,
  sameAmount,
} from './amount-decimals.js';

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

describe('decimal strings (2.5 "Decimal": a string form is defensible)', () => {
  it('reads a decimal string amount by its digits and counts it', () => {
    const text = '{"amount":"52000.0000","maxAmount":"61000.5","x":{"amount":"1.5"}}';
    expect(countAmounts(text)).toBe(2);
    expect(amountsWithoutFourDecimals(text)).toEqual(['"amount": "1.5"']);
    expect(maxAmountForms(text)).toEqual(['another decimal form']);
  });

  it('tells the number form from the string form, in the order written', () => {
    expect(amountForms('{"amount":"1.0000","maxAmount":2,"y":{"maxAmount":null}}')).toEqual(['decimal string', 'number']);
    expect(amountForms('{"amount": 1.0000, "maxAmount" : "2.0000"}')).toEqual(['number', 'decimal string']);
  });

  it('compares amounts exactly, whichever form each takes, to the fourth decimal', () => {
    expect(sameAmount(52000, '52000.0000')).toBe(true);
    expect(sameAmount('25.5', 25.5)).toBe(true);
    expect(sameAmount(1234.5678, '1234.56780000')).toBe(true);
    expect(sameAmount(1234.57, '1234.5678')).toBe(false);
    // beyond a double's 15-16 digits a string keeps every digit
    expect(sameAmount('123456789012345678.0001', '123456789012345678.0002')).toBe(false);
    expect(sameAmount(null, undefined)).toBe(true);
    expect(sameAmount(null, '0.0000')).toBe(false);
  });

  it('refuses what is no plain decimal: exponents, spaces, words', () => {
    for (const text of ['1e3', ' 1.0', '1.0 ', '1,5', 'abc', '', '.5', '1.']) expect(amountUnits(text), text).toBeUndefined();
    expect(sameAmount('1e3', 1000)).toBe(false);
  });

  it('rounds half away from zero at the fourth decimal, on the digits', () => {
    expect(amountUnits('0.99995')).toBe(10000n);
    expect(amountUnits('-1.00005')).toBe(-10001n);
    expect(amountUnits(1e21)).toBe(10n ** 25n);
    expect(amountUnits(1e-7)).toBe(0n);
  });

  it('turns a decimal string into the number a request takes, and leaves other values alone', () => {
    expect(amountAsNumber('52000.0000')).toBe(52000);
    expect(amountAsNumber(null)).toBeNull();
    expect(amountAsNumber('1e3')).toBe('1e3');
  });
});
