import { describe, expect, it } from 'vitest';
import { idDigitPrefixes, nearMissIds, prefixedIds } from './near-miss-ids.js';

describe('the texts beside a job id', () => {
  it('idDigitPrefixes gives each shorter id the id starts with, longest first', () => {
    expect(idDigitPrefixes(1034)).toEqual(['103', '10', '1']);
    expect(idDigitPrefixes(10)).toEqual(['1']);
    expect(idDigitPrefixes(7)).toEqual([]);
  });

  it('every text of every kind differs from the id it is made from', () => {
    for (const id of [1, 9, 10, 103, 2_147_483_647]) {
      for (const text of [...nearMissIds(id), ...prefixedIds(id), ...idDigitPrefixes(id)]) expect(text).not.toBe(String(id));
      for (const text of idDigitPrefixes(id)) expect(String(id).startsWith(text)).toBe(true);
    }
  });
});
