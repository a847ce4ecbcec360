/**
 * @module Test-only entry of the mock, not in package.json "exports": a
 * standalone server whose core's API handler is wrapped by a `transform`.
 * The transform sees the raw body bytes and the serialized response of every
 * /api/v1.1 request (not /__control), which is how the mutants
 * (test/mutants/) and other test fixtures build deliberately broken variants
 * of the mock without editing it.
 */
import type { CoreHandler } from './core/http/core-types.js';
import { MockCore } from './core/mock-core.js';
import { resolveMockOptions, SERVER_DEFAULTS, withTransform, type MockOptions, type MockServerOptions } from './core/mock-options.js';
import { createMockServer as createPlainMockServer, type MockServer } from './server.js';

/** Wraps the core's handler for every /api/v1.1 request. */
export type Transform = (next: CoreHandler) => CoreHandler;

export interface TestMockServerOptions extends MockServerOptions {
  transform?: Transform;
}

/**
 * createMockServer with a transform around the core.
 *
 * @example
 * await using broken = await createMockServer({ transform: (next) => (req) => next({ ...req, body: undefined }) });
 */
export function createMockServer(options: TestMockServerOptions = {}): Promise<MockServer> {
  const { transform, ...rest } = options;
  return createPlainMockServer(withTransform(resolveMockOptions(rest, SERVER_DEFAULTS), transform));
}

/** A MockCore with a transform around its API handler (for the MSW handlers or dispatch without a socket). */
export function createTransformedCore(options: MockOptions & { transform?: Transform } = {}): MockCore {
  const { transform, ...rest } = options;
  return new MockCore(withTransform(resolveMockOptions(rest), transform));
}

export type { MockServer };
