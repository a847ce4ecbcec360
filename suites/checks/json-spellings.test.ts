import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JSON_SPELLINGS, spelled } from './json-spellings.js';

describe('spelled', () => {
  const value = { title: 'Café R&D/QA 🍁', salary: { amount: 52500.25, period: { id: 1 } }, categories: [{ id: 3 }], url: null };

  it('writes the same JSON value in each spelling, never as JSON.stringify does', () => {
    for (const spelling of JSON_SPELLINGS) {
      const text = spelled(value, spelling);
      expect(JSON.parse(text), spelling).toEqual(value);
      expect(text, spelling).not.toBe(JSON.stringify(value));
    }
  });

  it('spells what it names: exponents for fractions only, escapes beyond ASCII letters, members reversed or sorted', () => {
    expect(spelled(value, 'exponent-numbers')).toContain('"amount":5.250025e+4');
    expect(spelled(value, 'exponent-numbers')).toContain('"id":1');
    expect(spelled(value, 'unicode-escapes')).toContain('Caf\\u00e9 R\\u0026D\\/QA \\ud83c\\udf41');
    expect(spelled(value, 'member-order').startsWith('{"url":null,"categories"')).toBe(true);
    expect(spelled(value, 'sorted-members').startsWith('{"categories":[{"id":3}],"salary":{"amount":52500.25,"period"')).toBe(true);
    expect(spelled(value, 'white-space')).toMatch(/^ \r\n\t\{\r\n\t"title"/);
  });

  it('round-trips any JSON object in every spelling', () => {
    fc.assert(
      fc.property(fc.object(), fc.constantFrom(...JSON_SPELLINGS), (object, spelling) => {
        const plain = JSON.parse(JSON.stringify(object)) as unknown;
        expect(JSON.parse(spelled(plain, spelling))).toEqual(plain);
      }),
    );
  });
});
