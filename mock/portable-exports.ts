/**
 * @module The exports both entries of the mock share (`jobs-conformance/mock` and
 * `jobs-conformance/mock/browser`): the MSW handlers, the core and its options, the
 * switches and the facts of the doors. Nothing here needs Node, so the browser entry
 * re-exports all of it; the Node entry adds the node:http server and the express middleware.
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
export { DEFAULT_JOURNAL_SIZE, JOURNAL_BODY_CAP, type JournalEntry, type JournalFilter } from './core/http/request-journal.js';
export { CORS_ALLOW_HEADERS, CORS_ALLOW_METHODS, CORS_EXPOSE_HEADERS, type CorsPolicy } from './core/http/cors.js';
export { ApiError, type ApiErrorCode, type FieldError } from './core/http/api-error.js';
export { MockConfigError, type MockConfigErrorCode } from './core/mock-config-error.js';
export { REFERENCE_LIST_PATHS } from './core/jobs/reference-lists.js';
export { CONTROL_PREFIX, CONTROL_ROUTES } from './core/routes/control.js';
export {
  CHOICE_SWITCHES,
  PROFILES,
  REFERENCE_CHOICES,
  resolveChoices,
  type ChoiceName,
  type Choices,
  type ChoiceSwitch,
  type ProfileName,
  type ProfileOptions,
  type ResolvedProfile,
} from './core/choices/choices.js';
