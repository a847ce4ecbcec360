/**
 * @module Runs one rule and turns what happened into its RuleResult: passed,
 * failed (a MismatchError: the target departs from the spec), skipped (a
 * precondition is missing, or the run was interrupted) or error (the suite
 * could not complete the rule). A mismatch thrown outside ctx.check is
 * recorded here, after re-running the whole rule to label it.
 */
import type { RuleResult } from '../../schemas/types.gen.js';
import { Context, reproducibility } from './context.js';
import { MismatchError, SkipError, SuiteError, messageOf } from '../contract/errors.js';
import { raiseStatus } from '../../reports/status.js';
import { newRuleResult } from './results.js';
import type { Rule } from '../contract/rule.js';
import type { RunState } from './run-state.js';

const NEEDS_SECOND_KEY = 'needs a second employer: pass --second-api-key (or JOBS_SECOND_API_KEY)';

function reproduceRule(rule: Rule, state: RunState): Promise<'deterministic' | 'flaky' | 'unchecked'> {
  return reproducibility(state.signal, async () => (await new Context(rule, state, newRuleResult(rule), true).runMain()).error);
}

function isInterruption(error: unknown): boolean {
  return error instanceof SuiteError && error.code === 'INTERRUPTED';
}

/**
 * Runs `rule` against the run's target.
 *
 * @example
 * const result = await runRule(rule, state); // result.status: passed | failed | skipped | error
 */
export async function runRule(
  rule: Rule,
  state: RunState,
  redact: (text: string) => string = (t) => t,
  onError?: (error: unknown) => void,
): Promise<RuleResult> {
  const result = newRuleResult(rule);
  const started = performance.now();
  try {
    if (rule.requires?.includes('secondApiKey') && !state.second) {
      result.status = 'skipped';
      result.skipReason = NEEDS_SECOND_KEY;
      return result;
    }
    if (state.signal?.aborted) {
      result.status = 'skipped';
      result.skipReason = 'run interrupted before this rule';
      return result;
    }
    const ctx = new Context(rule, state, result);
    const outcome = await ctx.runMain();
    result.cases = Math.max(result.cases, 1);
    const { error } = outcome;
    if (error === undefined) {
      result.status = raiseStatus(result.status, 'passed');
    } else if (error instanceof MismatchError) {
      if (!error.recorded) ctx.record(error, outcome.log, { reproducibility: await reproduceRule(rule, state) });
    } else if (error instanceof SkipError) {
      result.status = raiseStatus(result.status, 'skipped');
      result.skipReason = redact(error.reason);
    } else if (isInterruption(error) || state.signal?.aborted) {
      result.status = raiseStatus(result.status, 'skipped');
      result.skipReason = 'run interrupted while this rule ran';
    } else {
      result.status = raiseStatus(result.status, 'error');
      result.errorMessage = redact(messageOf(error));
      onError?.(error);
    }
    return result;
  } finally {
    result.durationMs = Math.round(performance.now() - started);
  }
}
