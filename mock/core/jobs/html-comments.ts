/**
 * @module Whether a description holds an HTML comment (description.comments =
 * refuse). Parsed, not searched: `<!--` inside an attribute value is no comment.
 */
import { Parser } from 'htmlparser2';

/**
 * @example
 * hasHtmlComment('<p>x<!-- c --></p>'); // true
 * hasHtmlComment('<a href="x<!--">y</a>'); // false
 */
export function hasHtmlComment(html: string): boolean {
  let found = false;
  const parser = new Parser({ oncomment: () => void (found = true) });
  parser.end(html);
  return found;
}
