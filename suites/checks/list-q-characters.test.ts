import { describe, expect, it } from 'vitest';
import { LETTER_CLASSES } from './list-q-characters.js';

describe('LETTER_CLASSES', () => {
  it('holds the classes of letters beyond ASCII, and leaves out those with a symbol, punctuation or a decomposed letter', () => {
    expect(LETTER_CLASSES).toContain('non-ascii');
    expect(LETTER_CLASSES).toContain('letter-case');
    for (const excluded of ['astral', 'combining-marks', 'ascii-punctuation', 'inner-white-space', 'html-special'] as const)
      expect(LETTER_CLASSES).not.toContain(excluded);
  });
});
