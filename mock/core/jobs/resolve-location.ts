/**
 * @module Turns an input location description (`City` or `City, PC`, spec 2.2)
 * into a full Location. A description outside the mock's list is accepted
 * (spec 2.2: "a valid Canadian location is accepted even if it is not in the
 * service's location list") and given a stable id derived from its text.
 */
import type { Location } from '../../../schemas/index.js';
import { LOCATIONS } from './reference-data.js';
import { truncateCodePoints } from '../../../schemas/code-points.js';
import { BoundedMap } from '../../store/bounded-map.js';

const byFullName = new Map(LOCATIONS.map((l) => [l.name.normalize('NFC').toLowerCase(), l]));
const byCity = new Map<string, Location | null>();
for (const l of LOCATIONS) {
  const city = l.name.slice(0, l.name.lastIndexOf(',')).normalize('NFC').toLowerCase();
  // null marks a city name that two provinces share: `City` alone is then ambiguous.
  byCity.set(city, byCity.has(city) ? null : l);
}

/** Case, spacing and accents folded: `Montréal` and `montreal` meet. */
function foldKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .replace(/\s+/g, ' ')
    .toLowerCase();
}

const foldedFullName = new Map(LOCATIONS.map((l) => [foldKey(l.name), l]));
const foldedCity = new Map<string, Location | null>();
for (const l of LOCATIONS) {
  const city = foldKey(l.name.slice(0, l.name.lastIndexOf(',')));
  foldedCity.set(city, foldedCity.has(city) ? null : l);
}

/**
 * locations.description = canonical: a known place (matched without case or
 * accents) is described as the list's `City, PC`; any other as sent.
 */
export function canonicalLocation(description: string): Location {
  const key = foldKey(description);
  const known = foldedFullName.get(key) ?? foldedCity.get(key) ?? undefined;
  return resolveLocation(known ? known.name : description);
}

/** spec 8: a location description is at most 300 characters (code points, as the schemas count). */
const DESCRIPTION_MAX = 300;
/** How many resolved descriptions are kept (each at most 300 characters, spec 8). */
const RESOLVED_ENTRIES = 1024;
const suffixed = new BoundedMap<string, Location>(RESOLVED_ENTRIES);

/**
 * locations.description = country-suffix: the canonical location, its
 * description followed by `, Canada` (`Red Deer, AB, Canada`) when that still
 * fits in 300 characters. Frozen and shared per description, as resolveLocation's.
 */
export function countrySuffixedLocation(description: string): Location {
  const canonical = canonicalLocation(description);
  const text = `${canonical.description}, Canada`;
  if ([...text].length > DESCRIPTION_MAX) return canonical;
  return suffixed.memo(text, () => Object.freeze({ ...canonical, description: text }));
}

const COUNTRY_SUFFIX = /,\s*Canada\s*$/i;

/**
 * A stored description in its input form (`City` or `City, PC`): without the
 * `, Canada` that locations.description = country-suffix writes (the input
 * pattern refuses it, so a stored one always comes from that form).
 */
export function inputDescription(stored: string): string {
  return stored.replace(COUNTRY_SUFFIX, '');
}

/**
 * A request body with the mock's own written form read back: under
 * locations.description = country-suffix a sent `Red Deer, AB, Canada` is
 * `Red Deer, AB`, so a GET result posted back creates the same job (spec 4.2:
 * the request body is symmetrical with the GET result).
 */
export function withOwnLocationForm<B extends Record<string, unknown>>(body: B, form: string | undefined): B {
  if (form !== 'country-suffix' || !Array.isArray(body.locations)) return body;
  // Only an object has a description of its own: a string's, a number's or null's reads as undefined.
  const locations = body.locations.map((l: unknown) =>
    typeof (l as { description?: unknown } | null)?.description === 'string'
      ? { ...(l as object), description: inputDescription((l as { description: string }).description) }
      : l,
  );
  return { ...body, locations };
}

/** First id of locations outside the list; list ids stay below it. */
const AD_HOC_BASE = 100_000;

/** FNV-1a: the same description gets the same id across restarts. */
function adHocId(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return AD_HOC_BASE + (hash % (0x7fffffff - AD_HOC_BASE));
}

const resolved = new BoundedMap<string, Location>(RESOLVED_ENTRIES);

/**
 * The description is echoed as given; name and id come from the list when it
 * matches. The result is frozen and the same for the same description: jobs
 * name a handful of places, so stored jobs share these objects, and the
 * serializer writes each one's JSON once (serialize-job.ts).
 */
export function resolveLocation(description: string): Location {
  return resolved.memo(description, () => Object.freeze(resolveFresh(description)));
}

function resolveFresh(description: string): Location {
  // NFC: a city written with combining marks (e + U+0301) is the same place as its composed spelling.
  const key = description.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase();
  const known = byFullName.get(key) ?? byCity.get(key) ?? undefined;
  if (known) return { id: known.id, name: known.name, description, type: known.type };
  // location name is at most 256 characters, description 300 (spec 8)
  return { id: adHocId(key), name: truncateCodePoints(description, 256), description, type: 'city' };
}
