import { describe, expect, it } from 'vitest';
import { withUntrimmableEnd } from './text-lengths.js';

describe('withUntrimmableEnd', () => {
  it('ends a value at a length limit in a letter where some platform trim would remove its last character', () => {
    // White space (JavaScript's trim), U+001C to U+001F and U+0085 (Python's strip), any control up to U+0020 (Java's trim).
    for (const last of [' ', '\t', '\u00a0', '\u3000', '\u001f', '\u0085', '\u0000', '\u0007', '\u001b', '\u007f'])
      expect(withUntrimmableEnd(`ab${last}`)).toBe('abx');
  });

  it('keeps a value whose last character no trim removes, at the same length', () => {
    for (const value of ['abc', 'a\u0000b', 'caf\u00e9', 'a\u200bb', '\u00ad'.repeat(2) + 'z'])
      expect(withUntrimmableEnd(value)).toBe(value);
  });
});
