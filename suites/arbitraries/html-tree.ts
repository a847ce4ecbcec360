/**
 * @module A tiny HTML tree the generators build and serialize. Text and
 * attribute values are escaped by construction (the one place markup is
 * written), so generated text can hold `&`, `<` and `"` safely.
 */

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

const SPELL: Record<NameCase, (name: string) => string> = {
  lower: (name) => name,
  upper: (name) => name.toUpperCase(),
  capital: (name) => name.charAt(0).toUpperCase() + name.slice(1),
};

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

const UNQUOTABLE = /^[^\s"'=<>`]+$/;

function serializeAttribute(name: string, value: string, form: AttributeForm): string {
  switch (form) {
    case 'single':
      return ` ${name}='${value.replace(/&/g, '&amp;').replace(/'/g, '&#39;')}'`;
    case 'unquoted':
      return UNQUOTABLE.test(value) ? ` ${name}=${value.replace(/&/g, '&amp;')}` : ` ${name}="${escapeAttribute(value)}"`;
    case 'bare':
      return ` ${name}`;
    case 'spaced':
      return `\n\t${name} = "${escapeAttribute(value)}"`;
    case 'double':
      return ` ${name}="${escapeAttribute(value)}"`;
  }
}

function serializeNode(node: HtmlNode, spell: (name: string) => string): string {
  if (node.type === 'text') return escapeText(node.text);
  if (node.type === 'end-tag') return `</${spell(node.tag)}>`;
  const tag = spell(node.tag);
  const attributes = node.attributes
    .map(([name, value]) => serializeAttribute(spell(name), value, node.attributeForm ?? 'double'))
    .join('');
  if (node.void) return `<${tag}${attributes}>`;
  return `<${tag}${attributes}>${serializeNodes(node.children, spell)}</${tag}>`;
}

function serializeNodes(nodes: readonly HtmlNode[], spell: (name: string) => string): string {
  return nodes.map((node) => serializeNode(node, spell)).join(' ');
}

/**
 * Serializes nodes, tag and attribute names in `nameCase` (lower by default);
 * siblings are separated by one space so words never run into tags (the
 * content comparison collapses whitespace anyway).
 *
 * @example
 * serializeHtml([{ type: 'element', tag: 'b', attributes: [], children: [{ type: 'text', text: 'R&D' }] }]);
 * // '<b>R&amp;D</b>'; with 'upper': '<B>R&amp;D</B>'
 */
export function serializeHtml(nodes: readonly HtmlNode[], nameCase: NameCase = 'lower'): string {
  return serializeNodes(nodes, SPELL[nameCase]);
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
