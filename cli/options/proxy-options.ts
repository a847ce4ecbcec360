/**
 * @module The option table of `jobs-conformance proxy`. Report and gating
 * values are parsed here, once, by the reports layer's own parsers.
 */
import type { FailCondition, ReporterName } from '../../reports/index.js';
import type { OptionTable } from './option-table.js';
import { parseHost, parsePort, parseSeconds } from './parsers.js';
import { CHECK_SELECTION_ROWS, type CheckSelectionOptions } from './check-selection-options.js';
import { reportOptionRows } from './report-options.js';

export const DEFAULT_PROXY_PORT = 4020;

/** The options as the table reads them (flags over JOBS_PROXY_* variables over defaults), parsed. */
export type ProxyOptions = {
  target?: string;
  port: number;
  host: string;
  preserveHost?: boolean;
  reportDir: string;
  reporters: ReporterName[];
  failOn: FailCondition[];
  baseline?: string;
  flushEvery: number;
} & CheckSelectionOptions;

export const PROXY_OPTIONS: OptionTable<ProxyOptions> = {
  command: 'jobs-conformance proxy',
  envPrefix: 'JOBS_PROXY_',
  options: [
    {
      key: 'target',
      flag: 'target',
      value: 'url',
      description: 'the server to forward to, its base address (required)',
      example: 'http://127.0.0.1:4010',
    },
    {
      key: 'port',
      flag: 'port',
      short: 'p',
      value: 'n',
      description: 'port to listen on; 0 picks a free port',
      parse: parsePort,
      fallback: DEFAULT_PROXY_PORT,
      example: '0',
    },
    {
      key: 'host',
      flag: 'host',
      short: 'H',
      value: 'host',
      description: 'interface to bind',
      parse: parseHost,
      fallback: '127.0.0.1',
      example: '0.0.0.0',
    },
    {
      key: 'preserveHost',
      flag: 'preserve-host',
      description: "send the client's Host header to the target (default: the target's host)",
      example: '1',
    },
    ...CHECK_SELECTION_ROWS,
    ...reportOptionRows('where the reports go'),
    { key: 'baseline', flag: 'baseline', value: 'file', description: 'known findings by rule id, accepted', example: 'baseline.json' },
    {
      key: 'flushEvery',
      flag: 'flush-every',
      value: 'seconds',
      description: 'also write the reports every N seconds (0: only when stopping)',
      parse: parseSeconds,
      fallback: 30,
      example: '5',
    },
  ],
};
