/**
 * @module --rate-limit: one pacer per run spaces every request the suite sends
 * (all clients, all rules, cleanup too) so the run never exceeds N requests
 * per second or minute. Slots are reserved synchronously, so concurrent
 * callers queue in order without a lock.
 */
import { abortableSleep } from './abortable-sleep.js';
import { ConfigError } from '../contract/errors.js';

export interface RateLimit {
  requests: number;
  per: 's' | 'm';
}

/**
 * Parses `N/s` or `N/m` (N may be a decimal, e.g. `0.5/s`).
 *
 * @example
 * parseRateLimit('10/s') // { requests: 10, per: 's' }
 */
export function parseRateLimit(text: string): RateLimit {
  const match = /^\s*(\d+(?:\.\d+)?)\s*\/\s*(s|m)\s*$/i.exec(text);
  const requests = match ? Number(match[1]) : Number.NaN;
  if (!match || !(requests > 0))
    throw new ConfigError(
      'rate-limit',
      `--rate-limit must look like 10/s or 300/m (a positive number per second or minute), got ${JSON.stringify(text)}`,
    );
  return { requests, per: match[2]!.toLowerCase() as 's' | 'm' };
}

/** The spacing between two requests under a rate limit, in ms. */
export function intervalOf(limit: RateLimit): number {
  return (limit.per === 's' ? 1_000 : 60_000) / limit.requests;
}

export class RequestPacer {
  readonly #intervalMs: number;
  #next = 0;
  /** Time spent waiting for a slot, in ms. */
  waitedMs = 0;

  constructor(limit: RateLimit) {
    this.#intervalMs = intervalOf(limit);
  }

  /** Waits for the next free slot (rejects with INTERRUPTED when `signal` aborts). */
  async take(signal?: AbortSignal): Promise<void> {
    const now = performance.now();
    const at = Math.max(now, this.#next);
    this.#next = at + this.#intervalMs;
    if (at <= now) return;
    this.waitedMs += at - now;
    await abortableSleep(at - now, signal, 'waiting for a --rate-limit slot');
  }
}
