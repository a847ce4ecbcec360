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
export { DEMO_EMPLOYERS } from './core/jobs/employers.js';
export { createHandlers, type CreateHandlersOptions } from './handlers/create-handlers.js';
export type { EmployerConfig } from './store/stored-job.js';
export type { CoreHandler, CoreRequest, CoreResponse } from './core/http/core-types.js';
export { API_PREFIX } from './core/http/core-types.js';
export {
  MockCore,
  type ChangeListener,
  type ChangeSource,
  type MockCoreOptions,
  type MockSnapshot,
  type SeedJob,
} from './core/mock-core.js';
export { resolveMockOptions, SERVER_DEFAULTS, type MockOptions, type ResolvedMockOptions } from './core/mock-options.js';
export type { FaultSpec } from './core/http/fault-injector.js';
export type { JournalEntry, JournalFilter } from './core/http/request-journal.js';
export { ApiError, type ApiErrorCode, type FieldError } from './core/http/api-error.js';
export { CONTROL_PREFIX, CONTROL_ROUTES } from './core/http/control.js';
export {
  CHOICE_SWITCHES,
  PROFILES,
  resolveChoices,
  type Choices,
  type ProfileOptions,
  type ResolvedProfile,
} from './core/choices/choices.js';
