import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findHtmlViolations, formatIssues, validatorFor } from '../../schemas/index.js';
import {
  assertProduceCorrectValues,
  assertSameValuesGivenSameSeed,
  assertShrinksStayInvalid,
} from './arbitrary-assertions.test-support.js';
import { sameHtmlContent } from '../../judging/html-content.js';
import { MARKUP_SPELLINGS, serializeHtml } from './html-tree.js';
import {
  allowedHtmlArb,
  allowedHtmlSpellingArb,
  allowedHtmlTreeArb,
  disallowedHtmlArb,
  htmlViolationKinds,
  strayEndTagHtmlArb,
  type HtmlViolationCase,
} from './html.js';

const allowedHtml = validatorFor<string>('html.schema.json#/$defs/allowedHtml');

/** What the schema's own reading (findHtmlViolations) must say for each generated kind. */
function assertViolatesAsItsKindSays(value: HtmlViolationCase): void {
  const result = allowedHtml(value.html);
  expect(result.ok, value.html).toBe(false);
  const violations = findHtmlViolations(value.html);
  expect(violations, value.html).toHaveLength(1);
  const [violation] = violations;
  switch (value.kind) {
    case 'disallowed-tag':
      expect(violation).toMatchObject({ kind: 'disallowed-tag', tag: value.tag });
      break;
    case 'attribute-on-non-a':
      expect(violation).toMatchObject({ kind: 'disallowed-attribute', tag: value.tag, attribute: value.attribute });
      expect(value.tag).not.toBe('a');
      break;
    case 'a-without-href':
      expect(violation).toMatchObject({ kind: 'missing-attribute', tag: 'a', attribute: 'href' });
      break;
    case 'other-attribute-on-a':
      expect(violation).toMatchObject({ kind: 'disallowed-attribute', tag: 'a', attribute: value.attribute });
      break;
  }
}

describe('allowedHtmlArb', () => {
  it('gives the same HTML for the same seed', () => {
    assertSameValuesGivenSameSeed(allowedHtmlArb);
  });

  it('passes the x-html-allowlist keyword of html.schema.json', () => {
    assertProduceCorrectValues(
      allowedHtmlArb,
      (html) => {
        const result = allowedHtml(html);
        expect(result.ok, result.ok ? '' : `${html}\n${formatIssues(result.issues)}`).toBe(true);
      },
      300,
    );
  });

  it('covers nesting, links with and without target, lists and escaped text', () => {
    const all = fc.sample(allowedHtmlArb, { seed: 11, numRuns: 300 }).join('\n');
    for (const needle of ['<a href="http', ' target="', '<ul><li>', '<ol><li>', '<p>', '<div>', '<br>', '&amp;', '&lt;']) {
      expect(all).toContain(needle);
    }
    expect(all).toMatch(/<(b|i|em|strong)>[^<]*<(b|i|em|strong|a)[ >]/);
  });

  it('is canonical: lower-case names, double-quoted attributes', () => {
    const all = fc.sample(allowedHtmlArb, { seed: 12, numRuns: 300 }).join('\n');
    expect(all).toContain('<a href="');
    expect(all).not.toMatch(/<\/?[a-z]*[A-Z]/);
    expect(all).not.toMatch(/ [A-Za-z]+[A-Z][a-z]*=/);
    expect(all).not.toMatch(/=(?!")/);
    expect(all).not.toMatch(/\n\t/);
  });
});

describe('allowedHtmlSpellingArb', () => {
  it('passes the x-html-allowlist keyword of html.schema.json', () => {
    assertProduceCorrectValues(allowedHtmlSpellingArb, (html) => expect(allowedHtml(html).ok).toBe(true), 300);
  });

  it('spells names in lower, upper and capitalized case (HTML names are case-insensitive)', () => {
    const all = fc.sample(allowedHtmlSpellingArb, { seed: 12, numRuns: 300 }).join('\n');
    for (const needle of ['<a href="', '<A HREF="', '<A Href="', '<P>', '<Li>', '<BR>', ' TARGET="', ' Target="'])
      expect(all).toContain(needle);
  });

  it('writes attributes single-quoted, unquoted and spaced too', () => {
    const valid = fc.sample(allowedHtmlSpellingArb, { seed: 13, numRuns: 300 }).join('\n');
    expect(valid).toMatch(/ href='/i);
    expect(valid).toMatch(/ href=http/i);
    expect(valid).toMatch(/\n\thref = "/i);
  });

  it('writes markup in each other spelling too, the same tree as the canonical one', () => {
    for (const tree of fc.sample(allowedHtmlTreeArb, { seed: 14, numRuns: 50 })) {
      for (const markup of MARKUP_SPELLINGS) {
        const spelled = serializeHtml(tree, 'lower', markup);
        expect(sameHtmlContent(serializeHtml(tree), spelled), spelled).toBe(true);
        expect(allowedHtml(spelled).ok, spelled).toBe(true);
      }
    }
    const drawn = fc.sample(allowedHtmlSpellingArb, { seed: 15, numRuns: 300 }).join('\n');
    for (const needle of [
      /<p >/i,
      /<\/[a-z]+\n>/i,
      /<br\/>/i,
      /<br \/>/i,
      /&#\d+;/,
      /&#x[0-9a-f]+;/,
      /&(?!amp;|lt;|gt;|quot;)[a-z]+;/i,
      /<a\s[^>]*target\s*=[^>]*href\s*=/i,
    ])
      expect(drawn).toMatch(needle);
  });
});

describe('disallowedHtmlArb spellings and forms', () => {
  const sample = (kind: HtmlViolationCase['kind']) => fc.sample(disallowedHtmlArb(kind), { seed: 13, numRuns: 300 });

  it('draws each kind in every name case, and its html is spelled that way', () => {
    for (const kind of htmlViolationKinds) {
      const cases = sample(kind);
      expect(new Set(cases.map((c) => c.nameCase))).toEqual(new Set(['lower', 'upper', 'capital']));
      for (const c of cases.filter((v) => v.nameCase === 'upper')) expect(c.html).not.toMatch(/<\/?[a-z]/);
    }
  });

  it('never draws a stray end tag for a must rule; strayEndTagHtmlArb draws only those (<p>x</span></p>)', () => {
    expect(sample('disallowed-tag').filter((c) => c.strayEndTag)).toEqual([]);
    const stray = fc.sample(strayEndTagHtmlArb, { seed: 13, numRuns: 100 });
    for (const c of stray) {
      expect(c.strayEndTag).toBe(true);
      expect(c.html.toLowerCase()).toMatch(new RegExp(`</${c.tag}\\s*>`));
      expect(c.html.toLowerCase()).not.toMatch(new RegExp(`<${c.tag}\\s*>`));
    }
    expect(stray.some((c) => c.nameCase !== 'lower')).toBe(true);
  });

  it('writes attributes in every form: double- and single-quoted, unquoted, valueless, spaced', () => {
    const html = htmlViolationKinds.flatMap((kind) => sample(kind).map((c) => c.html)).join('\n');
    expect(html).toMatch(/\s[A-Za-z-]+="/);
    expect(html).toMatch(/\s[A-Za-z-]+='/);
    expect(html).toMatch(/\s[A-Za-z-]+=[^"'\s>]/);
    expect(html).toMatch(/<[A-Za-z]+(\s[^>]*)?\s[A-Za-z-]+>/);
    expect(html).toMatch(/\n\t[A-Za-z-]+ = "/);
  });
});

describe('disallowedHtmlArb', () => {
  for (const kind of htmlViolationKinds) {
    describe(kind, () => {
      it('gives the same values for the same seed', () => {
        assertSameValuesGivenSameSeed(disallowedHtmlArb(kind));
      });

      it('fails the schema with exactly one violation, of its kind', () => {
        assertProduceCorrectValues(
          disallowedHtmlArb(kind),
          (value) => {
            expect(value.kind).toBe(kind);
            assertViolatesAsItsKindSays(value);
          },
          200,
        );
      });

      it('still fails for the same reason after shrinking', () => {
        assertShrinksStayInvalid(disallowedHtmlArb(kind), assertViolatesAsItsKindSays);
      });
    });
  }
});
