/**
 * @module A wait that the run's AbortSignal (Ctrl-C) ends at once: rate-limit
 * spacing and Retry-After waits must never outlive an interrupted run.
 */
import { TransportError } from '../contract/errors.js';

/**
 * Resolves after `ms`, or rejects with an INTERRUPTED TransportError as soon as `signal` aborts.
 *
 * @example
 * await abortableSleep(1_000, runSignal, 'waiting out Retry-After');
 */
export function abortableSleep(ms: number, signal: AbortSignal | undefined, what: string): Promise<void> {
  const interrupted = () => new TransportError('INTERRUPTED', `run interrupted while ${what}`);
  if (signal?.aborted) return Promise.reject(interrupted());
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(interrupted());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
