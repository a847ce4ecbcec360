import fc from 'fast-check';
import { expect, it } from 'vitest';
import { codePointLength, truncateCodePoints } from './code-points.js';

it('counts code points like Array.from, not UTF-16 units', () => {
  expect(codePointLength('😀😀')).toBe(2);
  expect('😀😀'.length).toBe(4);
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), (s) => {
      expect(codePointLength(s)).toBe(Array.from(s).length);
    }),
  );
});

it('truncates without splitting a surrogate pair', () => {
  expect(truncateCodePoints('😀😀😀', 2)).toBe('😀😀');
  fc.assert(
    fc.property(fc.string({ unit: 'binary' }), fc.nat(20), (s, max) => {
      const t = truncateCodePoints(s, max);
      expect(codePointLength(t)).toBe(Math.min(max, codePointLength(s)));
      expect(s.startsWith(t)).toBe(true);
    }),
  );
});
