import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { assertProduceCorrectValues, assertSameValuesGivenSameSeed, assertShrinksStayInvalid } from '../../test/suite-gen/arbitrary-assertions.js';
import { locationCityOnlyArb, locationInputArb, locationsArb, locationWithProvinceArb } from './location.js';
import { inputLimits, provinceCodes } from './schema-limits.js';

describe('locationInputArb', () => {
  it('gives the same locations for the same seed', () => {
    assertSameValuesGivenSameSeed(locationInputArb);
  });

  it('passes location-input.schema.json in both forms', () => {
    for (const arb of [locationInputArb, locationWithProvinceArb, locationCityOnlyArb]) {
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
