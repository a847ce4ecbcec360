import * as fc from 'fast-check';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { allowedHtmlArb, allowedHtmlTreeArb } from '../suites/arbitraries/html.js';
import { serializeHtml } from '../suites/arbitraries/html-tree.js';
import { htmlContent, sameHtmlContent } from './html-content.js';

describe('sameHtmlContent', () => {
  it('ignores how markup is written: void syntax, quoting, case, entities, whitespace, comments', () => {
    const pairs: Array<[string, string]> = [
      ['<p>a<br>b</p>', '<p>a<br/>b</p>'],
      ['<a href="https://x.example/" target="_blank">go</a>', "<A TARGET='_blank' HREF=https://x.example/>go</A>"],
      ['<b>R&amp;D</b>', '<b>R&#38;D</b>'],
      ['<ul><li>a</li><li>b</li></ul>', '<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>'],
      ['<p>one  two</p>', '<p>one two<!-- note --></p>'],
      // A comment is not content: the text either side joins as if it were not there.
      ['<p>ab</p>', '<p>a<!-- c -->b</p>'],
      ['<P CLASS="x">a<BR></P>', '<p class="x">a<br/></p>'],
      // Numeric character references are the characters they name; canonically equivalent text is the same text.
      ['<p>¡Olé 😀</p>', '<p>&#161;Ol&#xE9; &#128512;</p>'],
      ['<p>Cafe\u0301</p>', '<p>Café</p>'],
      ['<p>a&nbsp;b</p>', '<p>a\u00A0b</p>'],
      ['<p>\ta \r\n b\f</p>', '<p>a b</p>'],
    ];
    for (const [a, b] of pairs) expect(sameHtmlContent(a, b), `${a} vs ${b}`).toBe(true);
  });

  it('sees a dropped or added element, attribute or word', () => {
    const pairs: Array<[string, string]> = [
      ['<p><b>a</b></p>', '<p>a</p>'],
      ['<a href="https://x.example/" target="_blank">go</a>', '<a href="https://x.example/">go</a>'],
      ['<p>one two</p>', '<p>one</p>'],
      ['<p>a</p>', '<div>a</div>'],
      ['<p>a</p>', '<p>a</p><p>b</p>'],
      // A no-break space is a character, not HTML white space: turned into a space, the text changed.
      ['<p>a\u00A0b</p>', '<p>a b</p>'],
      ['<p>\u2003a</p>', '<p>a</p>'],
    ];
    for (const [a, b] of pairs) expect(sameHtmlContent(a, b), `${a} vs ${b}`).toBe(false);
  });

  it('finds a generated tree the same content in every name case', () => {
    fc.assert(
      fc.property(allowedHtmlTreeArb, (tree) => {
        expect(sameHtmlContent(serializeHtml(tree, 'lower'), serializeHtml(tree, 'upper'))).toBe(true);
        expect(sameHtmlContent(serializeHtml(tree, 'lower'), serializeHtml(tree, 'capital'))).toBe(true);
      }),
      { seed: 10, numRuns: 100 },
    );
  });

  it('finds every generated tree equal to itself re-serialized by htmlparser2', () => {
    fc.assert(
      fc.property(allowedHtmlArb, (html) => {
        const reserialized = DomUtils.getOuterHTML(parseDocument(html), { encodeEntities: 'utf8', selfClosingTags: true });
        expect(sameHtmlContent(html, reserialized)).toBe(true);
        expect(htmlContent(html).length).toBeGreaterThan(0);
      }),
      { seed: 9, numRuns: 100 },
    );
  });
});
