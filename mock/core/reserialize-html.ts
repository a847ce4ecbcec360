/**
 * @module An accepted description written back from its parsed tree
 * (description.form = reserialized): the same elements, attributes and text,
 * spelled as a typical HTML serializer spells them. Spec 2.1 gives the rules
 * of the markup, not its spelling, so this is a conformant form.
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
