import { expect, it } from 'vitest';
import { hasHtmlComment } from './html-comments.js';

it.each([
  ['<p>x<!-- c --></p>', true],
  ['<p>x<!---->y</p>', true],
  ['<a href="x<!--">y</a>', false],
  ['<p>a &lt;!-- b</p>', false],
  ['<p>plain</p>', false],
])('hasHtmlComment(%j) is %s', (html, expected) => {
  expect(hasHtmlComment(html)).toBe(expected);
});
