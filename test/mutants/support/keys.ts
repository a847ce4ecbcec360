/**
 * @module The demo employers' keys, which the mutants that break isolation
 * and authentication need (the suite runs with demo-key-1 and demo-key-2).
 */
import { DEMO_EMPLOYERS } from '../../../mock/index.js';

export const DEMO_KEYS: readonly string[] = DEMO_EMPLOYERS.map((employer) => employer.apiKey);

/** The other demo employer's key, or undefined for a key that is not a demo key. */
export function otherKey(apiKey: string | undefined): string | undefined {
  if (apiKey === undefined || !DEMO_KEYS.includes(apiKey)) return undefined;
  return DEMO_KEYS.find((key) => key !== apiKey);
}
