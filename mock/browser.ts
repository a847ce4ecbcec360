/**
 * @module Browser-safe entry of the mock (`jobs-conformance/mock/browser`): the
 * MSW handlers and the core, without the node:http server or the express
 * middleware, for setupWorker (msw/browser). Nothing it imports needs Node.
 *
 * @example
 * import { setupWorker } from 'msw/browser';
 * import { createHandlers } from 'jobs-conformance/mock/browser';
 * await setupWorker(...createHandlers({ baseUrl: location.origin })).start();
 */
export * from './portable-exports.js';
