import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { assertProduceCorrectValues, assertSameValuesGivenSameSeed, assertShrinksStayInvalid } from './arbitrary-assertions.test-support.js';
import { locationCityOnlyArb, locationInputArb, locationsArb, locationWithProvinceArb, unusualLocationArb } from './location.js';
import { inputLimits, provinceCodes } from './schema-limits.js';

describe('locationInputArb', () => {
  it('gives the same locations for the same seed', () => {
    assertSameValuesGivenSameSeed(locationInputArb);
  });

  it('passes location-input.schema.json in both forms', () => {
    for (const arb of [locationInputArb, locationWithProvinceArb, locationCityOnlyArb, unusualLocationArb]) {
      assertProduceCorrectValues(arb, (location) => {
        const result = validators.locationInput(location);
        expect(result.ok, JSON.stringify(result)).toBe(true);
      });
    }
  });

  it('uses `City, PC` with a schema province code, or a bare city', () => {
    assertProduceCorrectValues(locationWithProvinceArb, ({ description }) => {
      const [, code] = description.split(', ');
      expect(provinceCodes).toContain(code);
    });
    assertProduceCorrectValues(locationCityOnlyArb, ({ description }) => expect(description).not.toContain(','));
    const forms = new Set(fc.sample(locationInputArb, { seed: 3, numRuns: 100 }).map((l) => l.description.includes(',')));
    expect(forms).toEqual(new Set([true, false]));
  });
});

describe('unusualLocationArb (issue 12: names with punctuation were once refused)', () => {
  it('draws places written with ! ( ) digits or letters beyond A-Z, and locationInputArb draws them too', () => {
    const unusual = /[^A-Za-z ,.']/;
    assertProduceCorrectValues(unusualLocationArb, ({ description }) => expect(description).toMatch(unusual));
    const drawn = new Set(fc.sample(unusualLocationArb, { seed: 1, numRuns: 100 }).map((l) => l.description));
    expect(drawn).toContain('Saint-Louis-du-Ha! Ha!, QC');
    expect(drawn).toContain('Fort McMurray (Wood Buffalo), AB');
    expect(drawn).toContain('K\u02BC\u00F3moks, BC');
    expect(fc.sample(locationInputArb, { seed: 2, numRuns: 200 }).some(({ description }) => unusual.test(description))).toBe(true);
  });
});

describe('locationsArb', () => {
  it('gives 1 to 3 distinct cities by default (the schema bounds)', () => {
    assertSameValuesGivenSameSeed(locationsArb());
    assertProduceCorrectValues(locationsArb(), (list) => {
      expect(list.length).toBeGreaterThanOrEqual(inputLimits.locationsMin);
      expect(list.length).toBeLessThanOrEqual(inputLimits.locationsMax);
      expect(new Set(list.map((l) => l.description.split(',')[0])).size).toBe(list.length);
    });
  });

  it('keeps a count above the maximum while it shrinks', () => {
    const over = inputLimits.locationsMax + 1;
    assertShrinksStayInvalid(locationsArb({ minLength: over, maxLength: over }), (list) => expect(list).toHaveLength(over));
  });
});
