/**
 * @module Reads a Retry-After header (RFC 9110 10.2.3): delay-seconds or an
 * HTTP date.
 */

/**
 * The wait Retry-After asks for, in ms (0 for a date in the past), or
 * undefined when the value is neither form.
 *
 * @example
 * retryAfterMs('2') // 2000
 * retryAfterMs('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('2015-10-21T07:27:58Z')) // 2000
 */
export function retryAfterMs(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1_000;
  // Only real HTTP dates (they name a weekday), not any text Date.parse happens to accept.
  if (!/^[A-Za-z]{3},? /.test(text)) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}
