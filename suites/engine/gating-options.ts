/**
 * @module The report and gating options of a command (--reporter,
 * --fail-on, --baseline), read and checked before anything is sent: the
 * suite's CLI and the proxy's share them.
 */
import { checkBaselineWritable, DEFAULT_FAIL_ON, parseFailOn, parseReporters, readBaseline, type Baseline, type FailCondition, type ReporterName } from '../../reports/index.js';

export interface Gating {
  reporters: ReporterName[];
  failOn: FailCondition[];
  baseline?: Baseline;
  /** --write-baseline FILE (checked writable up front). */
  writeBaseline?: string;
}

/**
 * @example
 * const gating = await prepareGating({ reporters: 'json,html', failOn: 'failed' });
 */
export async function prepareGating(options: { reporters: string; failOn?: string | undefined; baseline?: string | undefined; writeBaseline?: string | undefined }): Promise<Gating> {
  const gating: Gating = { reporters: parseReporters(options.reporters), failOn: options.failOn !== undefined ? parseFailOn(options.failOn) : [...DEFAULT_FAIL_ON] };
  if (options.baseline) gating.baseline = await readBaseline(options.baseline);
  if (options.writeBaseline) {
    await checkBaselineWritable(options.writeBaseline);
    gating.writeBaseline = options.writeBaseline;
  }
  return gating;
}
