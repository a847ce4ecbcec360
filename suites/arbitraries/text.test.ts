import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  assertProduceCorrectValues,
  assertSameValuesGivenSameSeed,
  assertShrinksStayInvalid,
} from './arbitrary-assertions.test-support.js';
import { astralTextArb, codePointLength, exactLengthTextArb, PadError, padToLength, unicodeWordsArb, wordsArb } from './text.js';

describe('exactLengthTextArb', () => {
  it('gives the same strings for the same seed', () => {
    assertSameValuesGivenSameSeed(exactLengthTextArb(50));
  });

  it('has exactly n code points, each one UTF-16 unit', () => {
    for (const n of [0, 1, 50, 51, 256, 257]) {
      for (const alphabet of ['lower', 'ascii', 'bmp'] as const) {
        assertProduceCorrectValues(
          exactLengthTextArb(n, alphabet),
          (s) => {
            expect(s.length).toBe(n);
            expect(codePointLength(s)).toBe(n);
            expect(s.normalize('NFC')).toBe(s);
            if (alphabet !== 'bmp') expect(s).toMatch(/^[a-zA-Z0-9]*$/);
          },
          20,
        );
      }
    }
  });

  it('keeps its length while it shrinks (a 51-character title stays 51)', () => {
    assertShrinksStayInvalid(exactLengthTextArb(51), (s) => expect(s.length).toBe(51));
  });
});

describe('astralTextArb', () => {
  it('has n code points and more than n UTF-16 units, even after shrinking', () => {
    assertSameValuesGivenSameSeed(astralTextArb(10));
    assertProduceCorrectValues(astralTextArb(256), (s) => {
      expect(codePointLength(s)).toBe(256);
      expect(s.length).toBeGreaterThan(256);
    });
    assertShrinksStayInvalid(astralTextArb(20), (s) => {
      expect(codePointLength(s)).toBe(20);
      expect(s.length).toBeGreaterThan(20);
    });
  });
});

describe('wordsArb and unicodeWordsArb', () => {
  it('never start, end or double whitespace', () => {
    for (const arb of [wordsArb(6), unicodeWordsArb(8)]) {
      assertSameValuesGivenSameSeed(arb);
      assertProduceCorrectValues(arb, (s) => {
        expect(s.length).toBeGreaterThan(0);
        expect(s).toBe(s.trim());
        expect(s).not.toMatch(/\s\s/);
      });
    }
  });

  it('unicodeWordsArb sometimes holds astral characters', () => {
    const samples = fc.sample(unicodeWordsArb(8), { seed: 7, numRuns: 200 });
    expect(samples.some((s) => codePointLength(s) < s.length)).toBe(true);
  });
});

describe('padToLength', () => {
  it('pads a prefix to exactly n characters', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.integer({ min: 20, max: 60 }), (prefix, n) => {
        const padded = padToLength(prefix, 'x'.repeat(n), n);
        expect(padded.length).toBe(n);
        expect(padded.startsWith(prefix)).toBe(true);
      }),
    );
  });

  it('refuses a prefix longer than n or a filler too short, with a typed error', () => {
    expect(() => padToLength('abcdef', 'xxxx', 4)).toThrow(PadError);
    const error = (() => {
      try {
        padToLength('ab', 'x', 10);
      } catch (e) {
        return e as PadError;
      }
    })();
    expect(error).toMatchObject({ name: 'PadError', code: 'PAD_TOO_SHORT', n: 10 });
  });
});
