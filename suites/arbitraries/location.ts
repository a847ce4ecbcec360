/**
 * @module Location inputs (spec 2.2): `{description}` as `City, PC` (the
 * recommended form) or `City`. Only real Canadian cities from a small fixed
 * list, so any server that knows Canadian places accepts them; the `City`
 * form only with names that no other Canadian municipality of note shares.
 */
import * as fc from 'fast-check';
import { inputLimits, provinceCodes, SchemaLimitError } from './schema-limits.js';

interface CanadianCity {
  city: string;
  province: string;
  /** Safe in the bare `City` form: one well-known Canadian place of that name. */
  unambiguous: boolean;
  /** Written with punctuation, digits or letters beyond A-Z (issue 12: such names were once refused). */
  unusual?: true;
}

const CITIES: readonly CanadianCity[] = [
  { city: 'Calgary', province: 'AB', unambiguous: true },
  { city: 'Edmonton', province: 'AB', unambiguous: true },
  { city: 'Vancouver', province: 'BC', unambiguous: false }, // also Vancouver, WA; keep the PC
  { city: 'Kelowna', province: 'BC', unambiguous: true },
  { city: 'Winnipeg', province: 'MB', unambiguous: true },
  { city: 'Moncton', province: 'NB', unambiguous: true },
  { city: 'Fredericton', province: 'NB', unambiguous: true },
  { city: "St. John's", province: 'NL', unambiguous: false }, // Saint John, NB is easy to confuse
  { city: 'Halifax', province: 'NS', unambiguous: false },
  { city: 'Yellowknife', province: 'NT', unambiguous: true },
  { city: 'Iqaluit', province: 'NU', unambiguous: true },
  { city: 'Toronto', province: 'ON', unambiguous: true },
  { city: 'Ottawa', province: 'ON', unambiguous: false }, // Ottawa, IL and Ottawa, KS
  { city: 'Charlottetown', province: 'PE', unambiguous: true },
  { city: 'Montréal', province: 'QC', unambiguous: true },
  { city: 'Gatineau', province: 'QC', unambiguous: true },
  { city: 'Regina', province: 'SK', unambiguous: false },
  { city: 'Saskatoon', province: 'SK', unambiguous: true },
  { city: 'Whitehorse', province: 'YT', unambiguous: true },
  // Real places whose names hold what a too-narrow pattern refuses: ! ( ) digits, the modifier apostrophe U+02BC.
  { city: 'Saint-Louis-du-Ha! Ha!', province: 'QC', unambiguous: true, unusual: true },
  { city: 'K\u02BC\u00F3moks', province: 'BC', unambiguous: false, unusual: true }, // a First Nation's name: keep the PC
  { city: 'Fort McMurray (Wood Buffalo)', province: 'AB', unambiguous: false, unusual: true },
  { city: '100 Mile House', province: 'BC', unambiguous: true, unusual: true },
  { city: '\u00CEles-de-la-Madeleine', province: 'QC', unambiguous: true, unusual: true },
];

// The list must agree with the schema's codes: a code the schema does not know is a bug here.
for (const { province } of CITIES) {
  if (!provinceCodes.includes(province)) {
    throw new SchemaLimitError('location-input.schema.json', `/x-province-codes (no ${province})`);
  }
}

export interface LocationInput {
  description: string;
}

function withProvince(c: CanadianCity): LocationInput {
  return { description: `${c.city}, ${c.province}` };
}

function cityOnly(c: CanadianCity): LocationInput {
  return { description: c.city };
}

/**
 * `City, PC` (spec 2.2 form 2).
 *
 * @example
 * fc.sample(locationWithProvinceArb, 1); // [{ description: 'Moncton, NB' }]
 */
export const locationWithProvinceArb: fc.Arbitrary<LocationInput> = fc.constantFrom(...CITIES).map(withProvince);

/**
 * `City, PC` with a name of punctuation, digits or letters beyond A-Z
 * (`Saint-Louis-du-Ha! Ha!, QC`, `Fort McMurray (Wood Buffalo), AB`): drawn
 * by jobs.limits.location-forms half the time, so every run probes them.
 *
 * @example
 * fc.sample(unusualLocationArb, 1); // [{ description: 'K\u02BC\u00F3moks, BC' }]
 */
export const unusualLocationArb: fc.Arbitrary<LocationInput> = fc.constantFrom(...CITIES.filter((c) => c.unusual)).map(withProvince);

/**
 * `City` (spec 2.2 form 1), unambiguous names only.
 *
 * @example
 * fc.sample(locationCityOnlyArb, 1); // [{ description: 'Saskatoon' }]
 */
export const locationCityOnlyArb: fc.Arbitrary<LocationInput> = fc
  .constantFrom(...CITIES.filter((c) => c.unambiguous))
  .map(cityOnly);

/**
 * Either form; mostly the recommended `City, PC`.
 *
 * @example
 * fc.sample(locationInputArb, 2); // [{ description: 'Toronto' }, { description: 'Halifax, NS' }]
 */
export const locationInputArb: fc.Arbitrary<LocationInput> = fc.oneof(
  { weight: 3, arbitrary: locationWithProvinceArb },
  { weight: 1, arbitrary: locationCityOnlyArb },
);

function cityOf(location: LocationInput): string {
  return location.description.split(',')[0] ?? location.description;
}

/**
 * Distinct cities (no server can call the list a duplicate), between
 * `minLength` and `maxLength` entries; by default the schema's bounds
 * (§8: locations per job 1 to 3). Shrinking keeps the count at least minLength.
 *
 * @example
 * fc.sample(locationsArb({ minLength: 4, maxLength: 4 }), 1); // four distinct cities: one too many
 */
export function locationsArb(
  options: { minLength?: number; maxLength?: number } = {},
): fc.Arbitrary<LocationInput[]> {
  const minLength = options.minLength ?? inputLimits.locationsMin;
  const maxLength = options.maxLength ?? inputLimits.locationsMax;
  return fc.uniqueArray(locationInputArb, { minLength, maxLength, selector: cityOf });
}

/**
 * The number of distinct cities available, the ceiling of locationsArb's count.
 *
 * @example
 * distinctCityCount >= inputLimits.locationsMax + 1; // true: 0 to 4 locations can be built
 */
export const distinctCityCount = CITIES.length;
