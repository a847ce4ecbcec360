/**
 * @module A tiny HTML tree the generators build and serialize. Text and
 * attribute values are escaped by construction (the one place markup is
 * written), so generated text can hold `&`, `<` and `"` safely.
 */
import { encodeNonAsciiHTML } from 'entities';

export interface HtmlText {
  type: 'text';
  text: string;
}

export interface HtmlElement {
  type: 'element';
  tag: string;
  /** In output order; names are unique within an element. */
  attributes: Array<[name: string, value: string]>;
  /** Empty for void elements. */
  children: HtmlNode[];
  void?: boolean;
  /** How the attributes are written (default `double`). */
  attributeForm?: AttributeForm;
}

/**
 * The ways HTML writes an attribute, all the same attribute to a parser:
 * `double` (`name="v"`), `single` (`name='v'`), `unquoted` (`name=v`),
 * `bare` (`name`, the value dropped: a boolean attribute such as `hidden`)
 * and `spaced` (a newline and tab before the name, spaces around `=`).
 * A value an unquoted form cannot hold (empty, or with white space, quotes,
 * `=`, `<`, `>` or a backtick) is written double-quoted.
 */
export type AttributeForm = 'double' | 'single' | 'unquoted' | 'bare' | 'spaced';

/** Every attribute form, for generators and known cases that must draw each. */
export const ATTRIBUTE_FORMS: readonly AttributeForm[] = ['double', 'single', 'unquoted', 'bare', 'spaced'];

/** An end tag with no start tag (`</span>`): HTML parsers drop it, the allow-list still judges it (spec 2.1 rule 1). */
export interface HtmlEndTag {
  type: 'end-tag';
  tag: string;
}

export type HtmlNode = HtmlText | HtmlElement | HtmlEndTag;

/**
 * How tag and attribute names are written; HTML names are case-insensitive,
 * so every spelling names the same element: `lower` (`<a href>`), `upper`
 * (`<A HREF>`) or `capital` (`<A Href>`, `<Script>`).
 */
export type NameCase = 'lower' | 'upper' | 'capital';

/** Every name case, for known cases that must spell each. */
export const NAME_CASES: readonly NameCase[] = ['lower', 'upper', 'capital'];

const SPELL: Record<NameCase, (name: string) => string> = {
  lower: (name) => name,
  upper: (name) => name.toUpperCase(),
  capital: (name) => name.charAt(0).toUpperCase() + name.slice(1),
};

/**
 * How markup is written beyond its names and attribute quotes, the same tree to an HTML parser (HTML 13.1): white
 * space before a tag's `>` (`<p >`, `</p\n>`), a void element closed by `/>` (`<br/>`, `<br />`), and text and
 * attribute values with their special characters, and every character beyond ASCII, as decimal (`&#38;`) or
 * hexadecimal (`&#x26;`) references instead of names (`&amp;`), or by the name HTML gives it where it has one
 * (`&eacute;`, `&nbsp;`: the named character references of HTML 13.5, through the entities package), and an element's
 * attributes in the reverse of the order the allow-list names them (`<a target="_blank" href="...">`: HTML gives
 * their order no meaning).
 */
export interface MarkupSpelling {
  readonly tagEnd: '' | ' ' | '\n';
  readonly voidEnd: '>' | '/>' | ' />';
  readonly references: 'named' | 'decimal' | 'hex' | 'every-name';
  readonly attributeOrder: 'listed' | 'reversed';
}

/** The spelling every setup body uses: no white space before `>`, `<br>`, references by name, attributes as listed. */
export const CANONICAL_MARKUP: MarkupSpelling = { tagEnd: '', voidEnd: '>', references: 'named', attributeOrder: 'listed' };

const MARKUP_CHOICES: { readonly [K in keyof MarkupSpelling]: ReadonlyArray<MarkupSpelling[K]> } = {
  tagEnd: ['', ' ', '\n'],
  voidEnd: ['>', '/>', ' />'],
  references: ['named', 'decimal', 'hex', 'every-name'],
  attributeOrder: ['listed', 'reversed'],
};

/**
 * Every other markup spelling, one dimension changed from the canonical one at a time (derived from the choices).
 *
 * @example
 * MARKUP_SPELLINGS[0]; // { tagEnd: ' ', voidEnd: '>', references: 'named' }
 */
export const MARKUP_SPELLINGS: readonly MarkupSpelling[] = (Object.keys(MARKUP_CHOICES) as Array<keyof MarkupSpelling>).flatMap(
  (dimension) =>
    MARKUP_CHOICES[dimension]
      .filter((value) => value !== CANONICAL_MARKUP[dimension])
      .map((value) => ({ ...CANONICAL_MARKUP, [dimension]: value })),
);

const NAMED_REFERENCES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * `value` with the characters of `special` escaped: by name, or (with every character beyond ASCII) by number, or by
 * the name HTML gives it (a number where it has none; every quote and `<`, `>`, `&` too, as any place allows them).
 */
function escapeIn(value: string, special: string, references: MarkupSpelling['references']): string {
  if (references === 'named') return value.replace(new RegExp(`[${special}]`, 'g'), (char) => NAMED_REFERENCES[char]!);
  if (references === 'every-name') return encodeNonAsciiHTML(value);
  return value.replace(new RegExp(`[${special}]|[^\\x00-\\x7f]`, 'gu'), (char) => {
    const code = char.codePointAt(0)!;
    return references === 'hex' ? `&#x${code.toString(16)};` : `&#${code};`;
  });
}

const UNQUOTABLE = /^[^\s"'=<>`]+$/;

function serializeAttribute(name: string, value: string, form: AttributeForm, references: MarkupSpelling['references']): string {
  switch (form) {
    case 'single':
      return ` ${name}='${escapeIn(value, "&'", references)}'`;
    case 'unquoted':
      return UNQUOTABLE.test(value) ? ` ${name}=${escapeIn(value, '&', references)}` : ` ${name}="${escapeIn(value, '&"', references)}"`;
    case 'bare':
      return ` ${name}`;
    case 'spaced':
      return `\n\t${name} = "${escapeIn(value, '&"', references)}"`;
    case 'double':
      return ` ${name}="${escapeIn(value, '&"', references)}"`;
  }
}

function serializeNode(node: HtmlNode, spell: (name: string) => string, markup: MarkupSpelling): string {
  if (node.type === 'text') return escapeIn(node.text, '&<>', markup.references);
  if (node.type === 'end-tag') return `</${spell(node.tag)}${markup.tagEnd}>`;
  const tag = spell(node.tag);
  const ordered = markup.attributeOrder === 'reversed' ? [...node.attributes].reverse() : node.attributes;
  const attributes = ordered
    .map(([name, value]) => serializeAttribute(spell(name), value, node.attributeForm ?? 'double', markup.references))
    .join('');
  if (node.void) return `<${tag}${attributes}${markup.voidEnd === '>' ? `${markup.tagEnd}>` : markup.voidEnd}`;
  return `<${tag}${attributes}${markup.tagEnd}>${serializeNodes(node.children, spell, markup)}</${tag}${markup.tagEnd}>`;
}

function serializeNodes(nodes: readonly HtmlNode[], spell: (name: string) => string, markup: MarkupSpelling): string {
  return nodes.map((node) => serializeNode(node, spell, markup)).join(' ');
}

/**
 * Serializes nodes, tag and attribute names in `nameCase` (lower by default), markup in `markup` (canonical by
 * default); siblings are separated by one space so words never run into tags (the content comparison collapses
 * whitespace anyway).
 *
 * @example
 * serializeHtml([{ type: 'element', tag: 'b', attributes: [], children: [{ type: 'text', text: 'R&D' }] }]);
 * // '<b>R&amp;D</b>'; with 'upper': '<B>R&amp;D</B>'; with references 'hex': '<b>R&#x26;D</b>'
 */
export function serializeHtml(nodes: readonly HtmlNode[], nameCase: NameCase = 'lower', markup: MarkupSpelling = CANONICAL_MARKUP): string {
  return serializeNodes(nodes, SPELL[nameCase], markup);
}

/** Where a phrasing node may be inserted: a children list, and whether it is inside a link. */
export interface InsertionPoint {
  /** Indices from the root down to the element whose children receive the node; [] = the root list. */
  path: number[];
  inLink: boolean;
  size: number;
}

/**
 * Every children list that accepts phrasing content (the root, p, div, li,
 * and inline containers), so an inserted inline element keeps the content
 * model intact and no HTML5 parser restructures the tree around it.
 *
 * @example
 * phrasingInsertionPoints(nodes, (tag) => tag !== 'ul'); // [{ path: [], inLink: false, size: 2 }, ...]
 */
export function phrasingInsertionPoints(
  nodes: readonly HtmlNode[],
  acceptsPhrasing: (tag: string) => boolean,
  path: number[] = [],
  inLink = false,
): InsertionPoint[] {
  const points: InsertionPoint[] = [{ path, inLink, size: nodes.length }];
  nodes.forEach((node, index) => {
    if (node.type !== 'element' || node.void) return;
    const childPath = [...path, index];
    const childInLink = inLink || node.tag === 'a';
    if (acceptsPhrasing(node.tag)) {
      points.push(...phrasingInsertionPoints(node.children, acceptsPhrasing, childPath, childInLink));
    } else {
      // ul/ol: descend to the li children without offering the list itself
      node.children.forEach((child, i) => {
        if (child.type === 'element' && !child.void && acceptsPhrasing(child.tag)) {
          points.push(...phrasingInsertionPoints(child.children, acceptsPhrasing, [...childPath, i], childInLink));
        }
      });
    }
  });
  return points;
}

/**
 * A copy of `nodes` with `inserted` at `index` of the children list at `path` (pure: shrinking reuses inputs).
 *
 * @example
 * insertAt([{ type: 'text', text: 'a' }], [], 1, node); // [text 'a', node]
 */
export function insertAt(nodes: readonly HtmlNode[], path: readonly number[], index: number, inserted: HtmlNode): HtmlNode[] {
  if (path.length === 0) return [...nodes.slice(0, index), inserted, ...nodes.slice(index)];
  const [head, ...rest] = path as [number, ...number[]];
  return nodes.map((node, i) =>
    i === head && node.type === 'element' ? { ...node, children: insertAt(node.children, rest, index, inserted) } : node,
  );
}
