/**
 * @module Location inputs (spec 2.2): `{description}` as `City, PC` (the
 * recommended form) or `City`. Every job body names well-known municipalities
 * in their official spelling, in the recommended form only: spec 2.2 lets the
 * server judge what a valid Canadian place is, and a server that reads a bare
 * city from its own list alone (servers written from the spec alone did) then
 * fails the one rule that sends the bare form, not every rule with a body.
 * The location rules alone send the bare `City` form (names no other Canadian
 * municipality of note shares), official names written with punctuation,
 * digits or marks (`St. John's`, `L'Île-Perrot`, `Saint-Louis-du-Ha! Ha!`),
 * and names another province's better-known place shares (`Windsor, NS`).
 */
import * as fc from 'fast-check';
import { inputLimits, provinceCodes, SchemaLimitError } from './schema-limits.js';

interface CanadianCity {
  city: string;
  province: string;
  /** Safe in the bare `City` form: one well-known Canadian place of that name. */
  unambiguous: boolean;
  /** An official name written with punctuation, digits or letters beyond A-Z: for the location rules, not every body. */
  unusual?: true;
  /** A name a better-known place of another province shares: for the location rules, not every body. */
  sharedName?: true;
  /** The province of that better-known place of the same name. */
  namesakeIn?: string;
}

const CITIES: readonly CanadianCity[] = [
  { city: 'Calgary', province: 'AB', unambiguous: true },
  { city: 'Edmonton', province: 'AB', unambiguous: true },
  { city: 'Vancouver', province: 'BC', unambiguous: false }, // also Vancouver, WA; keep the PC
  { city: 'Burnaby', province: 'BC', unambiguous: true },
  { city: 'Surrey', province: 'BC', unambiguous: false }, // also Surrey, England
  { city: 'Kelowna', province: 'BC', unambiguous: true },
  { city: 'Winnipeg', province: 'MB', unambiguous: true },
  { city: 'Moncton', province: 'NB', unambiguous: true },
  { city: 'Fredericton', province: 'NB', unambiguous: true },
  { city: 'Halifax', province: 'NS', unambiguous: false },
  { city: 'Yellowknife', province: 'NT', unambiguous: true },
  { city: 'Iqaluit', province: 'NU', unambiguous: true },
  { city: 'Toronto', province: 'ON', unambiguous: true },
  { city: 'Ottawa', province: 'ON', unambiguous: false }, // Ottawa, IL and Ottawa, KS
  { city: 'Mississauga', province: 'ON', unambiguous: true },
  { city: 'Brampton', province: 'ON', unambiguous: true },
  { city: 'Markham', province: 'ON', unambiguous: true },
  { city: 'Kitchener', province: 'ON', unambiguous: true },
  { city: 'Guelph', province: 'ON', unambiguous: true },
  { city: 'Charlottetown', province: 'PE', unambiguous: true },
  { city: 'Montréal', province: 'QC', unambiguous: true },
  { city: 'Gatineau', province: 'QC', unambiguous: true },
  { city: 'Laval', province: 'QC', unambiguous: false }, // also Laval, France
  { city: 'Longueuil', province: 'QC', unambiguous: true },
  { city: 'Regina', province: 'SK', unambiguous: false },
  { city: 'Saskatoon', province: 'SK', unambiguous: true },
  { city: 'Whitehorse', province: 'YT', unambiguous: true },
  // Official municipal names whose spelling holds what a too-narrow pattern refuses: . ' ! digits, hyphens, letters beyond A-Z.
  { city: "St. John's", province: 'NL', unambiguous: false, unusual: true }, // Saint John, NB is easy to confuse
  { city: 'Saint-Louis-du-Ha! Ha!', province: 'QC', unambiguous: true, unusual: true },
  { city: '100 Mile House', province: 'BC', unambiguous: true, unusual: true },
  { city: "L'\u00CEle-Perrot", province: 'QC', unambiguous: true, unusual: true },
  { city: 'Les \u00CEles-de-la-Madeleine', province: 'QC', unambiguous: true, unusual: true },
  { city: 'Saint-Jean-sur-Richelieu', province: 'QC', unambiguous: true, unusual: true },
  { city: 'Grand Falls-Windsor', province: 'NL', unambiguous: true, unusual: true },
  { city: 'Trois-Rivi\u00E8res', province: 'QC', unambiguous: true, unusual: true },
  // Names a better-known place of another province shares (Windsor, ON; Victoria, BC): a gazetteer keyed by the city
  // alone resolves them to that one.
  { city: 'Windsor', province: 'NS', unambiguous: false, sharedName: true, namesakeIn: 'ON' },
  { city: 'Victoria', province: 'PE', unambiguous: false, sharedName: true, namesakeIn: 'BC' },
];

/** The places every job body may name: the everyday ones. */
const EVERYDAY = CITIES.filter((c) => !c.unusual && !c.sharedName);

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
 * `City, PC` (spec 2.2 form 2), an everyday place.
 *
 * @example
 * fc.sample(locationWithProvinceArb, 1); // [{ description: 'Moncton, NB' }]
 */
export const locationWithProvinceArb: fc.Arbitrary<LocationInput> = fc.constantFrom(...EVERYDAY).map(withProvince);

/**
 * `City, PC`, an official name of punctuation, digits or letters beyond A-Z
 * (`Saint-Louis-du-Ha! Ha!, QC`, `St. John's, NL`): for the location rules
 * (jobs.limits.location-forms draws them half the time), never a shared body.
 *
 * @example
 * fc.sample(unusualLocationArb, 1); // [{ description: 'Grand Falls-Windsor, NL' }]
 */
export const unusualLocationArb: fc.Arbitrary<LocationInput> = fc.constantFrom(...CITIES.filter((c) => c.unusual)).map(withProvince);

/**
 * Every official name of punctuation, digits or letters beyond A-Z, in both
 * forms (`City` for the unambiguous ones), and each name another province's
 * place shares, with its code: the location rules send each once per run, so
 * a server refusing one of them, or taking it for the other place, is found
 * on every seed.
 *
 * @example
 * UNUSUAL_PLACES.withProvince[0]; // { description: "St. John's, NL" }
 */
export const UNUSUAL_PLACES: { readonly withProvince: readonly LocationInput[]; readonly cityOnly: readonly LocationInput[] } = {
  withProvince: CITIES.filter((c) => c.unusual || c.sharedName).map(withProvince),
  cityOnly: CITIES.filter((c) => c.unusual && c.unambiguous).map(cityOnly),
};

/**
 * `places` with each name another province's better-known place shares replaced by that place (`Windsor, NS` by
 * `Windsor, ON`), the others as they are; undefined when none is such a name, or when it would name a place twice. A job that holds them, updated to
 * `places`, changes the province of those alone.
 *
 * @example
 * withNamesakes([{ description: 'Victoria, PE' }]); // [{ description: 'Victoria, BC' }]
 */
export function withNamesakes(places: readonly LocationInput[]): LocationInput[] | undefined {
  if (!places.some((place) => NAMESAKES.has(place.description))) return undefined;
  const swapped = places.map((place) => NAMESAKES.get(place.description) ?? place);
  // A job that holds a namesake pair already would name one place twice: none such.
  return new Set(swapped.map((place) => place.description)).size === swapped.length ? swapped : undefined;
}

/**
 * Each shared name beside its better-known namesake, one job's places (`Windsor, ON` and `Windsor, NS`): two places
 * of one name, which a server that reads places by their cities takes for one.
 *
 * @example
 * NAMESAKE_PAIRS[0]; // [{ description: 'Windsor, ON' }, { description: 'Windsor, NS' }]
 */
export const NAMESAKE_PAIRS: ReadonlyArray<readonly LocationInput[]> = CITIES.flatMap((c) =>
  c.namesakeIn === undefined ? [] : [[withProvince({ ...c, province: c.namesakeIn }), withProvince(c)]],
);

/** Each shared name's description (`Windsor, NS`), to the better-known place of that name (`Windsor, ON`). */
const NAMESAKES: ReadonlyMap<string, LocationInput> = new Map(
  CITIES.flatMap((c) =>
    c.namesakeIn === undefined ? [] : [[withProvince(c).description, withProvince({ ...c, province: c.namesakeIn })]],
  ),
);

/**
 * `City` (spec 2.2 form 1), unambiguous everyday names only.
 *
 * @example
 * fc.sample(locationCityOnlyArb, 1); // [{ description: 'Saskatoon' }]
 */
export const locationCityOnlyArb: fc.Arbitrary<LocationInput> = fc.constantFrom(...EVERYDAY.filter((c) => c.unambiguous)).map(cityOnly);

/**
 * `City` (spec 2.2 form 1), an unambiguous official name of punctuation,
 * digits or letters beyond A-Z: for the location rules.
 *
 * @example
 * fc.sample(unusualCityOnlyArb, 1); // [{ description: 'Saint-Jean-sur-Richelieu' }]
 */
export const unusualCityOnlyArb: fc.Arbitrary<LocationInput> = fc
  .constantFrom(...CITIES.filter((c) => c.unusual && c.unambiguous))
  .map(cityOnly);

function cityOf(location: LocationInput): string {
  return location.description.split(',')[0] ?? location.description;
}

/**
 * Distinct cities (no server can call the list a duplicate), in the form
 * `City, PC`, between `minLength` and `maxLength` entries; by default the
 * schema's bounds (§8: locations per job 1 to 3). Shrinking keeps the count at
 * least minLength.
 *
 * @example
 * fc.sample(locationsArb({ minLength: 4, maxLength: 4 }), 1); // four distinct cities: one too many
 */
export function locationsArb(options: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<LocationInput[]> {
  const minLength = options.minLength ?? inputLimits.locationsMin;
  const maxLength = options.maxLength ?? inputLimits.locationsMax;
  return fc.uniqueArray(locationWithProvinceArb, { minLength, maxLength, selector: cityOf });
}

/**
 * The number of distinct cities available, the ceiling of locationsArb's count.
 *
 * @example
 * distinctCityCount >= inputLimits.locationsMax + 1; // true: 0 to 4 locations can be built
 */
export const distinctCityCount = EVERYDAY.length;
