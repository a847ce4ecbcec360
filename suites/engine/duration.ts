/**
 * @module --duration: a time budget for the run (`10m`, `20s`, `1h`, `90`: seconds when no unit).
 * Within it every rule keeps drawing new cases (suites/engine/context.ts) past its --runs.
 */
import { ConfigError } from '../contract/errors.js';

const UNIT_MS: Readonly<Record<string, number>> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 };
/** A day: a longer budget is a typo more likely than a plan. */
export const MAX_DURATION_MS = 86_400_000;

/**
 * @example
 * parseDuration('10m') // 600000
 */
export function parseDuration(text: string): number {
  const match = /^\s*(\d+)\s*(ms|s|m|h)?\s*$/.exec(text);
  const ms = match ? Number(match[1]) * UNIT_MS[match[2] ?? 's']! : Number.NaN;
  if (!Number.isInteger(ms) || ms < 1000 || ms > MAX_DURATION_MS) {
    throw new ConfigError('duration', `--duration must be a time from 1s to 24h, like 20s, 10m or 1h, got ${JSON.stringify(text)}`);
  }
  return ms;
}

/**
 * The budget as a reader writes it.
 *
 * @example
 * formatDuration(600000) // '10m'
 */
export function formatDuration(ms: number): string {
  if (ms % 3_600_000 === 0) return `${ms / 3_600_000}h`;
  if (ms % 60_000 === 0) return `${ms / 60_000}m`;
  if (ms % 1000 === 0) return `${ms / 1000}s`;
  return `${ms}ms`;
}
