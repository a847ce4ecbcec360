import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validatorFor } from '../../schemas/index.js';
import { assertProduceCorrectValues, assertSameValuesGivenSameSeed } from './arbitrary-assertions.test-support.js';
import {
  asHtmlText,
  CHARACTER_CLASSES,
  CLASS_EXAMPLES,
  classDescription,
  classPieces,
  classUrl,
  classSampleArb,
  type CharacterClass,
  type ClassSample,
} from './character-classes.js';
import { inputLimits } from './schema-limits.js';

const fields = validatorFor<unknown>('job-input-fields.schema.json');
const place = validatorFor<unknown>('location-input.schema.json');
/** The longest referenceId a rule writes before the class text: a case's own (scope-words.ts), with room to spare. */
const OWN_REFERENCE_ID = 'jc7f3a9k05k3x12x';

/** What marks text as holding the class. */
const HOLDS: Record<CharacterClass, RegExp> = {
  'html-special': /[<>&"']/,
  backslash: /\\/,
  'non-ascii': /[^\p{ASCII}]/u,
  'combining-marks': /\p{M}/u,
  astral: /[\u{10000}-\u{10FFFF}]/u,
  'inner-white-space': / {2}|[\u00A0\u2003\u3000]/u,
  'ascii-punctuation': /[+%#/?=;~$*!{}[\]|^`@\-._(),:]/,
  'percent-escapes': /%[0-9A-F]{2}/,
  'letter-case': /[\p{Lu}\p{Lt}]/u,
  'line-breaks': /[\n\r\t\u2028\u2029]/u,
  'invisible-format': /\p{Cf}/u,
  'control-characters': /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/u,
  'filter-keywords': /script|iframe|onload|alert|select|drop|or 1=1|--/i,
};

function isValidSample(sample: ClassSample): void {
  expect(sample.text).toMatch(HOLDS[sample.characterClass]);
  expect(sample.text).toBe(sample.text.trim());
  const referenceId = `${OWN_REFERENCE_ID}-${sample.text}`;
  // §8: referenceId max 50, whether a server counts code points or UTF-16 units
  expect(referenceId.length).toBeLessThanOrEqual(inputLimits.referenceIdMax);
  const description = classDescription(sample.text, sample.characterClass);
  expect(fields({ referenceId, title: sample.text, description, ...sample.routing }).ok).toBe(true);
  for (const location of sample.locations ?? []) expect(place(location).ok).toBe(true);
}

describe('character classes', () => {
  it('put the class in a link of the description where a URL can hold it, the href escaped as an attribute value', () => {
    expect(classDescription('Ab', 'letter-case')).toBe(`<p>Ab</p><p><a href="${classUrl('letter-case')}">Ab</a></p>`);
    expect(classUrl('letter-case')).toMatch(HOLDS['letter-case']);
    expect(classDescription('a', 'html-special')).toContain(`href="https://jobs.example.com/apply?a=1&amp;b='x'"`);
    expect(classUrl('backslash')).toBe(classUrl('astral'));
  });

  it('hold every printable ASCII punctuation character in some piece', () => {
    const held = new Set(CHARACTER_CLASSES.flatMap((characterClass) => classPieces(characterClass).join('').split('')));
    const punctuation = Array.from({ length: 0x7f - 0x21 }, (_, i) => String.fromCharCode(0x21 + i)).filter((c) =>
      /[^\p{L}\p{N}]/u.test(c),
    );
    expect(punctuation.filter((c) => !held.has(c))).toEqual([]);
  });

  it('give the same samples for the same seed', () => {
    assertSameValuesGivenSameSeed(classSampleArb);
  });

  it('hold their class in valid values, and fit a referenceId', () => {
    assertProduceCorrectValues(classSampleArb, isValidSample);
    CLASS_EXAMPLES.forEach(isValidSample);
  });

  it('send every class with both routing types in the examples, and classed addresses and places where some exist', () => {
    expect(new Set(CLASS_EXAMPLES.map((s) => `${s.characterClass} ${s.routing.applicantRoutingType.id}`)).size).toBe(
      CHARACTER_CLASSES.length * 2,
    );
    const addresses = CLASS_EXAMPLES.flatMap((s) =>
      'applicationEmail' in s.routing ? [s.routing.applicationEmail] : [s.routing.applicationUrl],
    );
    expect(addresses.filter((a) => /[&']/.test(a)).length).toBeGreaterThanOrEqual(2);
    expect(addresses.filter((a) => a.includes('+')).length).toBeGreaterThanOrEqual(2);
    expect(addresses.some((a) => /%[89A-F][0-9A-F]/.test(a))).toBe(true);
    expect(CLASS_EXAMPLES.every((s) => s.locations === undefined)).toBe(true);
  });

  it('send every piece of every class in the examples', () => {
    for (const characterClass of CHARACTER_CLASSES) {
      const texts = CLASS_EXAMPLES.filter((s) => s.characterClass === characterClass).map((s) => s.text);
      for (const piece of classPieces(characterClass))
        expect(
          texts.some((text) => text.includes(piece)),
          `${characterClass}: ${piece}`,
        ).toBe(true);
    }
  });

  it('write HTML-special text as text, never as a tag, and no control character HTML text cannot hold', () => {
    expect(asHtmlText('<b> a&b "q"')).toBe('&lt;b&gt; a&amp;b "q"');
    expect(asHtmlText('a\u0000b x\u001By a\tb')).toBe('ab xy a\tb');
    fc.assert(fc.property(classSampleArb, (sample) => !/[<>]/.test(asHtmlText(sample.text))));
  });
});
