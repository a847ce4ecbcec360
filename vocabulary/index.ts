/**
 * @module The shared vocabulary of the Jobs API v1.1: the facts every layer
 * speaks of, written once. The API prefix, the methods and the override
 * form, the one operation table `operationOf`, which headers are secrets and
 * what replaces them. With schemas/ (the resources' shapes and validators) it
 * is the bottom of the layers: it imports nothing but schemas/, and every
 * other layer may import it. It holds small pure facts and helpers only, no
 * I/O and no dependency, so importing it costs nothing (the proxy's judge
 * loads it on every start). The schemas stay their own entry
 * (`jobs-conformance/schemas`): re-exporting them here would load ajv with
 * every constant.
 *
 * @example
 * import { API_PREFIX, operationOf } from 'jobs-conformance/vocabulary';
 * operationOf('GET', `${API_PREFIX}/jobs/12`, {})?.kind // 'get'
 */
export { API_PREFIX, apiPathOf, resourceOf, type Resource } from './paths.js';
export {
  ALLOWED_METHODS,
  API_METHODS,
  MACHINERY_METHODS,
  METHOD_OVERRIDE_HEADER,
  OVERRIDE_METHODS,
  methodOverrideOf,
  type HeaderMap,
} from './methods.js';
export { isJobOperation, isWrite, operationAt, operationOf, type JobOperation, type Operation } from './operations.js';
export {
  API_KEY,
  API_KEY_HEADER,
  isSecretHeader,
  NEAR_MISS_KEY_KINDS,
  nearMissKey,
  redactionSecrets,
  REDACTED,
  SECRET_HEADERS,
  type NearMissKeyKind,
} from './secrets.js';
export { isOpenPointId, OPEN_POINTS, type OpenPoint, type OpenPointId } from './open-points.js';
