import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatInstant } from './format-instant.js';

const MAX = 8.64e15;

describe('formatInstant', () => {
  it('writes what Date#toISOString writes, for any valid time, in any order of calls', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.integer({ min: -MAX, max: MAX }), fc.double({ min: -MAX, max: MAX, noNaN: true })), {
          minLength: 1,
          maxLength: 20,
        }),
        (times) => {
          for (const ms of times) expect(formatInstant(ms)).toBe(new Date(ms).toISOString());
        },
      ),
    );
  });

  it('is right when calls alternate between more days than it keeps', () => {
    const days = Array.from({ length: 9 }, (_, i) => Date.UTC(2025, 0, 1 + 60 * i, 8, 0, 0, i));
    for (let round = 0; round < 3; round++)
      for (const ms of days) expect(formatInstant(ms + round)).toBe(new Date(ms + round).toISOString());
  });

  it('is right around day, year and era edges and within one day (the cached date part)', () => {
    const edges = [
      0,
      -1,
      1,
      86_399_999,
      86_400_000,
      Date.UTC(1999, 11, 31, 23, 59, 59, 999),
      Date.UTC(2000, 0, 1),
      -62_167_219_200_001,
      253_402_300_800_000,
      MAX,
      -MAX,
    ];
    for (const ms of edges)
      for (const delta of [0, 1, 999, 1000, 59_999, 3_599_999]) {
        if (Math.abs(ms + delta) <= MAX) expect(formatInstant(ms + delta)).toBe(new Date(ms + delta).toISOString());
      }
    const day = Date.UTC(2025, 2, 1);
    for (let ms = day; ms < day + 86_400_000; ms += 997_331) expect(formatInstant(ms)).toBe(new Date(ms).toISOString());
  });

  it('throws a RangeError for an invalid time, as toISOString does', () => {
    expect(() => formatInstant(NaN)).toThrow(RangeError);
    formatInstant(MAX); // its day is cached now
    expect(() => formatInstant(MAX + 1)).toThrow(RangeError);
    expect(() => formatInstant(Infinity)).toThrow(RangeError);
    expect(formatInstant(1.9)).toBe(new Date(1.9).toISOString());
    expect(formatInstant(-1.9)).toBe(new Date(-1.9).toISOString());
  });
});
