/**
 * @module The option table of `jobs-conformance check-har FILE`: which server the recorded traffic is of, where
 * the reports go and what gates the exit code (each also JOBS_CHECK_HAR_<FLAG>).
 */
import type { FailCondition, ReporterName } from '../../reports/index.js';
import type { OptionTable } from './option-table.js';
import { CHECK_SELECTION_ROWS, type CheckSelectionOptions } from './check-selection-options.js';
import { reportOptionRows } from './report-options.js';

export type CheckHarOptions = {
  baseUrl?: string;
  reportDir: string;
  reporters: ReporterName[];
  failOn: FailCondition[];
  baseline?: string;
} & CheckSelectionOptions;

export const CHECK_HAR_OPTIONS: OptionTable<CheckHarOptions> = {
  command: 'jobs-conformance check-har',
  envPrefix: 'JOBS_CHECK_HAR_',
  options: [
    {
      key: 'baseUrl',
      flag: 'base-url',
      value: 'url',
      description: "the server's base address in the file (before /api/v1.1); read off the entries when there is one",
      example: 'http://127.0.0.1:4010',
    },
    ...CHECK_SELECTION_ROWS,
    ...reportOptionRows('where the reports go'),
    {
      key: 'baseline',
      flag: 'baseline',
      value: 'file',
      description: 'known mismatches: rules listed there do not fail the run',
      example: 'baseline.json',
    },
  ],
};
