/**
 * @module The proxy's judging thread from the TypeScript sources, for tests: the worker's sources bundled in memory
 * (scripts/bundle-module.mjs, esbuild: a development dependency). The test setup registers it with
 * useJudgeWorkerSource (proxy/worker-entry.ts), so tests judge on a worker thread as the built package does.
 */
import { fileURLToPath } from 'node:url';
import { bundleModule } from '../../scripts/bundle-module.mjs';

const SOURCE = new URL('../../proxy/judge/judge-worker.ts', import.meta.url);

/** The bundle, made once per process. */
let bundled: Promise<URL> | undefined;

/** The data: URL of the bundled worker sources. */
export function judgeWorkerFromSources(): Promise<URL> {
  return (bundled ??= bundleModule(fileURLToPath(SOURCE)));
}
