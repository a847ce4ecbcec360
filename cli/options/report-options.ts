/**
 * @module The report and gating rows that the proxy and merge-reports share (a run reads the same flags from the
 * run's table, conformance-options.ts): where the reports go, their formats, and what makes the exit code 1. Values are parsed
 * here, once, by the reports layer's own parsers.
 */
import { DEFAULT_FAIL_ON, parseFailOn, parseReporters, REPORTERS, type FailCondition, type ReporterName } from '../../reports/index.js';
import { DEFAULT_REPORT_DIR } from '../../suites/engine/config.js';
import type { CliOption } from './option-table.js';
import { flagParser } from './parsers.js';

/** The values the shared rows give a command. */
export type ReportOptions = {
  reportDir: string;
  reporters: ReporterName[];
  failOn: FailCondition[];
};

/** --report-dir, --reporter and --fail-on, with the help line of --report-dir given by the command. */
export function reportOptionRows(reportDirDescription: string): CliOption<ReportOptions>[] {
  return [
    { key: 'reportDir', flag: 'report-dir', value: 'dir', description: reportDirDescription, fallback: DEFAULT_REPORT_DIR, example: 'out' },
    {
      key: 'reporters',
      flag: 'reporter',
      value: 'list',
      description: `formats: ${REPORTERS.join(', ')}, or all`,
      parse: flagParser(parseReporters),
      fallback: [...REPORTERS],
      defaultText: 'all',
      example: 'json,html',
    },
    {
      key: 'failOn',
      flag: 'fail-on',
      value: 'list',
      description: 'what makes the exit code 1',
      parse: flagParser(parseFailOn),
      fallback: [...DEFAULT_FAIL_ON],
      defaultText: DEFAULT_FAIL_ON.join(','),
      example: 'failed,error',
    },
  ];
}
