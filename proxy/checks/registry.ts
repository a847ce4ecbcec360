/**
 * @module Every check the proxy applies, once, in the order it applies them to an exchange: the client's (what
 * the request owes the spec), the server's one exchange at a time, then the stateful ones (what the answer shows
 * against the jobs seen before). `--only` and `--skip` select among the rules they report under, as the suite's
 * `--only` selects its rules (suites/catalog/rule-patterns.ts).
 */
import { idsMatching } from '../../suites/catalog/rule-patterns.js';
import type { ProxyCheck } from './check.js';
import { REQUEST_CHECKS } from './request-checks.js';
import { RESPONSE_CHECKS } from './response-checks.js';
import { STATE_CHECKS } from './state-checks.js';

export const PROXY_CHECKS: readonly ProxyCheck[] = [...REQUEST_CHECKS, ...RESPONSE_CHECKS, ...STATE_CHECKS];

/** Every rule id a proxy check reports under, each once. */
export const PROXY_CHECK_RULES: readonly string[] = [...new Set(PROXY_CHECKS.flatMap((check) => check.rules))];

/** Which rules a run applies: patterns as the suite's `--only` reads them; null for all. */
export interface CheckSelection {
  readonly only?: readonly string[] | null;
  readonly skip?: readonly string[] | null;
}

/** A selection that names no rule the proxy reports under. */
export class CheckSelectionError extends Error {
  override readonly name = 'CheckSelectionError';
  constructor(
    readonly option: 'only' | 'skip',
    readonly patterns: readonly string[],
  ) {
    super(`--${option} ${patterns.join(',')} matches no rule the proxy checks (docs/proxy.md lists them)`);
  }
}

/** What a selection keeps, and why each rule it drops is dropped (the report lists those as skipped). */
export interface RuleSelection {
  readonly kept: ReadonlySet<string>;
  readonly dropped: ReadonlyMap<string, string>;
  /** The flags that make the same selection again (for a replay command). */
  readonly flags: readonly string[];
}

const given = (patterns: readonly string[] | null | undefined): patterns is readonly string[] => !!patterns && patterns.length > 0;

/**
 * The rule ids a selection keeps, and the reason for each it drops; throws CheckSelectionError when `--only` or
 * `--skip` names none of the rules.
 *
 * @example
 * ruleSelection({ skip: ['jobs.paging'] }).dropped.get('jobs.paging.total') // 'skipped by --skip jobs.paging'
 */
export function ruleSelection(selection: CheckSelection = {}): RuleSelection {
  const { only, skip } = selection;
  const dropped = new Map<string, string>();
  const kept = given(only) ? idsMatching(PROXY_CHECK_RULES, only) : new Set(PROXY_CHECK_RULES);
  if (given(only)) {
    if (kept.size === 0) throw new CheckSelectionError('only', only);
    for (const id of PROXY_CHECK_RULES) if (!kept.has(id)) dropped.set(id, `not selected by --only ${only.join(',')}`);
  }
  if (given(skip)) {
    const skipped = idsMatching(PROXY_CHECK_RULES, skip);
    if (skipped.size === 0) throw new CheckSelectionError('skip', skip);
    for (const id of skipped) if (kept.delete(id)) dropped.set(id, `skipped by --skip ${skip.join(',')}`);
  }
  return { kept, dropped, flags: selectionFlags(selection) };
}

/**
 * The rule ids a selection keeps; throws CheckSelectionError when `--only` or `--skip` names none of them.
 *
 * @example
 * selectedRules({ skip: ['jobs.paging'] }).has('jobs.paging.total') // false
 */
export function selectedRules(selection: CheckSelection = {}): ReadonlySet<string> {
  return ruleSelection(selection).kept;
}

function selectionFlags(selection: CheckSelection = {}): string[] {
  return [
    ...(given(selection.only) ? ['--only', selection.only.join(',')] : []),
    ...(given(selection.skip) ? ['--skip', selection.skip.join(',')] : []),
  ];
}
