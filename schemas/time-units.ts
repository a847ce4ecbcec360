/**
 * @module Time units shared by the mock and the suite (one definition: both
 * count days in whole UTC days of 86,400,000 ms, as the spec's dates do).
 */

/** Milliseconds in a day. */
export const DAY_MS = 86_400_000;

/** Milliseconds in an hour. */
export const HOUR_MS = 3_600_000;

/** Milliseconds in a minute. */
export const MINUTE_MS = 60_000;

/** Milliseconds in a second. */
export const SECOND_MS = 1000;
