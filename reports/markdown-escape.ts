/**
 * @module Escaping target text for GitHub-flavoured Markdown: table cells
 * (pipes, newlines, backticks, HTML, link and emphasis syntax, @mentions)
 * and code spans/fences that no backtick run in the text can close.
 */
import { visibleControlChars } from './control-chars.js';
import { truncate } from './truncate.js';

/**
 * One table cell of plain text: one line, at most `max` characters, with
 * Markdown and HTML syntax escaped so the text shows literally.
 *
 * @example
 * escapeMarkdownCell('a | b\n`c`') // => 'a \\| b \\`c\\`'
 */
export function escapeMarkdownCell(text: string, max = 160): string {
  const line = truncate(visibleControlChars(text).replace(/\s*[\r\n]+\s*/g, ' '), max);
  return (
    line
      .replace(/[\\`*_{}[\]()#+!|~>]/g, '\\$&')
      .replace(/&/g, '&amp;')
      .replace(/</g, '&lt;')
      // A zero-width space after @ keeps a hostile server from pinging people in a PR comment.
      .replace(/@/g, '@\u200b')
  );
}

/**
 * A code span holding `text` literally (one line). In a table cell a pipe
 * must be escaped even inside a code span (GFM splits cells first).
 *
 * @example
 * codeSpan('a`b') // => '`` a`b ``'
 */
export function codeSpan(text: string, options: { table?: boolean } = {}): string {
  let line = visibleControlChars(text).replace(/[\r\n]+/g, ' ');
  if (options.table) line = line.replace(/\|/g, '\\|');
  const fence = '`'.repeat(longestBacktickRun(line) + 1);
  const pad = line.startsWith('`') || line.endsWith('`') || fence.length > 1 ? ' ' : '';
  return `${fence}${pad}${line}${pad}${fence}`;
}

/**
 * A fenced code block holding `text` literally.
 *
 * @example
 * codeBlock('npx jobs-conformance', 'sh')
 */
export function codeBlock(text: string, language = ''): string {
  const fence = '`'.repeat(Math.max(3, longestBacktickRun(text) + 1));
  return `${fence}${language}\n${visibleControlChars(text)}\n${fence}`;
}

function longestBacktickRun(text: string): number {
  return Math.max(0, ...(text.match(/`+/g) ?? []).map((run) => run.length));
}
