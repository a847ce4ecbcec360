/**
 * @module --only: selects rules by id prefix (`jobs.create`) or glob
 * (`jobs.*.location-header`), several patterns comma-separated.
 */
import { ConfigError } from './errors.js';
import type { Rule } from './rule.js';

function globToRegExp(glob: string): RegExp {
  const source = glob
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`);
}

/**
 * True when `id` starts with `pattern`, or matches it as a glob (`*`, `?`).
 *
 * @example
 * ruleMatches('jobs.create.location-header', 'jobs.create') // true
 * ruleMatches('jobs.create.location-header', '*.location-*') // true
 */
export function ruleMatches(id: string, pattern: string): boolean {
  return /[*?]/.test(pattern) ? globToRegExp(pattern).test(id) : id.startsWith(pattern);
}

/**
 * The rules matching any pattern (all when `patterns` is null), in registry
 * order. A pattern equal to a rule id selects that rule only, so a replay of
 * `jobs.lifecycle.republish` does not also run `jobs.lifecycle.republish-by-reference`.
 */
export function selectRules(rules: readonly Rule[], patterns: readonly string[] | null): Rule[] {
  if (patterns === null) return [...rules];
  const ids = new Set(rules.map((rule) => rule.id));
  const matches = (id: string, pattern: string) => (ids.has(pattern) ? id === pattern : ruleMatches(id, pattern));
  const selected = rules.filter((rule) => patterns.some((pattern) => matches(rule.id, pattern)));
  if (selected.length === 0) throw new ConfigError('only', `--only ${patterns.join(',')} matches no rule`);
  return selected;
}
