/**
 * @module Hand-written descriptions with one violation each, tried once per
 * run after the generated ones. The generators draw a tag or attribute at
 * random per case, so a server that lets exactly one of them through (only
 * <script>, or attributes on <p> only) could pass a run by chance; these
 * cover every tag of the allow-list and the usual dangerous ones every time.
 * Each is rejected by spec 2.1 rules 1-3 whatever else the server checks;
 * every attribute HTML defines goes on a and on the bare tags.
 * Names are case-insensitive in HTML, so each kind also comes upper-case and
 * capitalized (`<SCRIPT>`, `<P CLASS>`, `<A>`), and each attribute comes in
 * every form HTML writes one (`class="x"`, `class='x'`, `onclick=alert(1)`,
 * `hidden`, ` style = "x"` after a newline): a check that only sees
 * `name="..."` lets the others through, a script carrier among them. A
 * stray end tag of a disallowed element (`<p>x</span></p>`) is no tag to a
 * tree-based check, so it is listed apart (knownStrayEndTags). Each kind also
 * comes between two comments, which a check may strip before it looks, and in
 * every markup spelling of html-tree.ts (`<script\n>`, `<img/>`, `<p class="x" >`):
 * a check that reads a tag as `<name>` or `<name attributes>` misses those.
 */
import { htmlAllowlist } from '../../schemas/index.js';
import type { HtmlViolationKind } from '../arbitraries/html.js';
import { attributesNotAllowedOn, HTML_ATTRIBUTES } from '../arbitraries/html-attributes.js';
import {
  ATTRIBUTE_FORMS,
  MARKUP_SPELLINGS,
  NAME_CASES,
  serializeHtml,
  type AttributeForm,
  type HtmlElement,
  type HtmlNode,
  type HtmlText,
} from '../arbitraries/html-tree.js';

const HREF = 'https://example.com/jobs';
/** Outside the allow-list; the first ones are the usual script carriers. */
const DISALLOWED_TAGS = ['script', 'iframe', 'style', 'object', 'img', 'span', 'u', 'h1', 'table', 'form'];
const VOID_ELEMENTS = new Set(['img', 'input']);

const disallowedTags = DISALLOWED_TAGS.filter((tag) => !(tag in htmlAllowlist.tags));
const linkTags = Object.entries(htmlAllowlist.tags)
  .filter(([, rule]) => Object.values(rule.attributes).includes('required'))
  .map(([tag]) => tag);
const capitalize = (name: string): string => name.charAt(0).toUpperCase() + name.slice(1);
const bareTags = Object.entries(htmlAllowlist.tags).filter(([, rule]) => Object.keys(rule.attributes).length === 0);

/** `<tag attrs>` placed where HTML allows it (a list item in a list, a list holding an item, a void tag in a paragraph). */
function inPlace(tag: string, attributes: string, isVoid: boolean): string {
  if (isVoid) return `<p>before<${tag}${attributes}>after</p>`;
  if (tag === 'li') return `<ul><li${attributes}>item</li></ul>`;
  if (tag === 'ul' || tag === 'ol') return `<${tag}${attributes}><li>item</li></${tag}>`;
  return `<${tag}${attributes}>text</${tag}>`;
}

/**
 * @example
 * knownHtmlViolations('disallowed-tag')[0]; // '<p>text <script>alert(1)</script></p>'
 */
export function knownHtmlViolations(kind: HtmlViolationKind): string[] {
  return [...lowerCase(kind), ...otherSpellings(kind), ...attributeForms(kind), ...betweenComments(kind), ...markupSpellings(kind)];
}

/** One violation of `kind` as a tree, with a void element beside it (whose end a markup spelling writes too). */
function violationTree(kind: HtmlViolationKind): HtmlNode[] {
  const link = linkTags[0]!;
  const lineBreak: HtmlNode = { ...element('br', []), void: true };
  const violation: Record<HtmlViolationKind, HtmlNode> = {
    'disallowed-tag': element('script', [text('alert(1)')]),
    'attribute-on-non-a': element('b', [text('text')], [['class', 'x']]),
    'a-without-href': element(link, [text('link')], [['target', '_blank']]),
    'other-attribute-on-a': element(
      link,
      [text('link')],
      [
        ['href', HREF],
        ['class', 'x'],
      ],
    ),
  };
  return [element('p', [text('text '), violation[kind], lineBreak, text('after')])];
}

/** The violation of `kind` in each markup spelling (html-tree.ts): the same tree to an HTML parser. */
function markupSpellings(kind: HtmlViolationKind): string[] {
  return [...new Set(MARKUP_SPELLINGS.map((markup) => serializeHtml(violationTree(kind), 'lower', markup)))];
}

/**
 * The first violation of `kind` between two comments (which 2.1 leaves open: a server may take or refuse them). A
 * check that drops comments with a greedy pattern (`<!--.*-->`) drops the violation with them.
 */
function betweenComments(kind: HtmlViolationKind): string[] {
  return [`<!-- before -->${lowerCase(kind)[0]!}<!-- after -->`];
}

/**
 * End tags of disallowed elements with no start tag: refused by a token-based check, dropped by a tree-based one.
 *
 * @example
 * knownStrayEndTags()[0]; // '<p>text</span></p>'
 */
export function knownStrayEndTags(): string[] {
  return ['<p>text</span></p>', '<p>text</SPAN></p>', '<p>text</Script></p>'];
}

/** One violation of `kind` in each attribute form but the double-quoted one (which lowerCase writes). */
function attributeForms(kind: HtmlViolationKind): string[] {
  const link = linkTags[0]!;
  switch (kind) {
    case 'disallowed-tag':
      // The classic carrier: a disallowed element whose attributes are unquoted.
      return ['<p>text <img src=x onerror=alert(1)></p>', "<p>text <span class='x'>y</span></p>"];
    case 'attribute-on-non-a':
      return [
        '<p onclick=alert(1)>text</p>',
        "<p class='x'>text</p>",
        '<p hidden>text</p>',
        '<p\n\tstyle = "color:red">text</p>',
        '<b ID=x>text</b>',
      ];
    case 'a-without-href':
      // No href, though the target's value holds the letters "href=".
      return [
        `<p><${link} target=_blank>link</${link}></p>`,
        `<p><${link} target='_blank'>link</${link}></p>`,
        `<p><${link}\n\ttarget = "_blank">link</${link}></p>`,
        `<p><${link} target="href=${HREF}">link</${link}></p>`,
      ];
    case 'other-attribute-on-a':
      return [
        `<p><${link} href="${HREF}" onclick=alert(1)>link</${link}></p>`,
        `<p><${link} href='${HREF}' class='x'>link</${link}></p>`,
        `<p><${link} href=${HREF} hidden>link</${link}></p>`,
        `<p><${link}\n\thref = "${HREF}"\n\tstyle = "x">link</${link}></p>`,
      ];
  }
}

function lowerCase(kind: HtmlViolationKind): string[] {
  switch (kind) {
    case 'disallowed-tag':
      return [
        ...disallowedTags.map((tag) =>
          tag === 'script'
            ? '<p>text <script>alert(1)</script></p>'
            : VOID_ELEMENTS.has(tag)
              ? `<p>text <${tag}></p>`
              : `<div><${tag}>text</${tag}></div>`,
        ),
      ];
    case 'attribute-on-non-a':
      // Every allowed tag without attributes, and every attribute HTML defines, each at least once.
      return Array.from({ length: Math.max(bareTags.length, HTML_ATTRIBUTES.length) }, (_, i) => {
        const [tag, rule] = bareTags[i % bareTags.length]!;
        return inPlace(tag, ` ${HTML_ATTRIBUTES[i % HTML_ATTRIBUTES.length]!}="x"`, rule.void === true);
      });
    case 'a-without-href':
      return linkTags.flatMap((tag) => [`<p><${tag}>link</${tag}></p>`, `<p><${tag} target="_blank">link</${tag}></p>`]);
    case 'other-attribute-on-a':
      return linkTags.flatMap((tag) =>
        attributesNotAllowedOn(tag).map((name) => `<p><${tag} href="${HREF}" ${name}="x">link</${tag}></p>`),
      );
  }
}

/** The same violations with names upper-case or capitalized: a case-sensitive check lets these through. */
function otherSpellings(kind: HtmlViolationKind): string[] {
  const link = linkTags[0]!;
  const [upper, capital] = [link.toUpperCase(), capitalize(link)];
  switch (kind) {
    case 'disallowed-tag':
      return ['<p>text <SCRIPT>alert(1)</SCRIPT></p>', '<p>text <Script>alert(1)</Script></p>', '<DIV><IFRAME>text</IFRAME></DIV>'];
    case 'attribute-on-non-a':
      return ['<P CLASS="x">text</P>', '<p Style="x">text</p>', '<p>before<BR ID="x">after</p>'];
    case 'a-without-href':
      return [`<p><${upper}>link</${upper}></p>`, `<p><${capital} Target="_blank">link</${capital}></p>`];
    case 'other-attribute-on-a':
      return [
        `<p><${upper} HREF="${HREF}" ONCLICK="x">link</${upper}></p>`,
        `<p><${capital} Href="${HREF}" Class="x">link</${capital}></p>`,
      ];
  }
}

/** The forms of an href besides the generators' `https://host/word`. */
const HREF_FORMS = [
  '/jobs/apply',
  'apply.html',
  '#apply',
  '?ref=list',
  'https://jobs.example.com:8443/apply?ref=list#form',
  '//example.com/jobs',
  'mailto:jobs@example.com',
  'tel:+15555550123',
];

const text = (value: string): HtmlText => ({ type: 'text', text: value });
const element = (tag: string, children: HtmlNode[], attributes: Array<[string, string]> = []): HtmlElement => ({
  type: 'element',
  tag,
  attributes,
  children,
});

/**
 * One tree with every part a spelling changes: names, a link's two attributes, a void element, and text with HTML's
 * special characters, letters beyond ASCII and a no-break space (`&nbsp;`, the reference pasted text holds most).
 */
function spellingSample(link: string, attributeForm: AttributeForm = 'double'): HtmlNode[] {
  return [
    element('p', [
      text('R&D <now>\u00A0café'),
      { ...element('br', []), void: true },
      element('b', [text('bold')]),
      element('em', [text('em')]),
    ]),
    element('ul', [
      element('li', [
        {
          ...element(
            link,
            [text('apply')],
            [
              ['href', HREF],
              ['target', '_blank'],
            ],
          ),
          attributeForm,
        },
      ]),
    ]),
  ];
}

/** Attribute forms of a valid element: all but the canonical double-quoted one and the valueless one (violations only). */
const OTHER_VALUE_FORMS = ATTRIBUTE_FORMS.filter((form) => form !== 'double' && form !== 'bare');

/**
 * Allowed descriptions in every legal spelling, one dimension at a time, tried once per run by the accept rule:
 * names upper-case and capitalized (a server that reads names case-sensitively refuses `<A HREF="...">` as a link
 * without href), attributes single-quoted, unquoted and spaced (one that only sees `href="..."` refuses `<a href=x>`),
 * and each other markup spelling (html-tree.ts MARKUP_SPELLINGS: `<p >`, `<br/>`, `&#38;`, `caf&eacute;`, `<a target=... href=...>`). Derived from the
 * serializer's choices, so a spelling added there is tried here.
 *
 * @example
 * knownAllowedSpellings()[0]; // '<P>R&amp;D &lt;now&gt; café <BR> <B>bold</B> <EM>em</EM></P> <UL>…'
 */
export function knownAllowedSpellings(): string[] {
  const link = linkTags[0]!;
  return [
    ...NAME_CASES.filter((nameCase) => nameCase !== 'lower').map((nameCase) => serializeHtml(spellingSample(link), nameCase)),
    ...OTHER_VALUE_FORMS.map((form) => serializeHtml(spellingSample(link, form))),
    ...MARKUP_SPELLINGS.map((markup) => serializeHtml(spellingSample(link), 'lower', markup)),
    // `<!--` inside an attribute value is no comment: a server that searches the text for comments takes it for one.
    `<p><${link} href="${HREF}#<!--">link</${link}></p>`,
    // Every form of URL an href holds (2.1 requires href, not a scheme): a relative path, a fragment, a query, a
    // scheme-relative address, mail and telephone links.
    ...HREF_FORMS.map((href) => `<p><${link} href="${href}">link</${link}></p>`),
  ];
}
