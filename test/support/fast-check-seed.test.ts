import fc from 'fast-check';
import { expect, inject, it } from 'vitest';

it("runs every property without a seed of its own from the run's printed fast-check seed", () => {
  expect(fc.readConfigureGlobal().seed).toBe(inject('fastCheckSeed'));
  expect(fc.sample(fc.string(), 5)).toEqual(fc.sample(fc.string(), 5));
});
