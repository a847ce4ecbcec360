/**
 * @module Reads a baseline file for `--baseline FILE` and writes one for
 * `--write-baseline FILE` (see gating/gating.ts for the format).
 */
import { constants } from 'node:fs';
import { access, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { parseBaseline, type Baseline } from './gating/gating.js';
import { DEFAULT_WRITE_TIMEOUT_MS, withinTime } from './report-dir.js';
import { ReportError } from './report-error.js';

const unwritable = (file: string, cause: unknown): ReportError =>
  new ReportError('BASELINE_UNWRITABLE', `cannot write baseline ${file}: ${(cause as Error).message}`, { cause, context: { file } });

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

/**
 * Proves, before a run sends anything, that `--write-baseline FILE` can be written: its folder
 * exists and is writable (the file itself is replaced).
 *
 * @example
 * await checkBaselineWritable('conformance-baseline.json');
 */
export async function checkBaselineWritable(file: string): Promise<void> {
  try {
    await access(dirname(file), constants.W_OK);
  } catch (cause) {
    throw unwritable(file, cause);
  }
}

/**
 * Writes a baseline file in the form `readBaseline` reads: `{"rules":[{"id","reason"}]}`, one entry a line.
 *
 * @example
 * await writeBaseline('conformance-baseline.json', createBaseline(report));
 */
export async function writeBaseline(file: string, baseline: Baseline): Promise<void> {
  const text = `{\n  "rules": [\n${baseline.rules.map((entry) => `    ${JSON.stringify(entry)}`).join(',\n')}${baseline.rules.length > 0 ? '\n' : ''}  ]\n}\n`;
  try {
    // Bounded like every report write: a FIFO nobody reads would otherwise hold the run open forever.
    await withinTime(writeFile(file, text), DEFAULT_WRITE_TIMEOUT_MS, `writing baseline ${file}`);
  } catch (cause) {
    throw cause instanceof ReportError ? cause : unwritable(file, cause);
  }
}
