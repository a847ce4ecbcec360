/**
 * @module Calendar-day arithmetic for ISO 8601 dates and date-times. The spec
 * does not show date precision, so a date may come back as `2026-03-01` or
 * as a date-time with any offset; two values are "the same day" when their
 * written dates or their UTC dates agree.
 */
import { DAY_MS } from '../../schemas/time-units.js';

const WRITTEN = /^(\d{4})-(\d{2})-(\d{2})/;

/** Day number of the date as written (before any time part); NaN when not ISO. */
export function writtenDay(value: string): number {
  const m = WRITTEN.exec(value);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS : Number.NaN;
}

/** Day number of the instant in UTC (a date-only value is UTC midnight). */
export function utcDay(value: string): number {
  return Math.floor(Date.parse(value) / DAY_MS);
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

/** `YYYY-MM-DD` of a UTC day `offset` days from now. */
export function isoDayFromNow(offset: number, now: number = Date.now()): string {
  return new Date((Math.floor(now / DAY_MS) + offset) * DAY_MS).toISOString().slice(0, 10);
}

/** True when the value carries a time of day (a date-time, not a bare date). */
export function hasTime(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}[T ]\d/i.test(value);
}

/**
 * Two ISO 8601 values name the same date: the same instant when both carry a
 * time (`…T08:00:00Z` = `…T08:00:00.000+00:00`, whatever the spelling), else
 * the same calendar day (a bare date carries no instant to compare).
 *
 * @example
 * sameDate('2026-01-01T08:00:00Z', '2026-01-01T08:00:00.000+00:00') // true
 * sameDate('2026-01-01T08:00:00Z', '2026-01-01T08:00:01Z') // false
 */
export function sameDate(a: string, b: string): boolean {
  if (hasTime(a) && hasTime(b)) return Date.parse(a) === Date.parse(b) && !Number.isNaN(Date.parse(a));
  return sameDay(a, b);
}
