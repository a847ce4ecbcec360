import { describe, expect, it } from 'vitest';
import { deriveSeed, randomSeed, runTag } from './seeds.js';

describe('seeds', () => {
  it('derives the same seed from the same run seed and rule id, whatever else runs', () => {
    expect(deriveSeed(42, 'jobs.create.status-201', 0)).toBe(deriveSeed(42, 'jobs.create.status-201', 0));
    const seeds = new Set([deriveSeed(42, 'a', 0), deriveSeed(42, 'b', 0), deriveSeed(43, 'a', 0), deriveSeed(42, 'a', 1)]);
    expect(seeds.size).toBe(4);
    for (const seed of seeds) expect(seed >= 0 && seed <= 0x7fffffff).toBe(true);
  });

  it('draws non-negative 31-bit run seeds', () => {
    const seed = randomSeed();
    expect(Number.isInteger(seed) && seed >= 0 && seed < 0x80000000).toBe(true);
  });

  it('makes run-unique tags: jc + 6 base36 characters, one word', () => {
    const tags = Array.from({ length: 50 }, runTag);
    for (const tag of tags) expect(tag).toMatch(/^jc[0-9a-z]{6}$/);
    expect(new Set(tags).size).toBe(50);
  });
});
