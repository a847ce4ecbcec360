/**
 * @module What "the same content" means for a description (spec 2.1 HTML,
 * 4.2 "creates a job with the same values"). Two descriptions have the same
 * content when their parsed trees have:
 * - the same elements in the same order, with tag names compared lower-case
 *   (HTML names are case-insensitive: `<P>` is `<p>`);
 * - on each element, the same attribute names (lower-case) with the same
 *   decoded values, in any order and however they were quoted;
 * - the same text, after decoding entities (`&amp;` = `&#38;` = `&`, and
 *   `&#161;` = `¡`: a server may write any character as a reference),
 *   merging adjacent text, collapsing runs of HTML white space (ASCII space,
 *   tab, line feed, form feed, carriage return) to one space, trimming
 *   each text run and dropping runs that are only such white space; text and
 *   attribute values in Unicode NFC (canonically equivalent text is the same
 *   text, and normalizing it is a reasonable server choice).
 * So `<br>` = `<br/>`, `href='x'` = `href="x"`, re-indented markup is equal;
 * a dropped or added element, attribute or word is not. Comments are not
 * content: they render nothing, and spec 2.1 neither allows nor forbids them
 * (a server may keep, drop or refuse one), so they are ignored; the text on
 * either side joins as if the comment were not there.
 */
import { DomUtils, parseDocument } from 'htmlparser2';

/** A normalized node: a string is text, an array is `[tag, sortedAttributes, children]`. */
export type ContentNode = string | [tag: string, attributes: Array<[string, string]>, children: ContentNode[]];

type DomNode = ReturnType<typeof parseDocument>['children'][number];

function normalize(nodes: readonly DomNode[]): ContentNode[] {
  const out: ContentNode[] = [];
  let text = '';
  const flush = (): void => {
    // HTML's white space is ASCII only: a no-break or em space is text, and a server that turns it into a space changes it.
    const collapsed = text
      .normalize('NFC')
      .replace(/[\t\n\f\r ]+/g, ' ')
      .replace(/^ | $/g, '');
    if (collapsed !== '') out.push(collapsed);
    text = '';
  };
  for (const node of nodes) {
    if (DomUtils.isText(node)) {
      text += node.data;
    } else if (DomUtils.isTag(node)) {
      flush();
      const attributes = Object.entries(node.attribs)
        .map(([name, value]): [string, string] => [name, value.normalize('NFC')])
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      out.push([node.name, attributes, normalize(node.children)]);
    }
  }
  flush();
  return out;
}

/**
 * The normalized content of an HTML fragment.
 *
 * @example
 * htmlContent('<p>R&amp;D <br/></p>'); // [['p', [], ['R&D', ['br', [], []]]]]
 */
export function htmlContent(html: string): ContentNode[] {
  const document = parseDocument(html, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  return normalize(document.children);
}

/**
 * A readable, canonical one-line form of the content, for mismatch messages.
 *
 * @example
 * contentText('<b>x</b>'); // '[["b",[],["x"]]]'
 */
export function contentText(html: string): string {
  return JSON.stringify(htmlContent(html));
}

/**
 * True when both fragments have the same content (see the module note).
 *
 * @example
 * sameHtmlContent('<p>a<br>b</p>', '<p>a<br/>b</p>'); // true
 */
export function sameHtmlContent(a: string, b: string): boolean {
  // Most descriptions come back as they were sent: the same text needs no parse (a long one takes milliseconds).
  return a === b || contentText(a) === contentText(b);
}
