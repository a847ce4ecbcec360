import { describe, expect, it } from 'vitest';
import { findHtmlViolations } from '../../schemas/index.js';
import { htmlViolationKinds } from '../arbitraries/html.js';
import { knownAllowedSpellings, knownHtmlViolations, knownStrayEndTags } from './known-html-violations.js';

/** The allow-list's violation kind for each of the suite's four kinds. */
const SCHEMA_KIND = {
  'disallowed-tag': 'disallowed-tag',
  'attribute-on-non-a': 'disallowed-attribute',
  'a-without-href': 'missing-attribute',
  'other-attribute-on-a': 'disallowed-attribute',
} as const;

describe('knownHtmlViolations', () => {
  for (const kind of htmlViolationKinds) {
    it(`${kind}: each breaks the allow-list exactly once, that way`, () => {
      for (const html of knownHtmlViolations(kind)) {
        expect(
          findHtmlViolations(html).map((v) => v.kind),
          html,
        ).toEqual([SCHEMA_KIND[kind]]);
      }
    });

    it(`${kind}: comes in upper-case and capitalized spellings too`, () => {
      const htmls = knownHtmlViolations(kind);
      // A tag or attribute name all upper-case (<SCRIPT>, <A>, HREF=), and one capitalized (<Script>, Target=).
      expect(
        htmls.some((html) => /[<\s]\/?[A-Z]{2,}[\s>=]|<[A-Z][\s>]/.test(html)),
        kind,
      ).toBe(true);
      expect(
        htmls.some((html) => /[<\s]\/?[A-Z][a-z]+[\s>=]/.test(html)),
        kind,
      ).toBe(true);
    });

    it(`${kind}: comes with its attributes in every form HTML writes (single-quoted, unquoted, spaced; valueless where it breaks a rule)`, () => {
      if (kind === 'disallowed-tag') return;
      const htmls = knownHtmlViolations(kind).join('\n');
      expect(htmls).toMatch(/\s[a-z-]+='[^']*'/);
      expect(htmls).toMatch(/\s[a-z-]+=[^"'\s>]+[\s>]/);
      expect(htmls).toMatch(/\n\t[a-z-]+ = "/);
      if (kind !== 'a-without-href') expect(htmls).toMatch(/<[a-z]+(\s[^>]*)?\shidden>/);
    });
  }

  it('holds no stray end tag (the should rule sends those: knownStrayEndTags)', () => {
    for (const kind of htmlViolationKinds) for (const html of knownStrayEndTags()) expect(knownHtmlViolations(kind)).not.toContain(html);
    for (const html of knownStrayEndTags())
      expect(
        findHtmlViolations(html).map((v) => v.kind),
        html,
      ).toEqual(['disallowed-tag']);
  });
});

describe('knownAllowedSpellings', () => {
  it('are allowed: names are case-insensitive', () => {
    for (const html of knownAllowedSpellings()) expect(findHtmlViolations(html), html).toEqual([]);
    expect(knownAllowedSpellings().join('')).toContain('<A HREF=');
    expect(knownAllowedSpellings().join('')).toContain("href='");
    expect(knownAllowedSpellings().join('')).toMatch(/href=https/);
  });
});
