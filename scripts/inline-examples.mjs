// Inlines the files of examples/ into the Markdown pages that show them, so the README and docs/
// show the very files the tarball tests run every night (test/examples/lowest-peers.nightly.test.ts, packed-examples.nightly.test.ts), never a copy
// written by hand. A page marks each place with `<!-- example: examples/NAME.ts -->` on the line
// before a fenced block; the block is rewritten from the file. Any other ts/js block is refused.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const MARKED_BLOCK = /(<!-- example: (examples\/[\w.-]+) -->\n)```(\w*)\n(?:[\s\S]*?\n)??```/g;
const CODE_BLOCK = /^```(ts|typescript|js|javascript|mjs)\s*$/gm;

/**
 * The page with every marked block rewritten from its file.
 *
 * @example
 * inlineExamples('<!-- example: examples/a.ts -->\n```ts\nold\n```', root) // '<!-- example: examples/a.ts -->\n```ts\n<the file>```'
 */
export function inlineExamples(markdown, root) {
  return markdown.replace(
    MARKED_BLOCK,
    (_, marker, file, lang) => `${marker}\`\`\`${lang || 'ts'}\n${readFileSync(join(root, file), 'utf8').trimEnd()}\n\`\`\``,
  );
}

/** Code blocks of a page that no example marker governs: each is a hand-written copy that nothing runs. */
export function unmarkedCodeBlocks(markdown) {
  const marked = new Set([...markdown.matchAll(MARKED_BLOCK)].map((m) => m.index + m[1].length));
  return [...markdown.matchAll(CODE_BLOCK)].filter((m) => !marked.has(m.index)).map((m) => markdown.slice(0, m.index).split('\n').length);
}
