/**
 * @module Where the judging thread's code comes from. Built (the package, dist/), it is the compiled
 * judge-worker.js beside this file. From the TypeScript sources (tests, a checkout run under a TypeScript
 * loader) there is no such file, and a worker thread does not go through the loader of the thread that starts
 * it: the worker's sources are bundled in memory (esbuild, a development dependency) into one module, started
 * from a data: URL. Either way the exchanges are judged on a worker thread, the production path.
 */
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const COMPILED = new URL('./judge-worker.js', import.meta.url);
const SOURCE = new URL('./judge-worker.ts', import.meta.url);

/** The bundle, made once per process. */
let bundled: Promise<URL> | undefined;

/**
 * The URL a Worker starts the judging thread from.
 *
 * @example
 * new Worker(await judgeWorkerEntry(), { workerData });
 */
export function judgeWorkerEntry(): Promise<URL> {
  if (existsSync(fileURLToPath(COMPILED))) return Promise.resolve(COMPILED);
  return (bundled ??= bundleSources(fileURLToPath(SOURCE)));
}

async function bundleSources(entry: string): Promise<URL> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    logLevel: 'error',
    plugins: [
      {
        name: 'worker-from-sources',
        setup(b) {
          // Packages stay outside the bundle, as absolute file URLs: a data: module has no folder to resolve them from.
          b.onResolve({ filter: /^[^./]/ }, async (args) => {
            if (args.pluginData === 'resolving') return undefined; // the nested call below: esbuild's own resolution
            if (args.path.startsWith('node:')) return { path: args.path, external: true };
            const found = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'resolving' });
            if (found.errors.length > 0 || found.external) return { path: args.path, external: true };
            return { path: pathToFileURL(found.path).href, external: true };
          });
          // Each module keeps its own import.meta.url (the schemas and the tool's version are found from it).
          b.onLoad({ filter: /\.ts$/ }, (args) => ({
            contents: readFileSync(args.path, 'utf8').replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  return new URL(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0]!.text).toString('base64')}`);
}
