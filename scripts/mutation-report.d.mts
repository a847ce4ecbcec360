/** Types for scripts/mutation-report.mjs (plain ESM, run by scripts/mutation.mjs without a build). */

/** How the mutation test words a kill by a changed observation; the summary counts those kills apart. */
export declare const OBSERVATION_CHANGED: string;
