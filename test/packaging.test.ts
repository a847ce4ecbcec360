/**
 * What `npm pack` ships: the built library, its bins, the JSON Schemas and the OpenAPI documents, and nothing a
 * developer of this repository alone needs (tests, their support files and fixtures, dev tools, source maps of
 * sources that are not shipped). Read from `npm pack --dry-run --json` over the dist/ this run built.
 */
import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  bin: Record<string, string>;
  exports: Record<string, string>;
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
};

/** A test, a test's support or fixture file, a dev-only tool, or a source map. */
const DEV_ONLY =
  /(^|\/)(test|tests|fixtures?|dev|bench|examples)\/|(^|\/)test[-_.]|\.test\.|\.test-support\.|\.nightly\.|\.map$|launch-chromium|report-screenshot/;

/** The bare package names a shipped module imports (type imports of .d.ts files included). */
function importedPackages(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g)].map((m) => m[1]!);
  return specifiers
    .filter((s) => /^(node:|@?[a-z0-9][\w.-]*)/.test(s) && !s.includes(' '))
    .map((s) => (s.startsWith('@') ? s.split('/').slice(0, 2).join('/') : s.split('/')[0]!));
}

describe('npm pack', () => {
  let files: string[] = [];
  beforeAll(() => {
    // --ignore-scripts: list the dist/ this run built (test/support/fresh-dist.ts), without rebuilding it.
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    files = (JSON.parse(out) as [{ files: { path: string }[] }])[0].files.map((f) => f.path);
  }, 60_000);

  it('lists no test, fixture, dev-tool or source-map file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => DEV_ONLY.test(f))).toEqual([]);
  });

  it('ships every bin and every export, and each built module has its library source (no stale build output)', () => {
    for (const target of [...Object.values(pkg.bin), ...Object.values(pkg.exports)]) expect(files).toContain(target.replace(/^\.\//, ''));
    const orphans = files
      .filter((f) => f.startsWith('dist/') && f.endsWith('.js'))
      .map((f) => f.replace(/^dist\//, '').replace(/\.js$/, '.ts'))
      .filter((source) => !existsSync(join(ROOT, source)));
    expect(orphans).toEqual([]);
  });

  it('imports only its dependencies, peer dependencies and node built-ins', () => {
    const allowed = new Set([pkg.name, ...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies), ...builtinModules, 'node']);
    const stray = files
      .filter((f) => f.startsWith('dist/') && (f.endsWith('.js') || f.endsWith('.d.ts')))
      .flatMap((f) => importedPackages(readFileSync(join(ROOT, f), 'utf8')).map((name) => [f, name] as const))
      .filter(([, name]) => !allowed.has(name.replace(/^node:/, '')) && !name.startsWith('node:'))
      .map(([f, name]) => `${f} imports ${name}`);
    expect(stray).toEqual([]);
  });
});
