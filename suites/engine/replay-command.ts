/**
 * @module The commands that replay a run or one mismatch. They never carry a
 * key: JOBS_API_KEY (and JOBS_SECOND_API_KEY for the isolation rules) come
 * from the environment, and so do --header values (JOBS_HEADERS).
 */
import { DEFAULT_CONCURRENCY, DEFAULT_TIMEOUT_MS, type ResolvedConfig } from './config.js';
import { shellQuote } from '../../reports/curl.js';
import { formatDuration } from './duration.js';

export interface ReplayTarget {
  config: ResolvedConfig;
  seed: number;
}

/**
 * `npx jobs-conformance --base-url ... --seed S --runs R [--concurrency N] [--only id] [--replay-path P] [--strict]`
 *
 * @example
 * replayCommand({ config, seed: 42 }, 'jobs.create.status-201', '0:1')
 */
export function replayCommand({ config, seed }: ReplayTarget, ruleId?: string, path?: string): string {
  const parts = [
    'npx',
    'jobs-conformance',
    '--base-url',
    shellQuote(config.apiRoot),
    '--seed',
    String(seed),
    '--runs',
    String(config.runs),
  ];
  if (config.categoriesPath !== '/categories') parts.push('--categories-path', shellQuote(config.categoriesPath));
  if (config.locationsPath !== '/locations') parts.push('--locations-path', shellQuote(config.locationsPath));
  if (config.categoryIds) parts.push('--category-ids', config.categoryIds.join(','));
  if (config.positionTypeIds) parts.push('--position-type-ids', config.positionTypeIds.join(','));
  if (config.timeoutMs !== DEFAULT_TIMEOUT_MS) parts.push('--timeout-ms', String(config.timeoutMs));
  // The same target likely has the same limit; --header values are secrets and come from JOBS_HEADERS.
  if (config.rateLimit) parts.push('--rate-limit', `${config.rateLimit.requests}/${config.rateLimit.per}`);
  // A rule's cases are the same at any --concurrency; a whole run keeps it, as the load on the target is part of what it saw.
  if (ruleId === undefined && config.concurrency !== DEFAULT_CONCURRENCY) parts.push('--concurrency', String(config.concurrency));
  const only = ruleId ?? config.only?.join(',');
  if (only) parts.push('--only', shellQuote(only));
  if (path) parts.push('--replay-path', shellQuote(path));
  // A rule's cases are the same in any shard: only the whole run keeps its shard and its time budget.
  if (ruleId === undefined && config.shard) parts.push('--shard', `${config.shard.index}/${config.shard.count}`);
  if (ruleId === undefined && config.durationMs !== undefined) parts.push('--duration', formatDuration(config.durationMs));
  // The run's verdict and exit code depend on --strict: a replay of the whole run keeps it.
  if (config.strict && ruleId === undefined) parts.push('--strict');
  return parts.join(' ');
}
