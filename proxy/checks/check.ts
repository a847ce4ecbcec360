/**
 * @module What a proxy check is: a named function of the state model's view
 * of one exchange and the exchange itself, answering one verdict per rule it
 * applied (a failed verdict is a finding). Verdicts that hold count too: a
 * report says a rule held over N exchanges. The registry (registry.ts) lists
 * every check once.
 */
import type { FindingText } from './findings.js';
import type { ObservedExchange } from './observed-exchange.js';
import type { Side } from './proxy-rules.js';
import type { ModelView } from './state-model.js';

export interface Verdict {
  readonly ruleId: string;
  readonly side: Side;
  readonly ok: boolean;
  /** The finding's text, made only when the verdict fails. */
  readonly text: () => FindingText;
  /** The exchange judged last; earlier ones (the write a read contradicts) before it. */
  readonly exchanges: readonly ObservedExchange[];
}

export type CheckFunction = (model: ModelView, x: ObservedExchange) => readonly Verdict[];

export interface ProxyCheck {
  /** Names the check (kebab-case, unique), as its unit test does. */
  readonly id: string;
  /** The side it judges: client checks run on every exchange, server checks only on answered ones. */
  readonly side: Side;
  /** Every rule id its verdicts name. */
  readonly rules: readonly string[];
  readonly run: CheckFunction;
}

/** Collects the verdicts of one check on one exchange, in the order the check applies its rules. */
export class Verdicts {
  readonly list: Verdict[] = [];
  constructor(readonly side: Side) {}

  /**
   * @example
   * out.check('jobs.create.location-header', location !== undefined, () => ({ title, expected, received }), [x]);
   */
  check(ruleId: string, ok: boolean, text: () => FindingText, exchanges: readonly ObservedExchange[]): void {
    this.list.push({ ruleId, side: this.side, ok, text, exchanges });
  }
}

/** A check's function from a body that fills a Verdicts collector. */
export function checkOf(side: Side, body: (out: Verdicts, model: ModelView, x: ObservedExchange) => void): CheckFunction {
  return (model, x) => {
    const out = new Verdicts(side);
    body(out, model, x);
    return out.list;
  };
}
