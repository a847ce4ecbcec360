/**
 * @module Description HTML (spec 2.1, description rules 1-3). The allowed tags
 * and their attributes come from `htmlAllowlist` (html.schema.json); what may
 * nest inside what is HTML's own content model, kept here so every generated
 * tree parses the same in any HTML parser (no <div> inside <p>, no <a> inside
 * <a>, only <li> inside lists, no empty containers a sanitizer might drop).
 * Tag and attribute names are case-insensitive in HTML, and attributes come
 * in every form HTML allows (double- or single-quoted, unquoted, spaced, and
 * valueless in violations: see AttributeForm). A valid description that only
 * reaches a rule's subject is canonical (allowedHtmlArb: lower-case names,
 * double-quoted attributes); the other spellings are drawn by the one rule
 * that owns them (allowedHtmlSpellingArb, jobs.html.accepts-allowed-tags) and
 * by the refusal rules, whose violations come in every spelling so a check
 * that only sees `name="..."` is caught.
 */
import * as fc from 'fast-check';
import { htmlAllowlist } from '../../schemas/index.js';
import {
  ATTRIBUTE_FORMS,
  CANONICAL_MARKUP,
  insertAt,
  MARKUP_SPELLINGS,
  type MarkupSpelling,
  phrasingInsertionPoints,
  serializeHtml,
  type AttributeForm,
  type HtmlElement,
  type HtmlEndTag,
  type HtmlNode,
  type NameCase,
} from './html-tree.js';
import { attributesNotAllowedOn, HTML_ATTRIBUTES } from './html-attributes.js';
import { unicodeWordsArb, wordArb } from './text.js';

type Role = 'inline' | 'void' | 'paragraph' | 'block' | 'list' | 'list-item';

// HTML content-model roles of the tags the spec allows. A tag added to the
// allow-list without a role here is simply not generated (never mis-nested).
const ROLES: Record<string, Role> = {
  strong: 'inline',
  b: 'inline',
  em: 'inline',
  i: 'inline',
  a: 'inline',
  br: 'void',
  p: 'paragraph',
  div: 'block',
  ul: 'list',
  ol: 'list',
  li: 'list-item',
};

const allowed = Object.entries(htmlAllowlist.tags).filter(([tag]) => tag in ROLES);
const tagsWithRole = (...roles: Role[]): string[] => allowed.filter(([tag]) => roles.includes(ROLES[tag]!)).map(([t]) => t);

const INLINE = tagsWithRole('inline');
const VOID = tagsWithRole('void');
const BLOCK = tagsWithRole('paragraph', 'block');
const LIST = tagsWithRole('list');
const LIST_ITEM = tagsWithRole('list-item');
/** Tags whose children may be phrasing content: where a violation can be inserted. */
const acceptsPhrasing = (tag: string): boolean => ROLES[tag] !== 'list' && ROLES[tag] !== 'void';

/** Tags that require an attribute (spec 2.1 rule 2: `a` with `href`). */
const LINK_TAGS = allowed.filter(([, rule]) => Object.values(rule.attributes).includes('required')).map(([t]) => t);
/** Tags that take no attribute at all (spec 2.1 rule 3). */
const BARE_TAGS = allowed.filter(([, rule]) => Object.keys(rule.attributes).length === 0).map(([t]) => t);

const SPECIAL_WORDS = ['R&D', 'Q&A', 'a<b', '5 > 3', '"quoted"', "l'été", '&amp;'];

function joinText(words: string[]): HtmlNode {
  return { type: 'text', text: words.join(' ') };
}

/** Non-empty text with no leading/trailing whitespace; sometimes characters that must be escaped. */
const textNodeArb: fc.Arbitrary<HtmlNode> = fc
  .array(fc.oneof({ weight: 5, arbitrary: unicodeWordsArb(3) }, { weight: 1, arbitrary: fc.constantFrom(...SPECIAL_WORDS) }), {
    minLength: 1,
    maxLength: 2,
  })
  .map(joinText);

const hrefArb = fc
  .record({ scheme: fc.constantFrom('https', 'http'), host: fc.constantFrom('example.com', 'example.org'), path: wordArb('lower') })
  .map(function toHref({ scheme, host, path }) {
    return `${scheme}://${host}/${path}`;
  });

const TARGETS = ['_blank', '_self', '_parent', '_top'];

/** A value for an allowed attribute: hrefs are http(s) links, targets browsing-context keywords. */
function attributeValueArb(name: string): fc.Arbitrary<string> {
  if (name === 'href') return hrefArb;
  if (name === 'target') return fc.constantFrom(...TARGETS);
  return wordArb('lower');
}

function element(tag: string, attributes: Array<[string, string]>, children: HtmlNode[], attributeForm?: AttributeForm): HtmlElement {
  return { type: 'element', tag, attributes, children, ...(attributeForm && attributes.length > 0 ? { attributeForm } : {}) };
}

/**
 * How a valid element writes its attributes: double-quoted mostly, else single-quoted, unquoted or spaced
 * (never valueless: an `href` without a value is a link to nowhere a server may judge).
 */
const validAttributeFormArb: fc.Arbitrary<AttributeForm> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<AttributeForm>('double') },
  { weight: 1, arbitrary: fc.constantFrom<AttributeForm>('single', 'unquoted', 'spaced') },
);

/** How an invalid element writes its attributes: any form, valueless (`<p hidden>`) included. */
const anyAttributeFormArb: fc.Arbitrary<AttributeForm> = fc.constantFrom(...ATTRIBUTE_FORMS);

function voidElement(tag: string): HtmlElement {
  return { type: 'element', tag, attributes: [], children: [], void: true };
}

/** Allowed attributes of `tag`: every required one, each optional one or not (spec 2.1 rule 2). */
function allowedAttributesArb(tag: string): fc.Arbitrary<Array<[string, string]>> {
  const rules = Object.entries(htmlAllowlist.tags[tag]?.attributes ?? {});
  const parts = rules.map(([name, need]) => {
    const pair = attributeValueArb(name).map((value): [string, string] => [name, value]);
    return need === 'required' ? pair.map((p) => [p]) : fc.option(pair, { nil: undefined }).map((p) => (p ? [p] : []));
  });
  return fc.tuple(...parts).map(function flattenAttributes(lists) {
    return lists.flat();
  });
}

const memo = new Map<string, fc.Arbitrary<HtmlNode[]>>();
function memoized(key: string, build: () => fc.Arbitrary<HtmlNode[]>): fc.Arbitrary<HtmlNode[]> {
  let arb = memo.get(key);
  if (!arb) memo.set(key, (arb = build()));
  return arb;
}

/** 1-3 phrasing nodes: text, <br>, inline elements (never an <a> inside an <a>). */
function phrasingArb(depth: number, inLink: boolean): fc.Arbitrary<HtmlNode[]> {
  return memoized(`phrasing:${depth}:${inLink}`, () => {
    const options: fc.Arbitrary<HtmlNode>[] = [textNodeArb, textNodeArb];
    if (VOID.length > 0) options.push(fc.constantFrom(...VOID).map(voidElement));
    const inline = INLINE.filter((tag) => !(inLink && LINK_TAGS.includes(tag)));
    if (depth > 0) {
      for (const tag of inline) {
        const childInLink = inLink || LINK_TAGS.includes(tag);
        options.push(
          fc
            .tuple(allowedAttributesArb(tag), phrasingArb(depth - 1, childInLink), validAttributeFormArb)
            .map(([attrs, kids, form]) => element(tag, attrs, kids, form)),
        );
      }
    }
    return fc.array(fc.oneof(...options), { minLength: 1, maxLength: 2 });
  });
}

/** 1-3 flow nodes: phrasing plus p, div and lists of li. */
function flowArb(depth: number): fc.Arbitrary<HtmlNode[]> {
  return memoized(`flow:${depth}`, () => {
    // Leaves weigh more than containers, to keep descriptions "reasonably short" (spec 2.1 rule 4).
    const options: fc.WeightedArbitrary<HtmlNode[]>[] = [{ weight: BLOCK.length + LIST.length, arbitrary: phrasingArb(depth, false) }];
    if (depth > 0) {
      for (const tag of BLOCK) {
        const kids = ROLES[tag] === 'paragraph' ? phrasingArb(depth - 1, false) : flowArb(depth - 1);
        options.push({ weight: 1, arbitrary: kids.map((children) => [element(tag, [], children)]) });
      }
      for (const list of LIST) {
        const items = LIST_ITEM.map((li) => flowArb(depth - 1).map((children) => element(li, [], children)));
        if (items.length === 0) continue;
        const lists = fc.array(fc.oneof(...items), { minLength: 1, maxLength: 3 }).map((lis) => [element(list, [], lis)]);
        options.push({ weight: 1, arbitrary: lists });
      }
    }
    return fc.array(fc.oneof(...options), { minLength: 1, maxLength: 3 }).map(function flatten(groups) {
      return groups.flat();
    });
  });
}

/** Whether `nodes` hold text beyond white space somewhere. */
function holdsText(nodes: readonly HtmlNode[]): boolean {
  return nodes.some((node) => (node.type === 'text' ? /\S/.test(node.text) : node.type === 'element' && holdsText(node.children)));
}

/**
 * Trees of allowed tags only, nested up to 3 levels, as nodes (for inserting violations). Each holds some text: a
 * description of tags alone (`<p><br></p>`) is one a server may refuse (jobs.roundtrip.blank-description sends it),
 * so no other rule does.
 *
 * @example
 * fc.sample(allowedHtmlTreeArb, 1); // [[{ type: 'element', tag: 'p', attributes: [], children: [...] }]]
 */
export const allowedHtmlTreeArb: fc.Arbitrary<HtmlNode[]> = flowArb(3).filter(holdsText);

/**
 * How a description spells its tag and attribute names: lower-case three
 * times in five, else upper-case or capitalized (HTML names are
 * case-insensitive, so a server that checks them case-sensitively is caught).
 *
 * @example
 * fc.sample(nameCaseArb, 3); // ['lower', 'upper', 'lower']
 */
export const nameCaseArb: fc.Arbitrary<NameCase> = fc.oneof(
  { weight: 3, arbitrary: fc.constant<NameCase>('lower') },
  { weight: 1, arbitrary: fc.constant<NameCase>('upper') },
  { weight: 1, arbitrary: fc.constant<NameCase>('capital') },
);

/** The tree with every attribute written double-quoted: the canonical spelling (attributeForm dropped). */
function doubleQuoted(nodes: readonly HtmlNode[]): HtmlNode[] {
  return nodes.map(function canonicalNode(node): HtmlNode {
    if (node.type !== 'element') return node;
    const { attributeForm: _form, ...rest } = node;
    return { ...rest, children: doubleQuoted(node.children) };
  });
}

/**
 * Serialized trees of allowed tags, with `a href` and an optional `target`:
 * valid by spec 2.1 rules 1-3 by construction, in the canonical spelling
 * (lower-case names, double-quoted attributes) every setup body uses.
 *
 * @example
 * fc.sample(allowedHtmlArb, 1); // ['<p>Senior <b>cook</b></p> <ul><li><a href="https://example.com/x">apply</a></li></ul>']
 */
export const allowedHtmlArb: fc.Arbitrary<string> = allowedHtmlTreeArb.map(function spellCanonically(tree) {
  return serializeHtml(doubleQuoted(tree));
});

/**
 * Markup spellings drawn by the accepting rule: the canonical one three times in five, else one other
 * (html-tree.ts MARKUP_SPELLINGS: white space before `>`, `<br/>`, numeric references, every character by its HTML name,
 * attributes in reverse order).
 */
const markupSpellingArb: fc.Arbitrary<MarkupSpelling> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(CANONICAL_MARKUP) },
  { weight: 2, arbitrary: fc.constantFrom(...MARKUP_SPELLINGS) },
);

/**
 * The same trees in every legal spelling: names lower-case, upper-case or
 * capitalized (nameCaseArb), attributes double- or single-quoted, unquoted
 * or spaced, markup in each MarkupSpelling. For the one rule that owns
 * accepting those spellings (jobs.html.accepts-allowed-tags), never a setup body.
 *
 * @example
 * fc.sample(allowedHtmlSpellingArb, 1); // ["<P >Senior <B >cook</B ></P > <UL><LI><A HREF='https://example.com/x'>apply</A></LI></UL>"]
 */
export const allowedHtmlSpellingArb: fc.Arbitrary<string> = fc
  .tuple(allowedHtmlTreeArb, nameCaseArb, markupSpellingArb)
  .map(function spellTree([tree, nameCase, markup]) {
    return serializeHtml(tree, nameCase, markup);
  });

/** The four ways a description departs from spec 2.1 rules 1-3, one rule each in the suite. */
export type HtmlViolationKind = 'disallowed-tag' | 'attribute-on-non-a' | 'a-without-href' | 'other-attribute-on-a';
/**
 * @example
 * for (const kind of htmlViolationKinds) fc.sample(disallowedHtmlArb(kind), 1);
 */
export const htmlViolationKinds: readonly HtmlViolationKind[] = [
  'disallowed-tag',
  'attribute-on-non-a',
  'a-without-href',
  'other-attribute-on-a',
];

/** Generated invalid HTML that knows why it is invalid. */
export interface HtmlViolationCase {
  html: string;
  kind: HtmlViolationKind;
  /** The offending element's tag, lower-case (as spelled in `html`: see nameCase). */
  tag: string;
  /** How names are spelled in `html`. */
  nameCase: NameCase;
  /** A disallowed tag present only as a stray end tag (`<p>x</span></p>`). */
  strayEndTag?: true;
  /** The offending (or, for a-without-href, missing) attribute. */
  attribute?: string;
}

// Not in the allow-list; inline in HTML so they fit wherever phrasing does.
const DISALLOWED_TAGS = ['span', 'u', 's', 'code', 'small', 'sub', 'sup', 'mark', 'font', 'script', 'iframe', 'button'].filter(
  (tag) => !(tag in htmlAllowlist.tags),
);
const textChild: fc.Arbitrary<HtmlNode[]> = textNodeArb.map((node) => [node]);

interface Violation {
  node: HtmlElement | HtmlEndTag;
  kind: HtmlViolationKind;
  attribute?: string;
}

/** A disallowed element with its text. */
function disallowedTagArb(): fc.Arbitrary<Violation> {
  return fc.record({ tag: fc.constantFrom(...DISALLOWED_TAGS), children: textChild }).map(function toDisallowedTag({
    tag,
    children,
  }): Violation {
    return { kind: 'disallowed-tag', node: element(tag, [], children) };
  });
}

/**
 * Only the end tag of a disallowed element (`</span>`): a token-based check refuses it, a tree-based one
 * drops it (HTML parsers do), and the reading notes' "same tree" allows both, so it is its own (should) rule.
 */
function strayEndTagArb(): fc.Arbitrary<Violation> {
  return fc.constantFrom(...DISALLOWED_TAGS).map(function toStrayEndTag(tag): Violation {
    return { kind: 'disallowed-tag', node: { type: 'end-tag', tag } };
  });
}

function attributeOnNonLinkArb(): fc.Arbitrary<Violation> {
  const inlineBare = BARE_TAGS.filter((tag) => ROLES[tag] === 'inline' || ROLES[tag] === 'void');
  // Bare tags allow no attribute: every one HTML defines is a violation on them.
  const names = HTML_ATTRIBUTES;
  return fc
    .record({
      tag: fc.constantFrom(...inlineBare),
      name: fc.constantFrom(...names),
      value: wordArb('lower'),
      children: textChild,
      form: anyAttributeFormArb,
    })
    .map(function toAttributeOnNonLink({ tag, name, value, children, form }) {
      const attributes: Array<[string, string]> = [[name, value]];
      const node =
        ROLES[tag] === 'void' ? { ...voidElement(tag), attributes, attributeForm: form } : element(tag, attributes, children, form);
      return { kind: 'attribute-on-non-a' as const, node, attribute: name };
    });
}

function linkWithoutRequiredArb(): fc.Arbitrary<Violation> {
  const tag = LINK_TAGS[0]!;
  const rules = htmlAllowlist.tags[tag]!.attributes;
  const missing = Object.keys(rules).find((name) => rules[name] === 'required')!;
  return fc
    .record({ attributes: allowedAttributesArb(tag), children: textChild, form: anyAttributeFormArb })
    .map(function toLinkWithoutRequired({ attributes, children, form }) {
      const kept = attributes.filter(([name]) => rules[name] !== 'required');
      return { kind: 'a-without-href' as const, node: element(tag, kept, children, form), attribute: missing };
    });
}

function linkWithOtherAttributeArb(): fc.Arbitrary<Violation> {
  const tag = LINK_TAGS[0]!;
  const names = attributesNotAllowedOn(tag);
  return fc
    .record({
      attributes: allowedAttributesArb(tag),
      name: fc.constantFrom(...names),
      value: wordArb('lower'),
      children: textChild,
      form: anyAttributeFormArb,
    })
    .map(function toLinkWithOtherAttribute({ attributes, name, value, children, form }) {
      return { kind: 'other-attribute-on-a' as const, node: element(tag, [...attributes, [name, value]], children, form), attribute: name };
    });
}

const violationArbs: Record<HtmlViolationKind, () => fc.Arbitrary<Violation>> = {
  'disallowed-tag': disallowedTagArb,
  'attribute-on-non-a': attributeOnNonLinkArb,
  'a-without-href': linkWithoutRequiredArb,
  'other-attribute-on-a': linkWithOtherAttributeArb,
};

interface ViolationDraw {
  base: HtmlNode[];
  violation: Violation;
  position: number;
  nameCase: NameCase;
  markup: MarkupSpelling;
}

function applyViolation({ base, violation, position, nameCase, markup }: ViolationDraw): HtmlViolationCase {
  // A link inside a link would be re-parented by HTML5 parsers; keep link violations outside links.
  const isLink = LINK_TAGS.includes(violation.node.tag);
  const points = phrasingInsertionPoints(base, acceptsPhrasing).filter((p) => !(isLink && p.inLink));
  const point = points[position % points.length]!;
  const index = Math.floor(position / points.length) % (point.size + 1);
  const html = serializeHtml(insertAt(base, point.path, index, violation.node), nameCase, markup);
  const result: HtmlViolationCase = { html, kind: violation.kind, tag: violation.node.tag, nameCase };
  if (violation.node.type === 'end-tag') result.strayEndTag = true;
  if (violation.attribute !== undefined) result.attribute = violation.attribute;
  return result;
}

/**
 * An allowed tree with exactly ONE violation of `kind` inserted, names in
 * any case (nameCaseArb), markup in any spelling (markupSpellingArb: a check
 * that looks for `<script>` lets `<script >` through). The violation is a separate part of the record, so
 * shrinking the tree (or the position, or the spelling) can never remove it:
 * the value stays invalid for its kind.
 *
 * @example
 * fc.sample(disallowedHtmlArb('disallowed-tag'), 1); // [{ kind: 'disallowed-tag', tag: 'script', nameCase: 'upper', html: '<P>x <SCRIPT>y</SCRIPT></P>' }]
 */
export function disallowedHtmlArb(kind: HtmlViolationKind): fc.Arbitrary<HtmlViolationCase> {
  return fc
    .record({
      base: allowedHtmlTreeArb,
      violation: violationArbs[kind](),
      position: fc.nat(),
      nameCase: nameCaseArb,
      markup: markupSpellingArb,
    })
    .map(applyViolation);
}

/**
 * An allowed tree with the end tag of a disallowed element and no start tag (`<p>x</span></p>`), names in any case.
 *
 * @example
 * fc.sample(strayEndTagHtmlArb, 1); // [{ kind: 'disallowed-tag', tag: 'span', strayEndTag: true, html: '<p>x </span></p>' }]
 */
export const strayEndTagHtmlArb: fc.Arbitrary<HtmlViolationCase> = fc
  .record({ base: allowedHtmlTreeArb, violation: strayEndTagArb(), position: fc.nat(), nameCase: nameCaseArb, markup: markupSpellingArb })
  .map(applyViolation);
