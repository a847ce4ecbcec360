/**
 * An integration file that mocks a module or patches a global must run with a module graph of its own: in the
 * shared graph of its worker, the patch would reach the files after it (vitest.config.ts, `integration-isolated`).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PATCHES_MODULES_OR_GLOBALS, PATCHING } from '../support/isolated-files.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
/** The folders of the shared-graph project's files: test/, less the projects of their own. */
const OWN_PROJECTS = /^test\/(?:architecture|mutation|examples)\//;

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(path);
    return entry.name.endsWith('.test.ts') && !entry.name.endsWith('.nightly.test.ts') ? [relative(root, path)] : [];
  });
}

describe('integration files that patch a module or a global', () => {
  const files = testFiles(join(root, 'test')).filter((path) => !OWN_PROJECTS.test(path));

  it('are each listed to run isolated, and every listed file still patches one', () => {
    const patching = files.filter((path) => PATCHING.test(readFileSync(join(root, path), 'utf8')));
    expect(patching.length).toBeGreaterThan(0);
    expect(patching.filter((path) => !PATCHES_MODULES_OR_GLOBALS.includes(path))).toEqual([]);
    expect(PATCHES_MODULES_OR_GLOBALS.filter((path) => !patching.includes(path))).toEqual([]);
  });
});
