/**
 * @module Calendar-day and instant arithmetic for ISO 8601 dates and
 * date-times, in every form the schemas accept (schemas/iso-date.ts reads them:
 * minutes only, 1-9 fraction digits, any offset, basic format). The spec does
 * not show date precision, so a date may come back as `2026-03-01` or as a
 * date-time with any offset; two values are "the same day" when their written
 * dates or their UTC dates agree. The comparisons themselves are called
 * through judging/compare.ts.
 */
import { parseIsoDate } from '../schemas/iso-date.js';
import { DAY_MS } from '../schemas/time-units.js';

/** Day number of the date as written (before any time part); NaN when not an accepted ISO 8601 form. */
export function writtenDay(value: string): number {
  return parseIsoDate(value)?.writtenDay ?? Number.NaN;
}

/** The instant in ms (a date-only value is UTC midnight, a zone-less time is read as UTC); NaN when not ISO 8601. */
export function instantMs(value: string): number {
  return parseIsoDate(value)?.ms ?? Number.NaN;
}

/** Day number of the instant in UTC (a date-only value is UTC midnight). */
export function utcDay(value: string): number {
  return Math.floor(instantMs(value) / DAY_MS);
}

/** The day offsets from `a` to `b` under both readings. */
export function dayOffsets(a: string, b: string): number[] {
  return [writtenDay(b) - writtenDay(a), utcDay(b) - utcDay(a)].filter((n) => Number.isFinite(n));
}

/**
 * True when `b` is `days` calendar days after `a` (either reading).
 *
 * @example
 * isDaysAfter('2026-01-01T10:00:00Z', '2026-03-02', 60) // true
 */
export function isDaysAfter(a: string, b: string, days: number): boolean {
  return dayOffsets(a, b).includes(days);
}

export function sameDay(a: string, b: string): boolean {
  return isDaysAfter(a, b, 0);
}

/**
 * A returned value keeps the calendar date sent (`YYYY-MM-DD`): the same date,
 * or a date-time from the start of that day (in UTC, or in the value's own
 * zone when it lies east of UTC, as a server that stores local midnight writes
 * it) to its end in UTC. `2026-12-01T19:00-05:00` (midnight UTC written at
 * -05:00) keeps `2026-12-02`; `2026-12-02T19:00-05:00` is midnight UTC of the
 * 3rd, a day late, although its written date reads the 2nd. A sent date-time
 * falls back to sameDay.
 *
 * @example
 * keepsDate('2026-12-02', '2026-12-02T00:00:00+05:30') // true
 * keepsDate('2026-12-02', '2026-12-02T19:00:00-05:00') // false
 */
export function keepsDate(sent: string, got: string): boolean {
  const date = parseIsoDate(sent);
  const value = parseIsoDate(got);
  if (date === undefined || value === undefined) return false;
  if (date.hasTime) return sameDay(sent, got);
  if (!value.hasTime) return value.writtenDay === date.writtenDay;
  const start = date.writtenDay * DAY_MS;
  const from = Math.min(start, start - (value.offsetMinutes ?? 0) * 60_000);
  return value.ms >= from && value.ms < start + DAY_MS;
}

/** `YYYY-MM-DD` of a UTC day `offset` days from now. */
export function isoDayFromNow(offset: number, now: number = Date.now()): string {
  return new Date((Math.floor(now / DAY_MS) + offset) * DAY_MS).toISOString().slice(0, 10);
}

/** True when the value carries a time of day (a date-time, not a bare date). */
export function hasTime(value: string): boolean {
  return parseIsoDate(value)?.hasTime ?? false;
}

/**
 * The order of two dates as instants, to the nanosecond (negative when `a` is
 * earlier); a bare date is its midnight UTC; NaN when either is not ISO 8601.
 *
 * @example
 * compareDates('2026-01-01T08:00Z', '2026-01-01T03:00:00.000000001-05:00') < 0 // true
 */
export function compareDates(a: string, b: string): number {
  const x = parseIsoDate(a);
  const y = parseIsoDate(b);
  if (x === undefined || y === undefined) return Number.NaN;
  return Math.sign(x.ms - y.ms || x.subMs - y.subMs);
}

/**
 * Two ISO 8601 values name the same date: the same instant when both carry a
 * time (`…T08:00:00Z` = `…T03:00-05:00`, whatever the spelling), else
 * the same calendar day (a bare date carries no instant to compare).
 *
 * @example
 * sameDate('2026-01-01T08:00:00Z', '2026-01-01T08:00:00.000+00:00') // true
 * sameDate('2026-01-01T08:00:00Z', '2026-01-01T08:00:01Z') // false
 */
export function sameDate(a: string, b: string): boolean {
  if (hasTime(a) && hasTime(b)) return compareDates(a, b) === 0;
  return sameDay(a, b);
}
