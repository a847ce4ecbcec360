import { describe, expect, it } from 'vitest';
import { testSeeds } from './test-seeds.js';

describe('testSeeds', () => {
  it('uses the gate base when unset: the same seeds on every run, one per name', () => {
    const [a, b] = [testSeeds('X_SEED', 0, {}), testSeeds('X_SEED', 0, {})];
    expect(a.base).toBe(0);
    expect(a.drawn).toBe(false);
    expect(a.of('create-answers-200')).toBe(b.of('create-answers-200'));
    expect(a.of('create-answers-200')).not.toBe(a.of('create-without-location-header'));
    expect(a.replay).toBe('X_SEED=0');
  });

  it('takes a number as the base, and draws one for random or in the nightly tier', () => {
    expect(testSeeds('X_SEED', 0, { X_SEED: '42' }).base).toBe(42);
    expect(testSeeds('X_SEED', 0, { X_SEED: '42' }).of('a')).not.toBe(testSeeds('X_SEED', 0, {}).of('a'));
    expect(testSeeds('X_SEED', 0, { X_SEED: 'random' }).drawn).toBe(true);
    expect(testSeeds('X_SEED', 0, { TEST_TIER: 'full' }).drawn).toBe(true);
    expect(testSeeds('X_SEED', 0, { TEST_TIER: 'full', X_SEED: '7' }).base).toBe(7);
  });

  it('refuses anything else', () => {
    expect(() => testSeeds('X_SEED', 0, { X_SEED: 'seven' })).toThrow(/X_SEED must be/);
  });
});
