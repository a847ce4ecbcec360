/**
 * @module closeDate in every form the schemas accept (spec 2.1 "Date, ISO 8601"; the reading notes: a date or a
 * date-time in any ISO 8601 form; the grammar is common.schema.json `isoDate`), one instant written in each. The
 * forms every mainstream date parser reads (CLOSE_DATE_FORMS): a date, a date-time in seconds and 1 to 9 fraction
 * digits, in UTC (`Z`, `+00:00`) and at offsets east and west of it (`+05:30`, `-03:30`, `-05:00`, `+14:00`,
 * `-12:00`). The forms parsers disagree on (UNCOMMON_FORMS), which a server may refuse as its parser does: the basic
 * format, a comma fraction, a time without seconds, an offset in hours only or without its colon, a lower-case `t`
 * and `z`, a space for `T`, and no zone. Each form is data; writeCloseDate spells an instant in it.
 */
import * as fc from 'fast-check';
import { parseIsoDate } from '../../schemas/iso-date.js';
import { DAY_MS } from '../../schemas/time-units.js';

/** How one form writes an instant. */
export interface CloseDateForm {
  readonly name: string;
  /** A bare date (the day of the instant in UTC): no time, no zone. */
  readonly dateOnly?: true;
  /** The basic format (`20261202T080000Z`) instead of the extended one. */
  readonly basic?: true;
  /** Minutes east of UTC the wall time is written in; undefined writes no zone (the wall time in UTC). */
  readonly offsetMinutes?: number;
  /** How the zone is spelled: `Z`, `z`, `+00:00`, `+0530`, `+05`; derived from offsetMinutes when absent. */
  readonly zone?: string;
  /** Seconds written (default true). */
  readonly seconds?: false;
  /** Fraction digits, 0 to 9. */
  readonly fractionDigits?: number;
  /** The fraction's separator (default `.`). */
  readonly comma?: true;
  /** What separates date and time (default `T`). */
  readonly separator?: 't' | ' ';
}

/** The forms every mainstream date parser reads (JavaScript's Date, java.time's ISO formatters, Go's RFC 3339, Python's fromisoformat). */
export const CLOSE_DATE_FORMS: readonly CloseDateForm[] = [
  { name: 'date', dateOnly: true },
  { name: 'seconds Z', offsetMinutes: 0, zone: 'Z' },
  { name: 'one fraction digit', offsetMinutes: 0, zone: 'Z', fractionDigits: 1 },
  { name: 'milliseconds', offsetMinutes: 0, zone: 'Z', fractionDigits: 3 },
  { name: 'microseconds', offsetMinutes: 0, zone: 'Z', fractionDigits: 6 },
  { name: 'nanoseconds', offsetMinutes: 0, zone: 'Z', fractionDigits: 9 },
  { name: '+00:00', offsetMinutes: 0, zone: '+00:00' },
  { name: '-05:00', offsetMinutes: -300 },
  { name: '+05:30 with milliseconds', offsetMinutes: 330, fractionDigits: 3 },
  { name: '-03:30', offsetMinutes: -210 },
  { name: '+14:00, the widest east', offsetMinutes: 840 },
  { name: '-12:00, the widest west', offsetMinutes: -720 },
];

/**
 * Forms of ISO 8601, or of its profile RFC 3339, that mainstream date parsers disagree on: taken or refused, which is
 * the server's choice of parser (JavaScript's Date refuses the basic format, a comma fraction and `+09`; java.time's
 * ISO formatters the basic format, a space for `T` and `+0545` after an extended time; Go's RFC 3339 a time without
 * seconds; Python's fromisoformat a lower-case `z`; a time without a zone names no instant until a zone is
 * assumed), and a form taken is kept as its day or instant.
 */
export const UNCOMMON_FORMS: readonly CloseDateForm[] = [
  { name: 'basic date', dateOnly: true, basic: true },
  { name: 'minutes Z', offsetMinutes: 0, zone: 'Z', seconds: false },
  { name: '-03:30 in minutes', offsetMinutes: -210, seconds: false },
  { name: 'comma fraction', offsetMinutes: 0, zone: 'Z', fractionDigits: 2, comma: true },
  { name: '+09 hours only', offsetMinutes: 540, zone: '+09' },
  { name: 'basic Z', basic: true, offsetMinutes: 0, zone: 'Z' },
  { name: 'basic -0500 with a fraction', basic: true, offsetMinutes: -300, zone: '-0500', fractionDigits: 4 },
  { name: 'lower-case t and z', offsetMinutes: 0, zone: 'z', separator: 't' },
  { name: 'a space for T', offsetMinutes: 60, separator: ' ' },
  { name: '+0545 without a colon after an extended time', offsetMinutes: 345, zone: '+0545' },
  { name: 'no zone', fractionDigits: 3 },
];

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `+05:30` / `-0500` for minutes east of UTC. */
function offsetText(minutes: number, colon: boolean): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}${colon ? ':' : ''}${pad(abs % 60)}`;
}

/**
 * `ms` (and `nanos` below it, 0-999999) written in `form`: the wall time at the form's offset.
 *
 * @example
 * writeCloseDate(Date.UTC(2026, 11, 2, 8), 0, CLOSE_DATE_FORMS[10]); // '2026-12-02T03:00:00-05:00'
 */
export function writeCloseDate(ms: number, nanos: number, form: CloseDateForm): string {
  const wall = new Date(ms + (form.offsetMinutes ?? 0) * 60_000);
  const dash = form.basic ? '' : '-';
  const colon = form.basic ? '' : ':';
  const date = `${wall.getUTCFullYear()}${dash}${pad(wall.getUTCMonth() + 1)}${dash}${pad(wall.getUTCDate())}`;
  if (form.dateOnly) return date;
  const digits = form.fractionDigits ?? 0;
  const fraction =
    digits === 0 ? '' : `${form.comma ? ',' : '.'}${`${pad(wall.getUTCMilliseconds(), 3)}${pad(nanos, 6)}`.slice(0, digits)}`;
  const seconds = form.seconds === false ? '' : `${colon}${pad(wall.getUTCSeconds())}${fraction}`;
  const zone = form.offsetMinutes === undefined ? '' : (form.zone ?? offsetText(form.offsetMinutes, !form.basic));
  return `${date}${form.separator ?? 'T'}${pad(wall.getUTCHours())}${colon}${pad(wall.getUTCMinutes())}${seconds}${zone}`;
}

/** An instant: ms since the epoch and the nanoseconds below them. */
export interface Instant {
  readonly ms: number;
  readonly nanos: number;
}

/**
 * An instant 30 to 200 days from `now` (never before publishDate: a server may refuse that), to the nanosecond.
 *
 * @example
 * fc.sample(futureInstantArb(), 1); // [{ ms: 1801234567891, nanos: 456789 }]
 */
export function futureInstantArb(now: number = Date.now()): fc.Arbitrary<Instant> {
  return fc
    .record({
      days: fc.integer({ min: 30, max: 200 }),
      time: fc.integer({ min: 0, max: DAY_MS - 1 }),
      nanos: fc.integer({ min: 0, max: 999_999 }),
    })
    .map(({ days, time, nanos }) => ({ ms: Math.floor(now / DAY_MS + days) * DAY_MS + time, nanos }));
}

/**
 * One of the forms, drawn.
 *
 * @example
 * fc.sample(closeDateFormArb, 1); // [{ name: '-03:30', offsetMinutes: -210 }]
 */
export const closeDateFormArb: fc.Arbitrary<CloseDateForm> = fc.constantFrom(...CLOSE_DATE_FORMS);

/** The forms a stored date is written again in, plainest first (respelledDate). */
const MIDNIGHT_DATE_TIME: CloseDateForm = { name: 'its midnight UTC as a date-time', offsetMinutes: 0, zone: 'Z' };
const AS_DATE: CloseDateForm = { name: 'its day as a date', dateOnly: true };
const inUtc = (fractionDigits: number, zone: 'Z' | '+00:00'): CloseDateForm => ({
  name: `the same instant in UTC (${zone})`,
  offsetMinutes: 0,
  zone,
  fractionDigits,
});

/**
 * A stored date written in another plain form that names the same value (sameDate): a bare date as its midnight
 * UTC, a date-time at midnight UTC as its day, any other date-time with a zone as the same instant in UTC (with
 * `Z`, or `+00:00` where the stored text is that already), with the fraction digits it needs. Undefined for a
 * date-time without a zone: a wall time of a zone it does not state has no other spelling that surely names it.
 *
 * @example
 * respelledDate('2027-04-15'); // { form: 'its midnight UTC as a date-time', value: '2027-04-15T00:00:00Z' }
 * respelledDate('2027-04-15T08:30:00+02:00'); // { form: 'the same instant in UTC (Z)', value: '2027-04-15T06:30:00Z' }
 */
export function respelledDate(stored: string): { form: string; value: string } | undefined {
  const date = parseIsoDate(stored);
  if (date === undefined) return undefined;
  if (!date.hasTime) return { form: MIDNIGHT_DATE_TIME.name, value: writeCloseDate(date.ms, 0, MIDNIGHT_DATE_TIME) };
  if (date.offsetMinutes === undefined) return undefined;
  const digits = date.subMs > 0 ? 9 : date.ms % 1000 !== 0 ? 3 : 0;
  const atMidnight = date.ms % DAY_MS === 0 && date.subMs === 0;
  const forms = [...(atMidnight ? [AS_DATE] : []), inUtc(digits, 'Z'), inUtc(digits, '+00:00')];
  return forms.map((form) => ({ form: form.name, value: writeCloseDate(date.ms, date.subMs, form) })).find(({ value }) => value !== stored);
}
