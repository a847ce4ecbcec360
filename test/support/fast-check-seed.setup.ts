/**
 * @module vitest setupFile: every property without a seed of its own runs
 * from the run's fast-check seed (fast-check-seed.global.ts). A failure
 * prints the seed and path fast-check needs to replay it.
 */
import fc from 'fast-check';
import { inject } from 'vitest';

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: inject('fastCheckSeed') });
