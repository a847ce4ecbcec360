import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from './json-depth.js';

/** The depth of a parsed value: each array or object is one level. */
function depthOf(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  const children = Array.isArray(value) ? value : Object.values(value);
  return 1 + Math.max(0, ...children.map(depthOf));
}

/** Strings full of what the scan must skip: brackets, quotes and backslashes. */
const trickyString = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ' '), maxLength: 12 });
const value = fc.letrec<{ node: unknown }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(trickyString, fc.integer(), fc.constant(null)),
    fc.array(tie('node'), { maxLength: 3 }),
    fc.dictionary(trickyString, tie('node'), { maxKeys: 3 }),
  ),
})).node;

describe('nestsDeeperThan', () => {
  it('agrees with the depth of the parsed value, at every limit', () => {
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 8 }), fc.boolean(), (v, limit, spaced) => {
        const text = JSON.stringify(v, null, spaced ? 1 : undefined);
        expect(nestsDeeperThan(text, limit)).toBe(depthOf(v) > limit);
      }),
    );
  });

  it('counts depth, not brackets: many shallow brackets pass, one deep chain does not', () => {
    const wide = JSON.stringify(Array.from({ length: 200 }, () => ({ a: [] })));
    expect(nestsDeeperThan(wide, 3)).toBe(false);
    expect(nestsDeeperThan(`${'['.repeat(65)}${']'.repeat(65)}`, 64)).toBe(true);
    expect(nestsDeeperThan(`${'['.repeat(64)}${']'.repeat(64)}`, 64)).toBe(false);
  });
});
