/**
 * @module An accepted description written back in another spelling of the
 * same tree: from its parsed tree (description.form = reserialized), the
 * same elements, attributes and text spelled as a typical HTML serializer
 * spells them; or as sent with every non-ASCII character as a numeric
 * character reference (description.form = numeric-references), as an
 * ASCII-only store writes it. Spec 2.1 gives the rules of the markup, not its
 * spelling, so both are conformant forms.
 */
import { DomUtils, parseDocument } from 'htmlparser2';

/**
 * Lower-case tag and attribute names, double-quoted attribute values, `<br/>`,
 * entities decoded (only `&`, `<`, `>` and quotes are escaped again).
 *
 * @example
 * reserializeHtml("<P>A &eacute;<BR><a HREF='x'>l</a></P>"); // '<p>A é<br/><a href="x">l</a></p>'
 */
export function reserializeHtml(html: string): string {
  const text = DomUtils.getOuterHTML(parseDocument(html), { encodeEntities: 'utf8', selfClosingTags: true });
  // `<` in text is escaped, so `<br />` can only be the tag itself.
  return text.replaceAll('<br />', '<br/>');
}

/**
 * Every character outside ASCII as a decimal numeric character reference; the
 * rest as sent. A reference means its character in text and attribute values
 * alike, so the tree is unchanged.
 *
 * @example
 * withNumericReferences('<p>¡Olé 😀</p>'); // '<p>&#161;Ol&#233; &#128512;</p>'
 */
export function withNumericReferences(html: string): string {
  return html.replace(/[^\u0000-\u007f]/gu, (char) => `&#${char.codePointAt(0)!};`);
}
