/**
 * @module A server error in any answer of a case fails it, whatever the rule was judging. A rule judges the answers
 * its statement speaks of; the other requests it sends (setup, reads after a write, the bodies only one rule sends)
 * are answered too, and a 5xx is never a conforming answer (spec 7: invalid input gets a client error). Without this
 * a rule that judges only effects, or only the answer it is about, lets a crash on its way go by.
 */
import type { Exchange } from '../../schemas/types.gen.js';
import type { MismatchInput } from '../contract/rule.js';

/** A 503 with Retry-After is a rate limit the client waited out and retried (http/retry-policy.ts), not a crash. */
function isServerError(exchange: Exchange): boolean {
  const response = exchange.response;
  if (!response || response.status < 500 || response.status > 599) return false;
  return !(response.status === 503 && response.headers['retry-after'] !== undefined);
}

/**
 * The mismatch of the case's first answer that is a server error, or undefined.
 *
 * @example
 * const crash = serverErrorMismatch(log.exchanges);
 * if (crash) throw new MismatchError(crash);
 */
export function serverErrorMismatch(exchanges: readonly Exchange[]): MismatchInput | undefined {
  const failing = exchanges.find(isServerError);
  if (failing === undefined) return undefined;
  const { method, url } = failing.request;
  const path = new URL(url).pathname;
  return {
    title: `${method} ${path} answered ${failing.response!.status}`,
    expected: 'every request the suite sends is answered, never with a 5xx: a server error is no conforming answer (spec 7)',
    received: `${failing.response!.status} ${(failing.response!.body ?? '').slice(0, 300)}`,
    failingExchange: failing,
  };
}
