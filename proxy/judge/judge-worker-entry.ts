/**
 * @module Where the judging thread's code comes from. Built (the package, dist/), it is the compiled
 * judge-worker.js beside this file. From the TypeScript sources (the tests) there is no such file, and a
 * worker thread does not go through the loader of the thread that starts it: the test setup registers a
 * source entry (test/support/judge-worker-from-sources.ts bundles the worker's sources in memory), so the exchanges
 * are judged on a worker thread, the production path, either way. The package ships no bundler.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ProxyConfigError } from '../proxy-config-error.js';

const COMPILED = new URL('./judge-worker.js', import.meta.url);

let sourceEntry: (() => Promise<URL>) | undefined;

/** How to start the judging thread where judge-worker.js is not compiled (test support registers it). */
export function useJudgeWorkerSource(entry: () => Promise<URL>): void {
  sourceEntry = entry;
}

/**
 * The URL a Worker starts the judging thread from.
 *
 * @example
 * new Worker(await judgeWorkerEntry(), { workerData });
 */
export function judgeWorkerEntry(): Promise<URL> {
  if (existsSync(fileURLToPath(COMPILED))) return Promise.resolve(COMPILED);
  if (sourceEntry !== undefined) return sourceEntry();
  return Promise.reject(
    new ProxyConfigError(
      'judge',
      'the judging thread is built by `npm run build` (judge-worker.js is missing); from sources, judge inline',
    ),
  );
}
