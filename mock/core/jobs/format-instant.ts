/**
 * @module The mock's publishDate format: ISO 8601 in UTC with milliseconds,
 * exactly as Date#toISOString writes it. Every job serialization writes one,
 * and `new Date(ms).toISOString()` costs more than the rest of a small job's
 * fields, so the date part of the last few days is kept and only the time of
 * day is written per call (UTC days are all 86,400,000 ms long in JS time).
 */
import { DAY_MS } from '../../../schemas/time-units.js';
import { BoundedMap } from '../../store/bounded-map.js';

/** The last valid time value (ECMAScript TimeClip): later times in its day are invalid. */
const MAX_TIME = 8.64e15;
/** Days kept: a job's publishDate and its default closeDate, 60 days on, alternate when a job is created. */
const RECENT_DAYS = 4;

/** Day number -> `YYYY-MM-DDT` (or the extended `+YYYYYY-MM-DDT` form outside years 0-9999). */
const recentDays = new BoundedMap<number, string>(RECENT_DAYS);

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * Same text as `new Date(ms).toISOString()`; throws the same RangeError for an invalid time.
 *
 * @example
 * formatInstant(Date.UTC(2025, 2, 1, 9, 30)); // '2025-03-01T09:30:00.000Z'
 */
export function formatInstant(value: number): string {
  const ms = Math.trunc(value); // as new Date(value) does
  const day = Math.floor(ms / DAY_MS);
  // Later times in the last valid day are invalid, and Date throws for them as for NaN.
  if (ms > MAX_TIME) return new Date(ms).toISOString();
  const date = recentDays.memo(day, () => {
    const iso = new Date(ms).toISOString(); // throws for NaN and below -MAX_TIME
    return iso.slice(0, iso.indexOf('T') + 1);
  });
  const time = ms - day * DAY_MS;
  const seconds = Math.floor(time / 1000);
  return `${date}${pad(Math.floor(seconds / 3600), 2)}:${pad(Math.floor(seconds / 60) % 60, 2)}:${pad(seconds % 60, 2)}.${pad(time % 1000, 3)}Z`;
}
