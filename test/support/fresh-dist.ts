/**
 * @module vitest globalSetup of the integration tier: the tests that run the
 * built CLIs and pack the package read dist/. `npm ci` has just built it, so
 * `npm test` does not build again; after an edit, dist/ is older than a
 * source and this builds it once, before any test file starts.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** What tsconfig.build.json compiles. */
const SOURCES = ['schemas', 'vocabulary', 'mock', 'suites', 'proxy', 'judging', 'reports', 'cli'];
const mtime = (path: string): number => statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0;

function newestSource(): number {
  let newest = mtime(join(ROOT, 'tsconfig.build.json'));
  for (const dir of SOURCES) {
    for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })) {
      if (entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts'))
        newest = Math.max(newest, mtime(join(entry.parentPath, entry.name)));
    }
  }
  return newest;
}

/** The oldest of the built entry points (a missing one counts as never built). */
const builtAt = (): number =>
  Math.min(...['cli/jobs-conformance.js', 'cli/jobs-mock.js', 'mock/index.js'].map((file) => mtime(join(ROOT, 'dist', file))));

export default function setup(): void {
  if (builtAt() >= newestSource()) return;
  console.log('dist/ is older than a source: npm run build');
  execFileSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
}
