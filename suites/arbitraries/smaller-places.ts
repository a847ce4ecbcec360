/**
 * @module Smaller Canadian places (spec 2.2: "a valid Canadian location is
 * accepted even if it is not in the service's location list"). Real
 * municipalities, in the recommended `City, PC` form, that a service's list
 * of major cities is unlikely to hold; the rule still leaves out any that the
 * target's own list names.
 */
import * as fc from 'fast-check';
import { placeKey } from '../../judging/compare.js';
import type { LocationInput } from './location.js';

/** [city, province or territory code]: one or more per province and territory. */
const PLACES: ReadonlyArray<readonly [string, string]> = [
  ['Red Deer', 'AB'],
  ['Lethbridge', 'AB'],
  ['Medicine Hat', 'AB'],
  ['Kamloops', 'BC'],
  ['Nanaimo', 'BC'],
  ['Prince George', 'BC'],
  ['Brandon', 'MB'],
  ['Thompson', 'MB'],
  ['Bathurst', 'NB'],
  ['Edmundston', 'NB'],
  ['Corner Brook', 'NL'],
  ['Gander', 'NL'],
  ['Truro', 'NS'],
  ['Antigonish', 'NS'],
  ['Inuvik', 'NT'],
  ['Hay River', 'NT'],
  ['Rankin Inlet', 'NU'],
  ['Cambridge Bay', 'NU'],
  ['Thunder Bay', 'ON'],
  ['Kingston', 'ON'],
  ['Peterborough', 'ON'],
  ['Summerside', 'PE'],
  ['Rimouski', 'QC'],
  ['Sherbrooke', 'QC'],
  ['Moose Jaw', 'SK'],
  ['Prince Albert', 'SK'],
  ['Dawson City', 'YT'],
  ['Watson Lake', 'YT'],
  // Official names with hyphens, digits, an apostrophe or letters beyond A-Z are jobs.limits.location-forms' alone (canonical setup).
];

/**
 * `City, PC` places whose city is not among `excludedCities` (cityOf keys).
 * Undefined when fewer than `atLeast` places are left: a draw of that many
 * distinct ones would never end (a target whose list holds most of them).
 *
 * @example
 * fc.sample(smallerPlaceArb(new Set(['kamloops'])), 1); // [{ description: 'Gander, NL' }]
 */
export function smallerPlaceArb(excludedCities: ReadonlySet<string>, atLeast = 1): fc.Arbitrary<LocationInput> | undefined {
  const left = PLACES.filter(([city]) => !excludedCities.has(placeKey(city)));
  return left.length < Math.max(atLeast, 1) ? undefined : fc.constantFrom(...left).map(([city, pc]) => ({ description: `${city}, ${pc}` }));
}
