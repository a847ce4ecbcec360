// Runs a TypeScript module of this checkout without a build of dist/: esbuild bundles it in memory into one
// module, started from a data: URL. Bare imports stay external, as absolute file URLs resolved from this
// checkout's node_modules (a data: module has no folder to resolve them from), and each bundled module keeps
// its own import.meta.url (schemas and the tool's version are found from it). scripts/generate.mjs renders its
// docs this way; the tests start the proxy's judging thread this way (test/support/judge-worker-from-sources.ts).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const fromCheckout = {
  name: 'from-checkout',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === 'resolving') return undefined; // the nested call below: esbuild's own resolution
      if (args.path.startsWith('node:')) return { path: args.path, external: true };
      const found = await b.resolve(args.path, {
        kind: args.kind,
        resolveDir: args.resolveDir,
        importer: args.importer,
        pluginData: 'resolving',
      });
      if (found.errors.length > 0 || found.external) return { path: args.path, external: true };
      return { path: pathToFileURL(found.path).href, external: true };
    });
    b.onLoad({ filter: /\.ts$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }));
  },
};

/** The data: URL of the module bundled with everything it imports from this checkout. */
export async function bundleModule(entry) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    logLevel: 'error',
    plugins: [fromCheckout],
  });
  return new URL(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
}

/** The module's exports. */
export async function loadModule(entry) {
  return import((await bundleModule(entry)).href);
}

/**
 * The exports of several modules, bundled together: each bundle holds its own copy of what it imports, so the
 * schemas' validators, compiled at import, would be compiled once per module loaded apart.
 */
export async function loadModules(entries) {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-modules-'));
  try {
    const entry = join(dir, 'all.ts');
    writeFileSync(entry, entries.map((file, i) => `export * as m${i} from ${JSON.stringify(file)};\n`).join(''));
    const modules = await loadModule(entry);
    return entries.map((_, i) => modules[`m${i}`]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
