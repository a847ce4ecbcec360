import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { exampleValues } from './context.js';

const arb = fc.record({ form: fc.constantFrom('id', 'reference'), n: fc.integer({ min: 1, max: 1000 }), job: fc.string() });

describe('exampleValues (the examples a check sends before any draw)', () => {
  it('lays each example over a drawn value: the named fields as given, the rest generated', () => {
    const values = exampleValues(arb, [{ n: 0 }, { n: 6, form: 'id' }], 42);
    expect(values.map((v) => v.n)).toEqual([0, 6]);
    expect(values[1]?.form).toBe('id');
    for (const value of values) expect(Object.keys(value).sort()).toEqual(['form', 'job', 'n']);
  });

  it('depends on the seed only, so a replay by seed and path meets the same values', () => {
    expect(exampleValues(arb, [{ n: 0 }, { n: 6 }], 42)).toEqual(exampleValues(arb, [{ n: 0 }, { n: 6 }], 42));
    const jobs = (seed: number) =>
      exampleValues(
        arb,
        Array.from({ length: 5 }, () => ({ n: 1 })),
        seed,
      ).map((v) => v.job);
    expect(jobs(1)).not.toEqual(jobs(2));
  });

  it('takes a non-record example as the whole value, and none gives none', () => {
    expect(exampleValues(fc.integer(), [6], 1)).toEqual([6]);
    expect(exampleValues(arb, undefined, 1)).toEqual([]);
  });
});
