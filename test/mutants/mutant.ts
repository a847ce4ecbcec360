/**
 * @module What a mutant is: a deliberately broken variant of the reference
 * mock, made by wrapping the real core (createMockServer's `transform`),
 * never by editing it. Each breaks ONE spec statement and names the suite
 * rule that must flag it.
 */
import type { CoreHandler } from '../../mock/index.js';
import type { Area } from '../../suites/contract/rule.js';

export type Transform = (next: CoreHandler) => CoreHandler;

export interface Mutant {
  /** Unique, kebab-case, starts with its area. */
  name: string;
  area: Area;
  /** The spec section and the statement the mutant breaks. */
  violates: string;
  /**
   * The rule that must fail, or a list whose FIRST entry is that (primary)
   * rule, followed by rules the same fault necessarily trips as well.
   */
  expectedRule: string | readonly [string, ...string[]];
  transform: Transform;
  /**
   * Choice switches of the mock the mutant runs on (docs/mock-choices.md), for
   * a fault only a conformant form exposes (e.g. whole-second publishDates).
   */
  choices?: Readonly<Record<string, string>>;
}

/** The primary expected rule of a mutant. */
export function primaryRule(mutant: Mutant): string {
  return typeof mutant.expectedRule === 'string' ? mutant.expectedRule : mutant.expectedRule[0];
}

/** Every rule the mutant is expected (primary) or allowed (the rest) to trip. */
export function expectedRules(mutant: Mutant): readonly string[] {
  return typeof mutant.expectedRule === 'string' ? [mutant.expectedRule] : mutant.expectedRule;
}
