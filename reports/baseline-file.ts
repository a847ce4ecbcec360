/**
 * @module Reads a baseline file for `--baseline FILE` (see gating.ts for the format).
 */
import { readFile } from 'node:fs/promises';
import { parseBaseline, type Baseline } from './gating.js';
import { ReportError } from './report-error.js';

/**
 * Reads and validates a baseline file (JSON).
 *
 * @example
 * const report2 = applyBaseline(report, await readBaseline('conformance-baseline.json'));
 */
export async function readBaseline(file: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (cause) {
    throw new ReportError('BASELINE_UNREADABLE', `cannot read baseline ${file}: ${(cause as Error).message}`, { cause, context: { file } });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (cause) {
    throw new ReportError('BASELINE_INVALID', `baseline ${file} is not JSON: ${(cause as Error).message}`, { cause, context: { file } });
  }
  return parseBaseline(data, file);
}
