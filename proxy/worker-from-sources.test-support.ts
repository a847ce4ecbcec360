/**
 * @module The judging thread from the TypeScript sources, for tests: the worker's sources bundled in memory
 * (esbuild, a development dependency) into one module, started from a data: URL. The test setup registers it
 * with useJudgeWorkerSource (worker-entry.ts), so tests judge on a worker thread as the built package does.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SOURCE = new URL('./judge-worker.ts', import.meta.url);

/** The bundle, made once per process. */
let bundled: Promise<URL> | undefined;

/** The data: URL of the bundled worker sources. */
export function judgeWorkerFromSources(): Promise<URL> {
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
            const found = await b.resolve(args.path, {
              kind: args.kind,
              resolveDir: args.resolveDir,
              importer: args.importer,
              pluginData: 'resolving',
            });
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
