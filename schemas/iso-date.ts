/**
 * @module The ISO 8601 forms a date field may take (spec 2.1 "Date, ISO 8601";
 * the reading notes: a date or a date-time in any ISO 8601 form), read one way
 * by the schemas (the ajv format `iso-8601`), the suite's comparisons and the
 * mock. The grammar is data: `x-pattern` of common.schema.json `isoDate`, one
 * regex with a group per part of the extended and of the basic form. ajv-formats
 * has no format for this: its `iso-date-time` requires seconds, and Date.parse
 * reads neither `+05`, basic forms nor more than 3 fraction digits the same way.
 * A date-time without a zone is local time of a zone it does not state: it is
 * read as UTC, so two values of one server compare (a server writes one zone).
 */
import { DAY_MS } from './time-units.js';
import { loadSchema } from './load.js';

interface CommonSchema {
  $defs: { isoDate: { 'x-pattern': string } };
}

/** The grammar, from the schema file: groups 1-8 are the extended form, 9-16 the basic one. */
export const ISO_DATE_PATTERN: string = (loadSchema('common.schema.json') as unknown as CommonSchema).$defs.isoDate['x-pattern'];
const ISO_DATE = new RegExp(ISO_DATE_PATTERN, 'u');
const PARTS = 8;

/** A date or date-time as read. */
export interface IsoDate {
  /** The calendar day as written (before any time part), in days since 1970-01-01. */
  readonly writtenDay: number;
  /** The instant in ms since the epoch (whole ms); a bare date is its midnight UTC, a date-time without a zone is read as UTC. */
  readonly ms: number;
  /** Nanoseconds beyond `ms` (0 to 999,999): 9 fraction digits are kept whole. */
  readonly subMs: number;
  /** True when a time of day is written. */
  readonly hasTime: boolean;
  /** The written offset in minutes east of UTC (0 for Z); undefined for a bare date or no zone. */
  readonly offsetMinutes: number | undefined;
}

/** ms of a UTC calendar date and time; NaN when the day does not exist (2026-02-30). Years 0-99 are not shifted to 19xx. */
function utcMs(year: number, month: number, day: number, hours = 0, minutes = 0, seconds = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hours, minutes, seconds, ms);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date.getTime() : Number.NaN;
}

/** `Z`, `+05:30`, `+0530` or `+05` in minutes east of UTC. */
function offsetOf(zone: string | undefined): number | undefined {
  if (zone === undefined) return undefined;
  if (zone === 'Z' || zone === 'z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  return zone.startsWith('-') ? -minutes : minutes;
}

/**
 * Reads an ISO 8601 date or date-time of the accepted forms; undefined for any other text.
 *
 * @example
 * parseIsoDate('2026-12-01T19:00-05:00')?.ms === Date.UTC(2026, 11, 2); // true
 * parseIsoDate('20261202T000000.123456789Z')?.subMs; // 456789
 */
export function parseIsoDate(text: unknown): IsoDate | undefined {
  if (typeof text !== 'string') return undefined;
  const m = ISO_DATE.exec(text);
  if (!m) return undefined;
  const at = m[1] !== undefined ? 1 : 1 + PARTS;
  const [year, month, day, hours, minutes, seconds, fraction, zone] = m.slice(at, at + PARTS);
  const nanos = fraction === undefined ? 0 : Number(fraction.padEnd(9, '0'));
  const dayMs = utcMs(Number(year), Number(month), Number(day));
  if (Number.isNaN(dayMs)) return undefined;
  const hasTime = hours !== undefined;
  const offsetMinutes = hasTime ? offsetOf(zone) : undefined;
  const local = hasTime ? dayMs + ((Number(hours) * 60 + Number(minutes)) * 60 + Number(seconds ?? '0')) * 1000 : dayMs;
  const ms = local + Math.floor(nanos / 1e6) - (offsetMinutes ?? 0) * 60_000;
  return { writtenDay: dayMs / DAY_MS, ms, subMs: nanos % 1e6, hasTime, offsetMinutes };
}

/** The ajv format `iso-8601`: true for every form parseIsoDate reads. */
export function isIsoDate(text: string): boolean {
  return parseIsoDate(text) !== undefined;
}
