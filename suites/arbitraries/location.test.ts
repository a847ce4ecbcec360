import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import {
  assertProduceCorrectValues,
  assertSameValuesGivenSameSeed,
  assertShrinksStayInvalid,
} from './arbitrary-assertions.test-support.js';
import {
  locationCityOnlyArb,
  locationsArb,
  locationWithProvinceArb,
  UNUSUAL_PLACES,
  unusualCityOnlyArb,
  unusualLocationArb,
  withNamesakes,
} from './location.js';
import { inputLimits, provinceCodes } from './schema-limits.js';

describe('location inputs', () => {
  it('give the same locations for the same seed', () => {
    assertSameValuesGivenSameSeed(locationWithProvinceArb);
    assertSameValuesGivenSameSeed(locationCityOnlyArb);
  });

  it('pass location-input.schema.json in both forms', () => {
    for (const arb of [locationWithProvinceArb, locationCityOnlyArb, unusualLocationArb, unusualCityOnlyArb]) {
      assertProduceCorrectValues(arb, (location) => {
        const result = validators.locationInput(location);
        expect(result.ok, JSON.stringify(result)).toBe(true);
      });
    }
  });

  it('use `City, PC` with a schema province code, or a bare city', () => {
    assertProduceCorrectValues(locationWithProvinceArb, ({ description }) => {
      const [, code] = description.split(', ');
      expect(provinceCodes).toContain(code);
    });
    assertProduceCorrectValues(locationCityOnlyArb, ({ description }) => expect(description).not.toContain(','));
  });

  it("give every job body the recommended form only: the bare city is the location rules' to send", () => {
    assertProduceCorrectValues(locationsArb(), (list) => {
      for (const { description } of list) expect(provinceCodes).toContain(description.split(', ')[1]);
    });
  });
});

describe('unusualLocationArb: official names a too-narrow pattern once refused, for the location rules only', () => {
  const unusual = /[^A-Za-z ,.]|^St\. John's/;

  it("draws official names written with ! ' digits hyphens or letters beyond A-Z, in both forms", () => {
    assertProduceCorrectValues(unusualLocationArb, ({ description }) => expect(description).toMatch(/[^A-Za-z ,]/));
    const drawn = new Set(fc.sample(unusualLocationArb, { seed: 1, numRuns: 200 }).map((l) => l.description));
    for (const place of [
      'Saint-Louis-du-Ha! Ha!, QC',
      "St. John's, NL",
      "L'\u00CEle-Perrot, QC",
      '100 Mile House, BC',
      'Grand Falls-Windsor, NL',
      'Trois-Rivi\u00E8res, QC',
    ]) {
      expect(drawn).toContain(place);
    }
    assertProduceCorrectValues(unusualCityOnlyArb, ({ description }) => expect(description).not.toContain(','));
  });

  it('UNUSUAL_PLACES holds every one of them, in both forms, and the names another province shares, each passing location-input.schema.json', () => {
    const drawn = new Set(fc.sample(unusualLocationArb, { seed: 4, numRuns: 500 }).map((l) => l.description));
    expect(new Set(UNUSUAL_PLACES.withProvince.map((l) => l.description))).toEqual(new Set([...drawn, 'Windsor, NS', 'Victoria, PE']));
    const cityOnly = new Set(fc.sample(unusualCityOnlyArb, { seed: 4, numRuns: 500 }).map((l) => l.description));
    expect(new Set(UNUSUAL_PLACES.cityOnly.map((l) => l.description))).toEqual(cityOnly);
    for (const location of [...UNUSUAL_PLACES.withProvince, ...UNUSUAL_PLACES.cityOnly])
      expect(validators.locationInput(location).ok, location.description).toBe(true);
  });

  it('withNamesakes puts the better-known place of the same name for each shared name, keeps the others, and is undefined without one', () => {
    const group = [{ description: 'Trois-Rivières, QC' }, { description: 'Windsor, NS' }];
    expect(withNamesakes(group)).toEqual([{ description: 'Trois-Rivières, QC' }, { description: 'Windsor, ON' }]);
    expect(withNamesakes([{ description: 'Victoria, PE' }])).toEqual([{ description: 'Victoria, BC' }]);
    expect(withNamesakes([{ description: 'Trois-Rivières, QC' }])).toBeUndefined();
  });

  it('never reaches a shared body: every job body draws everyday places, official and plainly spelled', () => {
    const everyday = fc
      .sample(locationsArb(), { seed: 2, numRuns: 500 })
      .flat()
      .map((l) => l.description);
    expect(everyday.filter((d) => unusual.test(d.replace('Montréal', 'Montreal')))).toEqual([]);
    // Unofficial or disputable names are drawn nowhere (spec 2.2 leaves the judgement of a valid place to the server).
    const all = [
      ...fc.sample(unusualLocationArb, { seed: 3, numRuns: 300 }),
      ...fc.sample(locationsArb(), { seed: 3, numRuns: 300 }).flat(),
    ].map((l) => l.description);
    expect(all.filter((d) => /\(|\u02BC/.test(d))).toEqual([]);
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
