/**
 * @module The mock as express middleware: createMiddleware from
 * @mswjs/http-middleware over the MSW handlers. Mount NO body parser
 * (express.json()) in front of it: the handlers need the exact bytes, and the
 * malformed JSON they must reject, which a parser would consume or rewrite.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createMiddleware } from '@mswjs/http-middleware';
import { coreFor, createHandlers, type CreateHandlersOptions } from './handlers/create-handlers.js';
import type { MockCore } from './core/mock-core.js';

/**
 * An express middleware, typed without express's types: the package never
 * imports express (it is the integrator's, 4 or 5), so a project that uses only
 * the MSW handlers type-checks without @types/express. Express's own request
 * and response extend these node:http types, so `app.use(jobs)` accepts it.
 */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

export interface JobsMiddleware extends NodeMiddleware {
  /** The state behind the middleware (control operations: reset, seedJobs, setClock, ...). */
  readonly core: MockCore;
}

/**
 * Express middleware serving `/api/v1.1` and `/__control` on any host; other
 * paths fall through to `next()`.
 *
 * @example
 * const app = express();
 * app.use(createJobsMiddleware());        // before any express.json()
 * app.listen(4010);
 */
export function createJobsMiddleware(options: Partial<CreateHandlersOptions> = {}): JobsMiddleware {
  const { core, resolved } = coreFor(options);
  const handlers = createHandlers({ baseUrl: options.baseUrl ?? '', core, resolved });
  // http-middleware loads msw's CommonJS build; its handler type differs only nominally from the ESM one.
  const middleware = createMiddleware(...(handlers as unknown as Parameters<typeof createMiddleware>));
  return Object.assign(middleware as unknown as NodeMiddleware, { core });
}
