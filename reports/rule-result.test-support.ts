/**
 * @module A minimal RuleResult with a given status, level and number of
 * mismatches, for the status, gating and report tests.
 */
import type { Mismatch, RuleResult } from '../schemas/types.gen.js';

export function ruleResult(
  status: RuleResult['status'],
  options: { level?: RuleResult['level']; mismatches?: number; id?: string; reproducibility?: Mismatch['reproducibility'] } = {},
): RuleResult {
  const id = options.id ?? `jobs.test.${status}`;
  const level = options.level ?? (status === 'warning' ? 'should' : 'must');
  return {
    id,
    section: '4.2',
    area: 'create',
    title: status,
    level,
    status,
    durationMs: 1,
    cases: 1,
    mismatches: Array.from({ length: options.mismatches ?? 0 }, () => ({
      ruleId: id,
      section: '4.2',
      level,
      title: 't',
      expected: 'e',
      received: 'r',
      exchanges: [],
      curl: 'curl',
      replay: { command: 'npx jobs-conformance', seed: 1 },
      reproducibility: options.reproducibility ?? 'deterministic',
    })),
  };
}
