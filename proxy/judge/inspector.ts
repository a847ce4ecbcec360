/**
 * @module Judges finished exchanges off the forwarding path: the forwarder
 * hands each one over when its response is complete, and the inspector
 * reads and checks them on a later turn of the event loop, in the order they
 * finished (the order the stateful model needs), a batch at a time.
 */
import { Redactor } from '../../reports/redactor.js';
import type { CapturedExchange } from '../relay/captured-exchange.js';
import { Findings, type Finding } from '../checks/findings.js';
import { observe, type ObservedExchange } from '../checks/observed-exchange.js';
import type { ProxyCheck } from '../checks/check.js';
import { PROXY_CHECKS, ruleSelection, type CheckSelection, type RuleSelection } from '../checks/registry.js';
import { EMPTY_VIEW, StateModel, type ModelView } from '../checks/state-model.js';

export interface InspectorCounts {
  exchanges: number;
  /** Exchanges that ended without a response (target unreachable, reset, client gone). */
  failed: number;
  /** Bodies forwarded but not checked (too large to keep, undecodable). */
  unchecked: number;
}

export class Inspector {
  readonly findings: Findings;
  readonly redactor = new Redactor();
  readonly model: StateModel;
  readonly counts: InspectorCounts = { exchanges: 0, failed: 0, unchecked: 0 };
  /** Every API key seen, for the report writers' last scrub (never written anywhere). */
  readonly secrets = new Set<string>();
  #queue: CapturedExchange[] = [];
  #scheduled = false;
  #idle: Array<() => void> = [];
  /** The rules the selection keeps (and those it drops, which the report lists as skipped). */
  readonly selection: RuleSelection;
  /** The rules kept, and the checks that report under one of them. */
  readonly #rules: ReadonlySet<string>;
  readonly #checks: readonly ProxyCheck[];

  constructor(
    private readonly target: URL,
    onFinding?: (finding: Finding) => void,
    selection?: CheckSelection,
  ) {
    this.findings = new Findings(onFinding);
    this.model = new StateModel();
    this.selection = ruleSelection(selection);
    this.#rules = this.selection.kept;
    this.#checks = PROXY_CHECKS.filter((check) => check.rules.some((rule) => this.#rules.has(rule)));
  }

  /** A request head arrived: the model learns which writes are in flight. */
  started(exchange: Pick<CapturedExchange, 'startSeq' | 'method' | 'url' | 'requestHeaders'>): void {
    this.model.started(exchange);
  }

  /** An exchange is over: judged on a later turn. */
  ended(exchange: CapturedExchange): void {
    this.#queue.push(exchange);
    if (!this.#scheduled) {
      this.#scheduled = true;
      setImmediate(() => this.#drain());
    }
  }

  /** Resolves once every exchange handed over so far has been judged. */
  async settled(): Promise<void> {
    if (!this.#scheduled) return;
    await new Promise<void>((resolve) => this.#idle.push(resolve));
  }

  #drain(): void {
    const batch = this.#queue.sort((a, b) => (a.endSeq ?? 0) - (b.endSeq ?? 0));
    this.#queue = [];
    for (const captured of batch) this.#judge(captured);
    this.#scheduled = false;
    for (const resolve of this.#idle.splice(0)) resolve();
  }

  #judge(captured: CapturedExchange): void {
    this.counts.exchanges += 1;
    const x: ObservedExchange = observe(captured, this.target, this.redactor);
    if (x.apiKey) this.secrets.add(x.apiKey);
    if (x.request.problem !== undefined || x.response.problem !== undefined) this.counts.unchecked += 1;
    const answered = captured.status !== undefined;
    if (!answered) {
      this.counts.failed += 1;
      this.model.failed(x);
    }
    this.#apply(answered ? this.model.record(x) : EMPTY_VIEW, x, answered);
  }

  /** Applies the selected checks (the server's only to an answered exchange) and records their verdicts. */
  #apply(view: ModelView, x: ObservedExchange, answered: boolean): void {
    for (const check of this.#checks) {
      if (!answered && check.side === 'server') continue;
      for (const v of check.run(view, x)) if (this.#rules.has(v.ruleId)) this.findings.check(v.ruleId, v.side, v.ok, v.text, v.exchanges);
    }
  }
}
