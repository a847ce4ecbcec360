/**
 * @module Colours and symbols for terminal output, and the decision whether
 * to colour at all: never with NO_COLOR, always with FORCE_COLOR (not 0),
 * otherwise only on a TTY whose TERM is not `dumb`.
 */
import picocolors from 'picocolors';
import type { Colors } from 'picocolors/types.js';
import type { RuleStatus } from './status.js';

/**
 * @example
 * const color = shouldUseColor(process.stdout);
 */
export function shouldUseColor(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '' && env.FORCE_COLOR !== '0') return true;
  return stream.isTTY === true && env.TERM !== 'dumb';
}

/** picocolors formatters that are identity functions when colour is off. */
export function colorsFor(enabled: boolean): Colors {
  return picocolors.createColors(enabled);
}

export const STATUS_SYMBOL: Record<RuleStatus, string> = {
  passed: '✓',
  failed: '✗',
  error: '!',
  known: '~',
  warning: '⚠',
  skipped: '-',
  disabled: '·',
};

/** Paints text in its status colour. */
export function paintStatus(c: Colors, status: RuleStatus, text: string): string {
  switch (status) {
    case 'passed':
      return c.green(text);
    case 'failed':
      return c.red(text);
    case 'error':
      return c.magenta(text);
    case 'known':
      return c.yellow(text);
    case 'warning':
      return c.yellow(c.bold(text));
    default:
      return c.dim(text);
  }
}
