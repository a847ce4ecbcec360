/**
 * @module Calendar-day and instant arithmetic for ISO 8601 dates and
 * date-times, in every form the schemas accept (schemas/iso-date.ts reads them:
 * minutes only, 1-9 fraction digits, any offset, basic format). The spec does
 * not show date precision, so a date may come back as `2026-03-01` or as a
 * date-time with any offset; two values are "the same day" when their written
 * dates or their UTC dates agree. The comparisons themselves are called
 * through judging/compare.ts.
 */
import { ISO_DATE_PATTERN, parseIsoDate } from '../schemas/iso-date.js';
import { DAY_MS, HOUR_MS, MINUTE_MS, SECOND_MS } from '../schemas/time-units.js';

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

const QUARTER_HOUR_MS = 15 * 60_000;

/** True when the instant starts or ends a day in some zone: on a quarter hour (every offset is one), or up to a second before one. */
function isDayBoundaryInSomeZone(ms: number): boolean {
  const intoQuarter = ((ms % QUARTER_HOUR_MS) + QUARTER_HOUR_MS) % QUARTER_HOUR_MS;
  return intoQuarter === 0 || intoQuarter >= QUARTER_HOUR_MS - 1000;
}

/**
 * True when `b`, which a service set `days` days after `a`, names that day (isDaysAfter) and, where it carries a time,
 * an instant a server writes for it: `a` plus the days, to the second (to the minute where either is written in
 * minutes), or an hour on either side (a local zone's clock change moves it by one), or the start or end of a day in
 * some zone (a date kept at day precision, written as a date-time). The precision is open (2.1: "Date, ISO 8601");
 * another time of that day is no reading of "`days` days after", nor is a default taken from a clock read once and
 * kept (it drifts from each publishDate by the seconds since).
 *
 * @example
 * closesDaysAfter('2026-01-01T10:33:32.736Z', '2026-03-02T10:33:32.736Z', 60) // true
 * closesDaysAfter('2026-01-01T10:33:32.736Z', '2026-03-02T04:59:59.999Z', 60) // true (the end of the day at -05:00)
 * closesDaysAfter('2026-01-01T10:33:32.736Z', '2026-03-02T05:33:32.736Z', 60) // false (five hours short)
 * closesDaysAfter('2026-01-01T10:33:32.736Z', '2026-03-02T10:33:29.736Z', 60) // false (three seconds short)
 */
export function closesDaysAfter(a: string, b: string, days: number): boolean {
  if (!isDaysAfter(a, b, days)) return false;
  const closing = parseIsoDate(b);
  if (closing === undefined || !closing.hasTime) return true;
  const off = closing.ms - (instantMs(a) + days * DAY_MS);
  const slack = Math.max(writtenUnitMs(a), writtenUnitMs(b));
  return [0, HOUR_MS, -HOUR_MS].some((shift) => Math.abs(off - shift) < slack) || isDayBoundaryInSomeZone(closing.ms);
}

/**
 * The unit a written time is exact to, for comparing two instants a service derived one from the other: a minute where
 * it writes no seconds, else a second (its fraction, and two reads of a clock a few milliseconds apart, fall within it).
 */
function writtenUnitMs(value: string): number {
  return /[Tt ]\d\d:?\d\d(?::?\d\d)/.test(value) ? SECOND_MS : MINUTE_MS;
}

export function sameDay(a: string, b: string): boolean {
  return isDaysAfter(a, b, 0);
}

/**
 * A returned value keeps the closeDate sent, in whatever ISO 8601 form the server writes it back:
 * - a date sent (`YYYY-MM-DD`) has no zone, so either reading of the answer's day keeps it (sameDay): its
 *   written date in its own offset (`2026-12-09T23:59:59-05:00`, the end of the local day) or its UTC date
 *   (`2026-12-08T19:00:00-05:00`, midnight UTC written at -05:00);
 * - a date-time sent with a zone is an instant: the answer names the same instant to the precision it writes
 *   (keepsInstant), or, written as a bare date, the same day;
 * - a date-time sent without a zone is a wall time of a zone it does not state: the answer names that wall time
 *   in some zone (a whole quarter hour within 14 hours of UTC).
 *
 * @example
 * keepsDate('2026-12-09', '2026-12-09T23:59:59-05:00') // true
 * keepsDate('2026-12-02', '2026-12-03T00:00:00-05:00') // false
 * keepsDate('2026-12-02T08:00:00+05:30', '2026-12-02T02:30:00.000Z') // true
 */
export function keepsDate(sent: string, got: string): boolean {
  const date = parseIsoDate(sent);
  const value = parseIsoDate(got);
  if (date === undefined || value === undefined) return false;
  if (!date.hasTime || !value.hasTime) return sameDay(sent, got);
  return keepsInstant(sent, got);
}

/** The widest UTC offsets in use (+14:00 Kiribati, -12:00), in quarter hours. */
const MAX_OFFSET_QUARTERS = 14 * 4;

const ISO_DATE = new RegExp(ISO_DATE_PATTERN, 'u');
/** Groups of ISO_DATE_PATTERN: 1-8 the extended form, 9-16 the basic one; seconds and fraction are the 6th and 7th of each. */
const FORM_GROUPS = 8;

/**
 * The step of the time a date-time writes, in ms: a minute when it writes no seconds, a second when it
 * writes no fraction (or only zeros: a server that stores whole seconds may still write `.000`), else a
 * millisecond (the precision a server keeps below it is its own choice: 2.1 shows none). NaN when not ISO 8601.
 *
 * @example
 * writtenStepMs('2026-12-02T08:00Z') // 60000
 * writtenStepMs('2026-12-02T08:00:00.000Z') // 1000
 */
export function writtenStepMs(value: string): number {
  const m = ISO_DATE.exec(value);
  if (!m) return Number.NaN;
  const at = m[1] !== undefined ? 1 : 1 + FORM_GROUPS;
  const seconds = m[at + 5];
  const fraction = m[at + 6];
  if (seconds === undefined) return 60_000;
  return fraction === undefined || /^0+$/.test(fraction) ? 1000 : 1;
}

/** got - sent in ms, sub-millisecond digits included. */
function differenceMs(sent: string, got: string): number {
  const a = parseIsoDate(sent);
  const b = parseIsoDate(got);
  if (a === undefined || b === undefined) return Number.NaN;
  return b.ms - a.ms + (b.subMs - a.subMs) / 1e6;
}

/**
 * Two date-times name the same instant to the precision the answer writes (writtenStepMs): a server that
 * keeps whole seconds may answer `…T08:00:00Z` for `…T08:00:00.250Z`, rounded or cut. A sent time without a
 * zone (or an answer without one: the wall time of the server's zone) may be read in any zone, so the two may
 * lie any whole quarter hour apart, up to 14 hours.
 *
 * @example
 * keepsInstant('2026-12-02T08:00:00.250Z', '2026-12-02T08:00:00Z') // true
 * keepsInstant('2026-12-02T08:00:00+05:30', '2026-12-02T08:00:00Z') // false
 * keepsInstant('2026-12-02T08:00:00', '2026-12-02T08:00:00-05:00') // true
 */
export function keepsInstant(sent: string, got: string): boolean {
  const step = writtenStepMs(got);
  const difference = differenceMs(sent, got);
  if (!Number.isFinite(difference) || !Number.isFinite(step)) return false;
  const zoned = parseIsoDate(sent)?.offsetMinutes !== undefined && parseIsoDate(got)?.offsetMinutes !== undefined;
  if (zoned) return Math.abs(difference) < step;
  const quarters = Math.round(difference / QUARTER_HOUR_MS);
  return Math.abs(quarters) <= MAX_OFFSET_QUARTERS && Math.abs(difference - quarters * QUARTER_HOUR_MS) < step;
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

/**
 * The index of the first item whose publishDate is newer than the one before it: where a list stops being sorted
 * newest first (ties in any order). -1 when it is sorted, and when date-times and bare dates are mixed (their
 * order within a day is not known).
 *
 * @example
 * firstOutOfOrder([{ publishDate: '2026-01-02T00:00:00Z' }, { publishDate: '2026-01-03T00:00:00Z' }]) // 1
 */
export function firstOutOfOrder(items: ReadonlyArray<{ publishDate: string }>): number {
  const comparable = items.every((item) => hasTime(item.publishDate)) || items.every((item) => !hasTime(item.publishDate));
  if (!comparable) return -1;
  return items.findIndex((item, i) => i > 0 && compareDates(item.publishDate, items[i - 1]!.publishDate) > 0);
}
