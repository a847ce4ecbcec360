// Loads a TypeScript module of this checkout without a build of dist/: esbuild bundles it in memory and bare
// imports stay external, resolved from this checkout's node_modules. scripts/generate.mjs renders its docs this way.
import { pathToFileURL } from 'node:url';

const toNodeModules = {
  name: 'node-modules',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('node:') ? { path: args.path, external: true } : { path: import.meta.resolve(args.path), external: true },
    );
  },
};

/** The module's exports. */
export async function loadModule(entry) {
  const { build } = await import('esbuild');
  // A data: module has no file URL of its own: code that reads import.meta.url sees the entry's file instead.
  const define = { 'import.meta.url': JSON.stringify(pathToFileURL(entry).href) };
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    logLevel: 'error',
    plugins: [toNodeModules],
    define,
  });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString('base64')}`);
}
