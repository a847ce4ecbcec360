/**
 * @module vitest globalSetup of every project: the seed of every fast-check
 * property a test runs without its own (`fc.assert(property)`), chosen once
 * per run and printed: FC_SEED (default 0 in the PR gate, so two runs of one
 * commit generate the same values; drawn in the nightly tier, or with
 * FC_SEED=random). test/support/fast-check-seed.setup.ts applies it in each file.
 */
import type { TestProject } from 'vitest/node';
import { testSeeds } from './test-seeds.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** fast-check's global seed for this run. */
    fastCheckSeed: number;
  }
}

export default function setup(project: TestProject): void {
  const seeds = testSeeds('FC_SEED', 0);
  project.provide('fastCheckSeed', seeds.base);
  console.log(`[${project.name}] fast-check seed ${seeds.base}${seeds.drawn ? ' (drawn)' : ''}; replay with ${seeds.replay}`);
}
