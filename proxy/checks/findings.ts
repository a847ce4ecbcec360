/**
 * @module Findings: what the checks report. Each names a rule (the suite's
 * id where one exists, else a `proxy.…` id), the side that broke the spec
 * (the client's request or the server's answer) and the exchanges that show
 * it, already redacted. `Findings.check` also counts how often each rule was
 * applied, so a report can say a rule held over N exchanges.
 */
import type { Exchange } from '../../schemas/types.gen.js';
import type { ObservedExchange } from './observed-exchange.js';
import { ruleInfo, type Side } from './proxy-rules.js';

export interface Finding {
  ruleId: string;
  side: Side;
  title: string;
  expected: string;
  received: string;
  /** The exchange judged last; earlier ones (the write a read contradicts) before it. */
  exchanges: Exchange[];
}

export interface FindingText {
  title: string;
  expected: string;
  received: string;
}

/** Collects findings and per-rule counts; tells a listener about each finding as it happens. */
export class Findings {
  readonly list: Finding[] = [];
  /** Times each rule was applied. */
  readonly applied = new Map<string, number>();
  constructor(private readonly onFinding?: (finding: Finding) => void) {}

  /**
   * Applies rule `ruleId` once: when `ok` is false, records a finding (its text made only then).
   *
   * @example
   * findings.check('jobs.create.location-header', 'server', location !== undefined, () => ({ title, expected, received }), [x]);
   */
  check(ruleId: string, side: Side, ok: boolean, text: () => FindingText, exchanges: readonly ObservedExchange[]): boolean {
    ruleInfo(ruleId); // an unknown id is a bug in the proxy, not a finding
    this.applied.set(ruleId, (this.applied.get(ruleId) ?? 0) + 1);
    if (ok) return true;
    const finding: Finding = { ruleId, side, ...text(), exchanges: exchanges.map((x) => x.record()) };
    this.list.push(finding);
    this.onFinding?.(finding);
    return false;
  }
}
