/**
 * @module Seeds and tags. The run seed is printed and replayed with --seed;
 * each rule's seed is derived from the run seed and the rule id (and the
 * index of the property within the rule), so selecting rules with --only
 * never changes what a rule generates. The run tag is random on purpose:
 * it must be unique per run, never derived from the seed, so a replay never
 * meets jobs a previous run left behind.
 */
import { randomBytes, randomInt } from 'node:crypto';

/** A fresh run seed (a non-negative 31-bit integer, as fast-check takes). */
export function randomSeed(): number {
  return randomInt(0, 0x7fffffff);
}

/**
 * A stable 31-bit seed for `parts` under `runSeed` (FNV-1a).
 *
 * @example
 * deriveSeed(42, 'jobs.create.status-201', 0) // same value on every run with seed 42
 */
export function deriveSeed(runSeed: number, ...parts: Array<string | number>): number {
  let hash = 0x811c9dc5;
  for (const char of [runSeed, ...parts].join('|')) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash & 0x7fffffff;
}

const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * A run-unique tag: `jc` + 6 base36 characters, one word to any q tokenizer
 * (suites/contract/scope-words.ts). Every referenceId the run creates starts with it
 * and every title holds it as a word.
 *
 * @example
 * runTag() // 'jc7f3a9k'
 */
export function runTag(): string {
  const bytes = randomBytes(6);
  let token = '';
  for (const byte of bytes) token += BASE36[byte % 36];
  return `jc${token}`;
}
