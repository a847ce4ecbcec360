/**
 * @module Public entry of the validating proxy (docs/proxy.md): it forwards live traffic unchanged and judges both
 * sides against the spec.
 *
 * @example
 * import { runProxy } from 'jobs-conformance/proxy';
 *
 * const proxy = await runProxy({ target: 'http://localhost:4010' });
 */
export { runProxy, type ProxyOptions, type ProxyServer } from './run-proxy.js';
export type { Finding } from './checks/findings.js';
