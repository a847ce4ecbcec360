/**
 * The description HTML allow-list (spec 2.1, rules 1-3): the table lives once,
 * in html.schema.json, and both the finder and the ajv keyword read it there.
 * Every tag is checked both ways, plus `a` with and without href.
 */
import fc from 'fast-check';
import { Parser } from 'htmlparser2';
import { describe, expect, test } from 'vitest';
import { findHtmlViolations, htmlAllowlist, loadSchema, SCHEMA_BASE, validators } from './index.js';
import type { HtmlAllowlist } from './html-allowlist.js';
import { exampleJobCreate } from './spec-examples.js';
import { createAjv } from './validators.js';
import { issuesOf } from './test-helpers.test-support.js';

const SPEC_TAGS = ['strong', 'b', 'em', 'i', 'br', 'p', 'div', 'ul', 'ol', 'li', 'a'];
const describe_ = (description: string) => validators.jobCreate({ ...exampleJobCreate, description });
const kinds = (html: string) => findHtmlViolations(html).map((v) => [v.kind, v.tag, v.attribute]);

describe('the table is read from html.schema.json', () => {
  const schemaTable = (loadSchema('html.schema.json') as { $defs: { allowedHtml: Record<string, unknown> } }).$defs.allowedHtml[
    'x-html-allowlist'
  ];

  test('htmlAllowlist is the x-html-allowlist value of the schema', () => {
    expect(htmlAllowlist).toEqual(schemaTable);
  });

  test('§2.1 rule 1: the allowed tag set is exactly the keys under x-html-allowlist, and those are the spec list', () => {
    expect(Object.keys(htmlAllowlist.tags).sort()).toEqual(Object.keys((schemaTable as { tags: object }).tags).sort());
    expect(Object.keys(htmlAllowlist.tags).sort()).toEqual([...SPEC_TAGS].sort());
  });

  test('§2.1 rules 2-3: only a has attributes: href required, target optional', () => {
    const withAttributes = Object.entries(htmlAllowlist.tags).filter(([, rule]) => Object.keys(rule.attributes).length > 0);
    expect(withAttributes).toEqual([['a', { attributes: { href: 'required', target: 'optional' } }]]);
  });

  test('the ajv keyword takes its table from the schema it sits in, not from a copy in code', () => {
    const ajv = createAjv();
    const validate = ajv.compile({
      $id: `${SCHEMA_BASE}test-other-allowlist.schema.json`,
      type: 'string',
      'x-html-allowlist': { tags: { span: { attributes: { lang: 'optional' } } } },
    });
    expect(validate('<span lang="fr">oui</span>')).toBe(true);
    expect(validate('<p>no</p>')).toBe(false);
    expect(validate.errors?.[0]).toMatchObject({ keyword: 'x-html-allowlist', params: { kind: 'disallowed-tag', tag: 'p' } });
  });
});

describe.each(SPEC_TAGS.filter((t) => t !== 'a'))('§2.1 <%s>', (tag) => {
  const open = tag === 'br' ? '<br>' : `<${tag}>x</${tag}>`;
  test('is allowed without attributes', () => {
    expect(findHtmlViolations(open)).toEqual([]);
    expect(issuesOf(describe_(open))).toEqual([]);
  });
  test('with an attribute is rejected (rule 3)', () => {
    const html = tag === 'br' ? '<br class="x">' : `<${tag} class="x">x</${tag}>`;
    expect(kinds(html)).toEqual([['disallowed-attribute', tag, 'class']]);
    expect(issuesOf(describe_(html))).toEqual([expect.objectContaining({ path: '/description', rule: 'x-html-allowlist' })]);
  });
  test('with href (allowed only on a) is rejected', () => {
    expect(kinds(`<${tag} href="https://x.example">x</${tag}>`)).toEqual([['disallowed-attribute', tag, 'href']]);
  });
});

describe('§2.1 rule 2: <a>', () => {
  test.each([
    '<a href="https://x.example">x</a>',
    '<a href="https://x.example" target="_blank">x</a>',
    '<a target="_self" href="/jobs">x</a>',
    '<a href="">x</a>',
  ])('%s is allowed', (html) => {
    expect(findHtmlViolations(html)).toEqual([]);
    expect(issuesOf(describe_(html))).toEqual([]);
  });
  test('without href is rejected', () => {
    expect(kinds('<a>x</a>')).toEqual([['missing-attribute', 'a', 'href']]);
    expect(kinds('<a target="_blank">x</a>')).toEqual([['missing-attribute', 'a', 'href']]);
    expect(issuesOf(describe_('<a>x</a>'))).toEqual([
      expect.objectContaining({ path: '/description', rule: 'x-html-allowlist', message: '<a> must have attribute "href"' }),
    ]);
  });
  test.each(['rel', 'class', 'onclick', 'style'])('with href and %s is rejected', (attribute) => {
    expect(kinds(`<a href="https://x.example" ${attribute}="y">x</a>`)).toEqual([['disallowed-attribute', 'a', attribute]]);
  });
});

describe('§2.1 rule 1: other tags are rejected', () => {
  test.each(['span', 'script', 'img', 'h1', 'table', 'u', 'font', 'iframe', 'strike'])('<%s>', (tag) => {
    expect(kinds(`<p>ok <${tag}>x</${tag}></p>`)).toEqual([['disallowed-tag', tag, undefined]]);
    expect(issuesOf(describe_(`<${tag}>x</${tag}>`))).toEqual([
      expect.objectContaining({ path: '/description', rule: 'x-html-allowlist', message: `tag <${tag}> is not allowed` }),
    ]);
  });
  test.each(['<p>x</span></p>', '<p>x</SPAN></p>', 'text </script>', '<div>x</iframe></div>'])(
    'a stray end tag %s is a disallowed tag (the parser reports no opening tag for it)',
    (html) => {
      const tag = /<\/(\w+)>/.exec(html)![1]!.toLowerCase();
      expect(kinds(html)).toEqual([['disallowed-tag', tag, undefined]]);
    },
  );
  test('an element outside the list is reported once, at its start tag', () => {
    expect(kinds('<span>x</span></span>')).toEqual([['disallowed-tag', 'span', undefined]]);
  });
  test('stray end tags of allowed elements are allowed', () => {
    for (const html of ['<p>x</b></p>', 'x</p>', '<p>x</br></p>', '<p>x</LI></p>']) expect(findHtmlViolations(html), html).toEqual([]);
  });
});

describe('tag and attribute names are case-insensitive (HTML)', () => {
  test.each([
    ['<SCRIPT>x</SCRIPT>', [['disallowed-tag', 'script', undefined]]],
    ['<Script>x</Script>', [['disallowed-tag', 'script', undefined]]],
    ['<P CLASS=x>y</P>', [['disallowed-attribute', 'p', 'class']]],
    ['<A>x</A>', [['missing-attribute', 'a', 'href']]],
    ['<a HREF="https://x.example" OnClick="y">x</a>', [['disallowed-attribute', 'a', 'onclick']]],
  ])('%s is a violation', (html, expected) => {
    expect(kinds(html)).toEqual(expected);
  });
  test.each([
    '<P>x</P>',
    '<A HREF="https://x.example">x</A>',
    '<a Href="https://x.example" TARGET="_blank">x</a>',
    '<UL><Li>x</lI></UL><Br>',
  ])('%s is allowed', (html) => {
    expect(findHtmlViolations(html)).toEqual([]);
  });
});

describe('comments (the rules restrict tags and attributes; a comment is neither)', () => {
  const refusing: HtmlAllowlist = { ...htmlAllowlist, comments: 'refused' };

  test('the schema table allows them', () => {
    expect(htmlAllowlist.comments).toBe('allowed');
  });
  test.each(['<p>x</p><!-- note -->', '<p>a<!---->b</p>', '<!-- a -- b --><p>x</p>', '<ul><li>x<!-- <script>y</script> --></li></ul>'])(
    'a well-formed comment %s is allowed, or refused by a table that refuses comments',
    (html) => {
      expect(findHtmlViolations(html)).toEqual([]);
      expect(issuesOf(describe_(html))).toEqual([]);
      expect(findHtmlViolations(html, refusing).map((v) => [v.kind, v.message])).toEqual([
        ['disallowed-markup', 'HTML comments are not allowed'],
      ]);
    },
  );
  // Each would end earlier in a browser than in htmlparser2, or is no comment at all (HTML 13.1.6).
  test.each([
    ['<p>x<!-- a --!><script>alert(1)</script>--></p>', 'contains --!>'],
    ['<!--><p>x</p>', 'is closed at once'],
    ['<!---><p>x</p>', 'is closed at once'],
    ['<!-- <!-- x -->', 'contains <!--'],
    ['<!--x<!--->', 'ends with <!-'],
    ['<!-- ->-->', undefined],
    ['<p>x<!-- open', 'is not closed by -->'],
    ['<p>x</1x>y</p>', 'is not of the form'],
  ])('a malformed comment %s is refused whatever the table says', (html, reason) => {
    const messages = findHtmlViolations(html).map((v) => v.message);
    if (reason === undefined) return expect(messages).toEqual([]);
    expect(messages).toEqual([expect.stringContaining(reason)]);
  });
  test('a CDATA section (a bogus comment to a browser, ended at the first >) is refused', () => {
    expect(findHtmlViolations('<![CDATA[ > <script>alert(1)</script> ]]>').map((v) => v.message)).toEqual([
      'CDATA sections are not allowed',
    ]);
  });
});

describe('§2.1 nested trees', () => {
  test('a deep tree of allowed tags is allowed', () => {
    const html =
      '<div><p><strong>Role</strong> <em>and</em> <b>team</b><br/><i>remote</i></p>' +
      '<ul><li><a href="https://x.example/a" target="_blank"><strong>apply</strong></a></li><li><ol><li>one</li></ol></li></ul></div>';
    expect(findHtmlViolations(html)).toEqual([]);
    expect(issuesOf(describe_(html))).toEqual([]);
  });
  test('every violation deep in a tree is reported, one issue each', () => {
    const html = '<div><ul><li><span>x</span></li><li><a>y</a></li></ul><p id="z">z</p></div>';
    expect(kinds(html)).toEqual([
      ['disallowed-tag', 'span', undefined],
      ['missing-attribute', 'a', 'href'],
      ['disallowed-attribute', 'p', 'id'],
    ]);
    expect(issuesOf(describe_(html))).toHaveLength(3);
  });
  test('plain text, entities and upper-case tag names are allowed', () => {
    expect(findHtmlViolations('Salary &gt; 50k &amp; benefits, 3 < 4')).toEqual([]);
    expect(findHtmlViolations('<P>Hello<BR></P><A HREF="https://x.example">x</A>')).toEqual([]);
  });
  test('§8: no technical length limit', () => {
    expect(issuesOf(describe_('<p>long</p>'.repeat(50_000)))).toEqual([]);
  });
});

describe('remembered clean texts (findHtmlViolations keeps the last few that passed)', () => {
  const other: HtmlAllowlist = { tags: { span: { attributes: {} } } };

  test('a clean text stays clean, each answer a fresh array', () => {
    const html = '<p>Remembered <strong>text</strong></p>';
    const first = findHtmlViolations(html);
    expect(first).toEqual([]);
    first.push({ kind: 'disallowed-tag', message: 'x' });
    expect(findHtmlViolations(html)).toEqual([]);
  });

  test('a failing text is never remembered, and a text clean under one table is checked again under another', () => {
    const bad = '<p>x</p><script>y</script>';
    for (let i = 0; i < 2; i++) expect(kinds(bad)).toEqual([['disallowed-tag', 'script', undefined]]);
    const html = '<p>clean here</p>';
    expect(findHtmlViolations(html)).toEqual([]);
    expect(findHtmlViolations(html, other).map((v) => v.tag)).toEqual(['p']);
    expect(findHtmlViolations('<span>x</span>', other)).toEqual([]);
    expect(findHtmlViolations('<span>x</span>').map((v) => v.tag)).toEqual(['span']);
  });

  test('stays right past its size: the oldest texts are parsed again', () => {
    const texts = Array.from({ length: 200 }, (_, i) => (i % 2 ? `<p>${i}</p>` : `<p>${i}</p><span>${i}</span>`));
    for (let round = 0; round < 2; round++) {
      for (const [i, html] of texts.entries()) expect(findHtmlViolations(html)).toHaveLength(i % 2 ? 0 : 1);
    }
  });
});

describe('tag names are looked up as own properties of the table', () => {
  test('<constructor> (an Object.prototype member) is a disallowed tag, not a crash', () => {
    expect(kinds('<constructor>x</constructor>')).toEqual([['disallowed-tag', 'constructor', undefined]]);
    expect(issuesOf(describe_('<p><constructor href="x">y</constructor></p>'))).toEqual([
      expect.objectContaining({ path: '/description', rule: 'x-html-allowlist' }),
    ]);
  });
});

describe('entities are not decoded: the violations are those of a parse that decodes them', () => {
  /** Tags, attribute names, comments and processing instructions as a decoding htmlparser2 Parser reports them. */
  const structure = (html: string, decodeEntities: boolean): string[] => {
    const seen: string[] = [];
    const parser = new Parser(
      {
        onopentag: (name, attribs) => seen.push(`<${name} ${Object.keys(attribs).join(' ')}>`),
        oncomment: () => seen.push('comment'),
        onprocessinginstruction: (name) => seen.push(`pi ${name}`),
      },
      { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities },
    );
    parser.write(html);
    parser.end();
    return seen;
  };
  const fragments = [
    '<',
    '>',
    '/',
    '!',
    '?',
    '"',
    "'",
    '=',
    ' ',
    'a',
    'p',
    'x',
    '&',
    ';',
    '#',
    '&amp;',
    '&lt;',
    '&gt;',
    '&#60;',
    '&#x3c;',
    '&lt',
    '&quot;',
    '<p>',
    '</p>',
    '<a href="',
    '<a target=',
    '<br/>',
    '<!--',
    '-->',
    '<![CDATA[',
    ']]>',
    '<!doctype html>',
    '<?xml ?>',
    '<script>',
    '</script>',
    '<textarea>',
    '</textarea>',
    '<title>',
    '<svg>',
    '<constructor>',
    '<div class=&quot;x&quot;>',
    '<b&amp;>',
  ];
  test('for any mix of tags, entities and markup', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...fragments), { maxLength: 40 }).map((parts) => parts.join('')),
        (html) => {
          expect(structure(html, false)).toEqual(structure(html, true));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
