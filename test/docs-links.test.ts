/**
 * Every relative link in README.md and docs/*.md points at a file or folder
 * of this repository (the part before `#`; anchors are not checked), so the
 * front door and the pages it links to never lead nowhere.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('..', import.meta.url));
const pages = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** Markdown link and image targets, without code spans and fenced blocks. */
function relativeTargets(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const targets = [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
  return targets.filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t) && !t.startsWith('#')).map((t) => decodeURIComponent(t.split('#')[0]!));
}

describe('relative links in README.md and docs/', () => {
  it.each(pages)('%s links only to files that exist', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    const missing = relativeTargets(text).filter((target) => !existsSync(join(root, dirname(page), target)));
    expect(missing, `${page} links to missing files`).toEqual([]);
  });

  it('the README links to every page of docs/', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const linked = new Set(relativeTargets(readme).map((t) => t.replace(/^\.\//, '')));
    const unlinked = pages.filter((p) => p.startsWith('docs/') && !linked.has(p));
    expect(unlinked, 'docs pages the README does not link to').toEqual([]);
  });
});
