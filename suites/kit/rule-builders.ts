/**
 * @module The one way to declare a rule (id, section, level, title, the spec sentence it
 * checks as `statement`, then the generator and the check): a property (generated cases through
 * ctx.check, shrunk and replayable) or a fixed rule (its own run: one scripted
 * case, or several ctx.check calls with steps between them). Every rule under
 * suites/checks/ is built by one of the two.
 */
import type * as fc from 'fast-check';
import type { Rule, RuleContext } from '../engine/rule.js';

export type RuleMeta = Omit<Rule, 'run'>;

export interface PropertySpec<T> {
  arbitrary(ctx: RuleContext): fc.Arbitrary<T>;
  check(ctx: RuleContext, value: T): Promise<void>;
  /** Caps the runs of a costly property (default: --runs). */
  maxRuns?: number;
  /** Boundary cases sent in every run before the random ones (see RuleContext.check). */
  examples?(ctx: RuleContext): ReadonlyArray<Partial<T>>;
}

/**
 * A rule that checks `check` on generated values.
 *
 * @example
 * propertyRule({ id: 'jobs.create.status-201', section: '4.2', area: 'create', title: '...', statement: 'Response 201 with a `Location` header ...' }, {
 *   arbitrary: (ctx) => createBodyArb(ctx),
 *   check: async (ctx, body) => { ... },
 * });
 */
export function propertyRule<T>(meta: RuleMeta, spec: PropertySpec<T>): Rule {
  return {
    ...meta,
    run: (ctx) =>
      ctx.check(spec.arbitrary(ctx), (value) => spec.check(ctx, value), {
        runs: spec.maxRuns === undefined ? ctx.runs : Math.min(ctx.runs, spec.maxRuns),
        ...(spec.maxRuns === undefined ? {} : { maxRuns: spec.maxRuns }),
        ...(spec.examples ? { examples: spec.examples(ctx) } : {}),
      }),
  };
}

/**
 * A rule with its own run: one scripted case, or several properties in sequence.
 *
 * @example
 * fixedRule({ id: 'jobs.limits.title-length', section: '8', area: 'limits', title: '...', statement: '| title | max 256 characters |' }, async (ctx: RuleContext) => {
 *   await ctx.check(createBodyArb(ctx), async (job) => { ... });
 * });
 */
export function fixedRule(meta: RuleMeta, run: (ctx: RuleContext) => Promise<void>): Rule {
  return { ...meta, run };
}
