/**
 * @module Public entry of the conformance suite: run it programmatically,
 * list its rules, or build on its contract.
 *
 * @example
 * import { runConformance } from 'jobs-conformance/suites';
 *
 * const report = await runConformance({ baseUrl: 'http://localhost:4010', apiKey: process.env.JOBS_API_KEY! });
 * console.log(report.verdict, report.summary);
 */
export { runConformance, type ProgressEvent, type RunOptions } from './engine/run-conformance.js';
export { rules } from './checks/rules.js';
export { isRunConfig, resolveConfig, type ConformanceOptions, type ResolvedConfig, type RunConfig } from './engine/config.js';
export { ConfigError, MismatchError, SkipError, SuiteError, TransportError, type SuiteErrorCode } from './contract/errors.js';
/** The CLI's exit code for a report (0, 1, or 130 when interrupted): one function, shared with the CLI. */
export { exitCodeOf } from '../reports/gating/gating.js';
export type * from './contract/rule.js';
