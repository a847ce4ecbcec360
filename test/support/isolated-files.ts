/**
 * @module The integration files that replace a module (vi.mock) or patch a global (msw's setupServer patches the
 * network functions): each needs a module graph of its own, so vitest.config.ts runs them in the project
 * `integration-isolated`, apart from the files that share one graph per worker. test/architecture/isolated-files.test.ts
 * finds every such file and fails on one missing here.
 */
export const PATCHES_MODULES_OR_GLOBALS = [
  'test/cli/one-pass.test.ts',
  'test/mock/journal.test.ts',
  'test/mock/middleware.test.ts',
  'test/mock/msw-handlers.test.ts',
  'test/mock/msw-options.test.ts',
];

/** What marks a file as patching a module or a global. */
export const PATCHING = /\bvi\.(?:mock|doMock|stubGlobal|stubEnv)\(|\bsetupServer\(|\bsetupWorker\(/;
