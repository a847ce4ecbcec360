/**
 * @module The one way to implement a rule: bind a run to the rule's id (its metadata is in the catalog,
 * suites/catalog/), as a property (generated cases through ctx.check, shrunk and replayable) or a fixed rule
 * (its own run: one scripted case, or several ctx.check calls with steps between them). Every rule under
 * suites/checks/ is built by one of the two; suites/checks/rules.ts joins them with their catalog entries.
 */
import type * as fc from 'fast-check';
import type { RuleContext } from '../engine/rule.js';

/** The code of one rule, bound to its catalog id. */
export interface Implementation {
  readonly id: string;
  readonly run: (ctx: RuleContext) => Promise<void>;
}

export interface PropertySpec<T> {
  arbitrary(ctx: RuleContext): fc.Arbitrary<T>;
  check(ctx: RuleContext, value: T): Promise<void>;
  /** Caps the runs of a costly property (default: --runs). */
  maxRuns?: number;
  /** Boundary cases sent in every run before the random ones (see RuleContext.check). */
  examples?(ctx: RuleContext): ReadonlyArray<Partial<T>>;
  /** Its cases share nothing: they may run several at once (see CheckOptions.independentCases). */
  independentCases?: boolean;
}

/**
 * The rule `id` checks `check` on generated values.
 *
 * @example
 * propertyRule('jobs.create.status-201', {
 *   arbitrary: (ctx) => createBodyArb(ctx),
 *   check: async (ctx, body) => { ... },
 * });
 */
export function propertyRule<T>(id: string, spec: PropertySpec<T>): Implementation {
  return {
    id,
    run: (ctx) =>
      ctx.check(spec.arbitrary(ctx), (value) => spec.check(ctx, value), {
        runs: spec.maxRuns === undefined ? ctx.runs : Math.min(ctx.runs, spec.maxRuns),
        ...(spec.maxRuns === undefined ? {} : { maxRuns: spec.maxRuns }),
        ...(spec.examples ? { examples: spec.examples(ctx) } : {}),
        ...(spec.independentCases ? { independentCases: true } : {}),
      }),
  };
}

/**
 * The rule `id` with its own run: one scripted case, or several properties in sequence.
 *
 * @example
 * fixedRule('jobs.limits.title-length', async (ctx: RuleContext) => {
 *   await ctx.check(createBodyArb(ctx), async (job) => { ... });
 * });
 */
export function fixedRule(id: string, run: (ctx: RuleContext) => Promise<void>): Implementation {
  return { id, run };
}
