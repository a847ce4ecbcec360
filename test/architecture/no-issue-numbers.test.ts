/**
 * No "issue N" in code, comments, docs or test names: a reader of the repository cannot open our issue
 * tracker, so the text states the reason instead. A line citing another project's issue by URL is allowed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', '.git', 'coverage', 'bench/out', 'test-output', 'conformance-report']);
const TEXT = /\.(ts|mts|mjs|js|md|json|yml)$/;
const ISSUE_NUMBER = /\bissues? ?#?\d+/i;

function* textFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (SKIP.has(relative(root, path)) || entry.name === 'node_modules' || entry.name === 'package-lock.json') continue;
    if (entry.isDirectory()) yield* textFiles(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

describe('issue numbers', () => {
  it('no file names an issue by number; it says the reason', () => {
    const found: string[] = [];
    for (const file of textFiles(root)) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          if (ISSUE_NUMBER.test(line) && !/https?:\/\//.test(line))
            found.push(`${relative(root, file)}:${index + 1}: ${line.trim().slice(0, 120)}`);
        });
    }
    expect(found).toEqual([]);
  });
});
