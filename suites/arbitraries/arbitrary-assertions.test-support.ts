/**
 * @module Assertions every generator test reuses, after fast-check's own
 * ArbitraryAssertions: determinism per seed, validity of every value, and
 * invalidity of every value a violation generator yields, shrinks included.
 * Test support, never shipped: tsconfig.build.json leaves out `*.test-support.ts`
 * as it leaves out `*.test.ts` (this file imports vitest).
 */
import * as fc from 'fast-check';
import { expect } from 'vitest';

export const SEEDS = [1, 42, 20240601] as const;

/** The same seed gives the same values. */
export function assertSameValuesGivenSameSeed<T>(arb: fc.Arbitrary<T>, numRuns = 25): void {
  for (const seed of SEEDS) {
    expect(fc.sample(arb, { seed, numRuns })).toEqual(fc.sample(arb, { seed, numRuns }));
  }
  // and different seeds do not all collapse to one value (the generator is not constant)
  const firsts = SEEDS.map((seed) => JSON.stringify(fc.sample(arb, { seed, numRuns: 5 })));
  expect(new Set(firsts).size).toBeGreaterThan(1);
}

/** Every generated value satisfies `holds` (which throws or returns false with a reason). */
export function assertProduceCorrectValues<T>(arb: fc.Arbitrary<T>, holds: (value: T) => void, numRuns = 150): void {
  for (const seed of SEEDS)
    fc.assert(
      fc.property(arb, (v) => void holds(v)),
      { seed, numRuns },
    );
}

/**
 * Drives fast-check's shrinker all the way down (the property always fails,
 * so every shrink step is accepted) and checks EVERY value it tried, the
 * original and all shrinks, with `stillInvalid`. Also proves shrinking ran (in one of the runs of each seed).
 */
export function assertShrinksStayInvalid<T>(arb: fc.Arbitrary<T>, stillInvalid: (value: T) => void, runs = 4): void {
  for (const seed of SEEDS) {
    let shrunk = false;
    for (let run = 0; run < runs; run++) {
      const tried: T[] = [];
      const details = fc.check(
        fc.property(arb, (v) => {
          tried.push(v);
          return false;
        }),
        { seed: seed + run, numRuns: 1, endOnFailure: false },
      );
      expect(details.failed).toBe(true);
      for (const value of tried) stillInvalid(value);
      shrunk ||= tried.length > 1;
    }
    // A draw that is already minimal has nothing to shrink (a unique list of places drawn from the first ones); another run must.
    expect(shrunk, `seed ${seed}: no run shrank`).toBe(true);
  }
}
