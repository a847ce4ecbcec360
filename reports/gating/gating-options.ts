/**
 * @module The report and gating options of a command (--reporter,
 * --fail-on, --baseline), the baseline files read and checked before anything
 * is sent: the suite's CLI and the proxy's share them.
 */
import { checkBaselineWritable, readBaseline } from '../baseline-file.js';
import type { ReporterName } from '../formats/report-formats.js';
import type { Baseline, FailCondition } from './gating.js';

export interface Gating {
  reporters: ReporterName[];
  failOn: FailCondition[];
  baseline?: Baseline;
  /** --write-baseline FILE (checked writable up front). */
  writeBaseline?: string;
}

/**
 * Reads the --baseline file and checks the --write-baseline one, from options already parsed (resolveConfig or a
 * command's option table): nothing is parsed twice.
 *
 * @example
 * const gating = await prepareGating({ reporters: ['json', 'html'], failOn: ['failed'] });
 */
export async function prepareGating(options: {
  reporters: readonly ReporterName[];
  failOn: readonly FailCondition[];
  baseline?: string | undefined;
  writeBaseline?: string | undefined;
}): Promise<Gating> {
  const gating: Gating = { reporters: [...options.reporters], failOn: [...options.failOn] };
  if (options.baseline) gating.baseline = await readBaseline(options.baseline);
  if (options.writeBaseline) {
    await checkBaselineWritable(options.writeBaseline);
    gating.writeBaseline = options.writeBaseline;
  }
  return gating;
}
