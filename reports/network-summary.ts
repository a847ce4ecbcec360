/**
 * @module One phrase on rate limiting for the headers of every human-readable
 * report (terminal, summary.md, report.html): retries and time waited. Absent
 * when the run neither retried nor ran under --rate-limit.
 */
import type { ConformanceReport } from '../schemas/types.gen.js';

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/**
 * @example
 * networkSummary(report) // '3 retries after rate limits (2.0 s waited) · --rate-limit 10/s (0.4 s spacing)'
 */
export function networkSummary(report: ConformanceReport): string | undefined {
  const network = report.network;
  const limit = report.options?.rateLimit;
  if (!network || (network.retries === 0 && limit === undefined)) return undefined;
  const parts = [
    `${network.retries} ${network.retries === 1 ? 'retry' : 'retries'} after rate limits (${seconds(network.retryWaitMs)} waited)`,
  ];
  if (limit !== undefined) parts.push(`--rate-limit ${limit} (${seconds(network.rateLimitWaitMs)} spacing)`);
  return parts.join(' · ');
}
