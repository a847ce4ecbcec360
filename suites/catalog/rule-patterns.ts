/**
 * @module How `--only` (and the proxy's `--skip`) name rules: by id prefix
 * (`jobs.create`) or glob (`jobs.*.location-header`), several patterns
 * comma-separated. Data-free, so the suite's runner and the proxy select by
 * the same reading.
 */

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
 * The ids among `ids` that any pattern names. A pattern equal to an id names that id only, so a replay of
 * `jobs.lifecycle.republish` does not also name `jobs.lifecycle.republish-by-reference`.
 *
 * @example
 * idsMatching(['jobs.list.sorted', 'jobs.paging.total'], ['jobs.list']) // Set { 'jobs.list.sorted' }
 */
export function idsMatching(ids: readonly string[], patterns: readonly string[]): Set<string> {
  const known = new Set(ids);
  const matches = (id: string, pattern: string) => (known.has(pattern) ? id === pattern : ruleMatches(id, pattern));
  return new Set(ids.filter((id) => patterns.some((pattern) => matches(id, pattern))));
}
