/**
 * @module The option table of `jobs-conformance merge-reports DIR...`: where and how the merged report is
 * written, and what gates the exit code (each also JOBS_MERGE_REPORTS_<FLAG>).
 */
import type { FailCondition, ReporterName } from '../../reports/index.js';
import type { OptionTable } from './option-table.js';
import { reportOptionRows } from './report-options.js';

export type MergeReportsOptions = {
  reportDir: string;
  reporters: ReporterName[];
  failOn: FailCondition[];
  baseline?: string;
  writeBaseline?: string;
};

export const MERGE_REPORTS_OPTIONS: OptionTable<MergeReportsOptions> = {
  command: 'jobs-conformance merge-reports',
  envPrefix: 'JOBS_MERGE_REPORTS_',
  options: [
    ...reportOptionRows('where the merged reports go'),
    {
      key: 'baseline',
      flag: 'baseline',
      value: 'file',
      description: 'known mismatches, applied to the merged report',
      example: 'baseline.json',
    },
    {
      key: 'writeBaseline',
      flag: 'write-baseline',
      value: 'file',
      description: "write the merged run's failed and warned rules to file as a baseline, then gate against it",
      example: 'baseline.json',
    },
  ],
};
