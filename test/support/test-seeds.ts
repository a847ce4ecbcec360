/**
 * @module Seeds of the test tiers. The PR gate (`npm test`) must send the
 * same requests on every run of a commit, so a red run replays from its log;
 * the nightly tier (`npm run test:full`, TEST_TIER=full) draws new seeds to
 * cover more ground, and prints them. One variable per test family holds a
 * base seed; each run's seed is derived from the base and the run's name, so
 * selecting one run with `-t` never changes its seed.
 */
import { deriveSeed, randomSeed } from '../../suites/engine/seeds.js';

/** True under `npm run test:full`: the nightly tier. */
export const FULL_TIER = process.env.TEST_TIER === 'full';

export interface TestSeeds {
  /** The base every seed derives from (printed). */
  readonly base: number;
  /** True when the base was drawn (`random`, or the nightly tier without a value). */
  readonly drawn: boolean;
  /** The seed of the run called `name`: the same for the same base and name. */
  of(name: string): number;
  /** The environment assignment that replays this base, e.g. `MUTANTS_SEED=0`. */
  readonly replay: string;
}

/**
 * Reads `variable`: unset uses `gateBase` (unset in the nightly tier draws), a number is the base,
 * `random` draws one. Throws on anything else, so a typo does not silently run the gate's seeds.
 *
 * @example
 * const seeds = testSeeds('MUTANTS_SEED', 0);
 * seeds.of('create-answers-200'); // a 31-bit hash of the name under base 0
 */
export function testSeeds(variable: string, gateBase: number, env: NodeJS.ProcessEnv = process.env): TestSeeds {
  const value = env[variable] ?? (env.TEST_TIER === 'full' ? 'random' : String(gateBase));
  if (value !== 'random' && !/^\d+$/.test(value))
    throw new Error(`${variable} must be a non-negative integer or "random", not ${JSON.stringify(value)}`);
  const drawn = value === 'random';
  const base = drawn ? randomSeed() : Number(value);
  return { base, drawn, of: (name) => deriveSeed(base, name), replay: `${variable}=${base}` };
}
