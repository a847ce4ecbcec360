/**
 * @module The option table of `jobs-conformance diff OLD NEW`: the output format and what fails the
 * command (each also JOBS_DIFF_<FLAG>).
 */
import { DEFAULT_DRIFT_FAIL_ON, DRIFT_CONDITIONS, parseDriftFailOn, type DriftCondition } from '../../reports/index.js';
import type { OptionTable } from './option-table.js';
import { flagParser } from './parsers.js';

export const DIFF_FORMATS = ['terminal', 'markdown', 'json'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

function parseFormat(text: string): DiffFormat {
  const format = DIFF_FORMATS.find((name) => name === text.trim());
  if (format === undefined) throw new Error(`must be one of ${DIFF_FORMATS.join(', ')}, got ${JSON.stringify(text)}`);
  return format;
}

export type DiffOptions = {
  format: DiffFormat;
  failOn: DriftCondition[];
  strict?: boolean;
};

export const DIFF_OPTIONS: OptionTable<DiffOptions> = {
  command: 'jobs-conformance diff',
  envPrefix: 'JOBS_DIFF_',
  options: [
    {
      key: 'format',
      flag: 'format',
      value: 'format',
      description: `output on stdout: ${DIFF_FORMATS.join(', ')} (markdown: a pull-request comment; json: for tools)`,
      parse: flagParser(parseFormat),
      fallback: 'terminal',
      example: 'markdown',
    },
    {
      key: 'failOn',
      flag: 'fail-on',
      value: 'list',
      description: `what makes the exit code 1: ${DRIFT_CONDITIONS.join(', ')}, all or none`,
      parse: flagParser(parseDriftFailOn),
      fallback: [...DEFAULT_DRIFT_FAIL_ON],
      defaultText: DEFAULT_DRIFT_FAIL_ON.join(','),
      example: 'failed,drift',
    },
    {
      key: 'strict',
      flag: 'strict',
      description: 'a rule newly warning and any drift in the observations fail too (exit 1)',
      example: '1',
    },
  ],
};
