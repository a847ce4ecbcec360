/**
 * @module The option table of `jobs-conformance merge-reports DIR...`: where and how the merged report is
 * written, and what gates the exit code (each also JOBS_MERGE_REPORTS_<FLAG>). Values are parsed here, once,
 * by the reports layer's own parsers, as the proxy's are.
 */
import { DEFAULT_FAIL_ON, parseFailOn, parseReporters, REPORTERS } from '../../reports/index.js';
import { DEFAULT_REPORT_DIR } from '../../suites/engine/config.js';
import type { OptionTable } from './option-table.js';
import { flagParser } from './parsers.js';

export const MERGE_REPORTS_OPTIONS: OptionTable = {
  command: 'jobs-conformance merge-reports',
  envPrefix: 'JOBS_MERGE_REPORTS_',
  options: [
    {
      key: 'reportDir',
      flag: 'report-dir',
      value: 'dir',
      description: 'where the merged reports go',
      fallback: DEFAULT_REPORT_DIR,
      example: 'merged',
    },
    {
      key: 'reporters',
      flag: 'reporter',
      value: 'list',
      description: 'formats: json, junit, html, markdown, or all',
      parse: flagParser(parseReporters),
      fallback: [...REPORTERS],
      defaultText: 'all',
      example: 'json,html',
    },
    {
      key: 'failOn',
      flag: 'fail-on',
      value: 'list',
      description: 'what makes the exit code 1 (as for a run)',
      parse: flagParser(parseFailOn),
      fallback: [...DEFAULT_FAIL_ON],
      defaultText: DEFAULT_FAIL_ON.join(','),
      example: 'failed,error',
    },
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
