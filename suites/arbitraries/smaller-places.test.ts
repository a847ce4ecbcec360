import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { assertProduceCorrectValues, assertSameValuesGivenSameSeed } from './arbitrary-assertions.test-support.js';
import { locationWithProvinceArb } from './location.js';
import { cityOf, placeKey } from '../../judging/compare.js';
import { smallerPlaceArb } from './smaller-places.js';

describe('smallerPlaceArb', () => {
  it('gives `City, PC` places that pass location-input.schema.json, the same for the same seed', () => {
    const arb = smallerPlaceArb(new Set())!;
    assertSameValuesGivenSameSeed(arb);
    assertProduceCorrectValues(arb, (location) => {
      const result = validators.locationInput(location);
      expect(result.ok, JSON.stringify(result)).toBe(true);
      expect(location.description).toMatch(/^[^,]+, [A-Z]{2}$/);
    });
  });

  it('shares no city with the everyday places of the generators', () => {
    const everyday = new Set(fc.sample(locationWithProvinceArb, { seed: 1, numRuns: 500 }).map((l) => cityOf(l.description)));
    const smaller = fc.sample(smallerPlaceArb(new Set())!, { seed: 1, numRuns: 500 }).map((l) => cityOf(l.description));
    expect(smaller.filter((city) => everyday.has(city))).toEqual([]);
  });

  it('leaves out the excluded cities, compared without case', () => {
    const excluded = new Set(['kamloops', placeKey('THUNDER bay')]);
    const drawn = new Set(fc.sample(smallerPlaceArb(excluded)!, { seed: 2, numRuns: 500 }).map((l) => cityOf(l.description)));
    expect(drawn.has('kamloops')).toBe(false);
    expect(drawn.has('thunder bay')).toBe(false);
    expect(drawn.size).toBeGreaterThan(5);
  });

  it('is undefined when every place is excluded', () => {
    const all = new Set(fc.sample(smallerPlaceArb(new Set())!, { seed: 3, numRuns: 2000 }).map((l) => cityOf(l.description)));
    expect(smallerPlaceArb(all)).toBeUndefined();
  });

  it('is undefined when fewer places than a draw needs are left: a draw of that many distinct ones would never end', () => {
    const all = [...new Set(fc.sample(smallerPlaceArb(new Set())!, { seed: 4, numRuns: 2000 }).map((l) => cityOf(l.description)))];
    const twoLeft = new Set(all.slice(2));
    expect(smallerPlaceArb(twoLeft, 3)).toBeUndefined();
    const left = fc.sample(smallerPlaceArb(twoLeft, 2)!, { seed: 5, numRuns: 100 }).map((l) => cityOf(l.description));
    expect(new Set(left)).toEqual(new Set(all.slice(0, 2)));
  });
});
