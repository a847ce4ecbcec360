/**
 * @module The one way to write a rule: its catalog entry (id, section, level, title, statement; the area comes
 * from the id) beside its run, as a property (generated cases through ctx.check, shrunk and replayable) or a
 * fixed rule (its own run: one scripted case, or several ctx.check calls with steps between them). Every rule
 * under suites/checks/ is built by one of the two and exported from its file; `npm run generate` reads the
 * entries from there into the data-only catalog (suites/catalog/catalog.gen.ts) and lists the rules
 * (suites/checks/rules.gen.ts). `byEachEmployer` wraps either kind to run it again as the second employer.
 */
import type * as fc from 'fast-check';
import { catalogEntryOf, type CatalogEntry, type RuleEntry } from '../catalog/entry.js';
import type { MismatchInput, RuleContext } from '../contract/rule.js';

export type { RuleEntry } from '../catalog/entry.js';

/** The code of one rule, with the catalog entry its file declares. */
export interface Implementation {
  readonly id: string;
  readonly entry: CatalogEntry;
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
 * The rule `entry` checks `check` on generated values.
 *
 * @example
 * propertyRule({ id, section: '4.2', level: 'must', title, statement }, {
 *   arbitrary: (ctx) => createBodyArb(ctx),
 *   check: async (ctx, body) => { ... },
 * });
 */
export function propertyRule<T>(entry: RuleEntry, spec: PropertySpec<T>): Implementation {
  return {
    id: entry.id,
    entry: catalogEntryOf(entry),
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
 * The rule `entry` with its own run: one scripted case, or several properties in sequence.
 *
 * @example
 * fixedRule({ id, section: '8', level: 'must', title, statement }, async (ctx: RuleContext) => {
 *   await ctx.check(createBodyArb(ctx), async (job) => { ... });
 * });
 */
export function fixedRule(entry: RuleEntry, run: (ctx: RuleContext) => Promise<void>): Implementation {
  return { id: entry.id, entry: catalogEntryOf(entry), run };
}

/**
 * `implementation`, run again by the second employer (--second-api-key) when the run has one, the keys' roles
 * swapped. A server may keep code paths per employer (its plan decides auto-refresh, spec 2.1; its own list, 4.5), and
 * a bug of one employer's path passes every rule the other employer runs. So each rule whose one run walks every path
 * of a family (the list links, the partial updates, the routing switch, the renames) is run by each employer; the
 * second run's findings and skips say whose they are.
 *
 * @example
 * export const madeEveryWayRule = byEachEmployer(propertyRule({ id, section, level, title, statement }, { ... }));
 */
export function byEachEmployer(implementation: Implementation): Implementation {
  return {
    ...implementation,
    run: async (ctx) => {
      await implementation.run(ctx);
      if (ctx.second) await implementation.run(asSecondEmployer(ctx, ctx.second));
    },
  };
}

const BY_SECOND = 'by the second employer';

/** `ctx` with the two employers' keys swapped, its findings and skips naming the second employer. */
function asSecondEmployer(ctx: RuleContext, second: NonNullable<RuleContext['second']>): RuleContext {
  const named = (mismatch: MismatchInput): MismatchInput => ({ ...mismatch, title: `${mismatch.title} (${BY_SECOND})` });
  const own: Partial<RuleContext> = {
    api: second,
    second: ctx.api,
    fail: (mismatch) => ctx.fail(named(mismatch)),
    expect: (condition, mismatch) => ctx.expect(condition, condition ? mismatch : named(mismatch)),
    skip: (reason) => ctx.skip(`${BY_SECOND}: ${reason}`),
  };
  // The context's methods keep their own receiver (they hold private state).
  return new Proxy(ctx, {
    get(target, key, _receiver) {
      if (Object.hasOwn(own, key)) return own[key as keyof RuleContext];
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
