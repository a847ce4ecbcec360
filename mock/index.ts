/**
 * @module Public API of the reference mock for integrators and the suite:
 * the standalone server, the MSW handlers, the express middleware, the core.
 *
 * @example
 * import { createMockServer } from 'jobs-conformance/mock';
 * await using mock = await createMockServer({ port: 0 });
 * console.log(`${mock.url}/api/v1.1/positiontypes`);
 */
export { createMockServer, type MockServer, type MockServerOptions } from './server.js';
export { createJobsMiddleware, type JobsMiddleware } from './middleware.js';
export * from './portable-exports.js';
