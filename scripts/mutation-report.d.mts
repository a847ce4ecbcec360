/** Types for scripts/mutation-report.mjs (plain ESM, run by scripts/mutation.mjs without a build). */

/** How the mutation test words a kill by a changed observation; the summary counts those kills apart. */
export declare const OBSERVATION_CHANGED: string;

/** A Stryker mutation report, as far as the merge reads it: its files by path. */
export interface MutationReportFiles {
  files: Record<string, unknown>;
}

/**
 * `next`'s files, then every file of `previous` that `next` does not hold, less the `excluded` ones. With
 * `survivorsStripped` (a --survivors run), a file Stryker only carried over keeps `previous`'s results.
 */
export declare function mergeIncremental<R extends MutationReportFiles>(
  previous: R | undefined,
  next: R,
  excluded?: ReadonlySet<string>,
  options?: { survivorsStripped?: boolean },
): R;

/** The report with every file's surviving mutants (Survived, NoCoverage) taken out, the rest as they were. */
export declare function withoutSurvivors<R extends MutationReportFiles>(report: R): R;

/** The files a `mutate` list leaves out by name (its `!path` patterns without a wildcard). */
export declare function excludedFiles(patterns: readonly string[]): Set<string>;
