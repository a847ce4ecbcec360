/**
 * @module The demo employers' keys, which the mutants that break isolation
 * and authentication need (the suite runs with demo-key-1 and demo-key-2).
 */
import { DEMO_EMPLOYERS } from '../../../mock/index.js';
import type { Transform } from '../mutant.js';

export const DEMO_KEYS: readonly string[] = DEMO_EMPLOYERS.map((employer) => employer.apiKey);

/** The other demo employer's key, or undefined for a key that is not a demo key. */
export function otherKey(apiKey: string | undefined): string | undefined {
  if (apiKey === undefined || !DEMO_KEYS.includes(apiKey)) return undefined;
  return DEMO_KEYS.find((key) => key !== apiKey);
}

/**
 * `transform` for the second demo employer's requests alone, the first employer's going straight to the core: the code
 * path a server keeps for one employer (its plan), which the other employer never takes.
 *
 * @example
 * forSecondEmployer(rewriteRequest(isPut, (body) => { delete body.autoRefresh; }));
 */
export function forSecondEmployer(transform: Transform): Transform {
  return (next) => {
    const broken = transform(next);
    return (req) => (req.headers['api-key'] === DEMO_KEYS[1] ? broken(req) : next(req));
  };
}
