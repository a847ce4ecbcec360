/**
 * @module The option table of `jobs-conformance`: every flag of a run, with its help line, its default and its
 * JOBS_ variable (option-table.ts derives it), plus the command's own --list-rules. Values stay text here: the
 * suite's resolveConfig (suites/engine/config.ts) validates them once, into the RunConfig.
 */
import {
  ADAPTIVE_CONCURRENCY_CAP,
  DEFAULT_CONCURRENCY,
  DEFAULT_FAIL_ON_TEXT,
  DEFAULT_MAX_SHRINKS,
  DEFAULT_REPORT_DIR,
  DEFAULT_REPORTERS,
  DEFAULT_RUNS,
  DEFAULT_TIMEOUT_MS,
  MAX_CONCURRENCY,
  MAX_SEED,
  type RunConfigOptions,
} from '../../suites/engine/config.js';
import { REPORTERS } from '../../reports/index.js';
import { DEFAULT_RETRY_LIMITS } from '../../suites/http/retry-policy.js';
import type { CliOption, OptionTable } from './option-table.js';

/** The options as the table reads them: a run's, each as given (resolveConfig checks them), and --list-rules. */
export type ConformanceCliOptions = Partial<RunConfigOptions> & { listRules?: boolean };

/** The rows of a run, in --help order. */
const RUN_OPTIONS: readonly CliOption<ConformanceCliOptions>[] = [
  {
    key: 'baseUrl',
    example: 'http://127.0.0.1:4010',
    flag: 'base-url',
    value: 'url',
    description: 'base address of the service (the suite appends /api/v1.1)',
  },
  { key: 'apiKey', example: 'demo-key-1', flag: 'api-key', value: 'key', description: 'API key of the employer the suite acts as' },
  {
    key: 'secondApiKey',
    example: 'demo-key-2',
    flag: 'second-api-key',
    value: 'key',
    description: "another employer's API key; turns on the isolation rules",
  },
  {
    key: 'seed',
    example: '42',
    flag: 'seed',
    value: 'n',
    description: `run seed, 0 to ${MAX_SEED} (printed by every run; replays it)`,
    defaultText: 'random',
  },
  {
    key: 'runs',
    example: String(DEFAULT_RUNS),
    flag: 'runs',
    value: 'n',
    description: 'generated cases per property rule',
    defaultText: String(DEFAULT_RUNS),
  },
  {
    key: 'maxShrinks',
    example: String(DEFAULT_MAX_SHRINKS),
    flag: 'max-shrinks',
    value: 'n',
    description: 'cases tried to shrink a counterexample (0: report it as found; fewer requests on a slow target)',
    defaultText: String(DEFAULT_MAX_SHRINKS),
  },
  {
    key: 'reportDir',
    example: DEFAULT_REPORT_DIR,
    flag: 'report-dir',
    value: 'dir',
    description: 'folder the reports are written to',
    defaultText: DEFAULT_REPORT_DIR,
  },
  {
    key: 'reporter',
    example: DEFAULT_REPORTERS.join(','),
    flag: 'reporter',
    value: 'list',
    description: `report formats, comma-separated: ${REPORTERS.join(', ')} or all`,
    defaultText: DEFAULT_REPORTERS.join(','),
  },
  {
    key: 'only',
    example: 'jobs.create',
    flag: 'only',
    value: 'pattern',
    description: 'run only rules whose id starts with or matches (glob *) one of the comma-separated patterns',
  },
  {
    key: 'timeoutMs',
    example: String(DEFAULT_TIMEOUT_MS),
    flag: 'timeout-ms',
    value: 'n',
    description: 'timeout of each request in milliseconds',
    defaultText: String(DEFAULT_TIMEOUT_MS),
  },
  {
    key: 'concurrency',
    example: String(DEFAULT_CONCURRENCY),
    flag: 'concurrency',
    value: 'n',
    description:
      `rules run at once, 1 to ${MAX_CONCURRENCY} (1: one after another); rules that need the target to themselves still run alone. ` +
      `Not given: ${DEFAULT_CONCURRENCY}, raised to ${ADAPTIVE_CONCURRENCY_CAP} against a distant target until it answers 429`,
    defaultText: String(DEFAULT_CONCURRENCY),
  },
  {
    key: 'shard',
    example: 'shard',
    flag: 'shard',
    value: 'i/n',
    description: 'run shard i of n: a fixed share of the selected rules, balanced by cost (merge with merge-reports)',
  },
  {
    key: 'duration',
    example: 'duration',
    flag: 'duration',
    value: 'time',
    description: 'time budget (20s, 10m, 1h): every rule keeps drawing new cases past --runs until it is spent',
  },
  {
    key: 'categoriesPath',
    example: '/categories',
    flag: 'categories-path',
    value: 'path',
    description: 'path of the category list under /api/v1.1',
    defaultText: '/categories',
  },
  {
    key: 'locationsPath',
    example: '/locations',
    flag: 'locations-path',
    value: 'path',
    description: 'path of the location list under /api/v1.1',
    defaultText: '/locations',
  },
  {
    key: 'categoryIds',
    example: '1,2,3',
    flag: 'category-ids',
    value: 'list',
    description: 'category ids, comma-separated, used instead of reading the category list (for a target whose list cannot be read)',
  },
  {
    key: 'positionTypeIds',
    example: '1,2',
    flag: 'position-type-ids',
    value: 'list',
    description: 'position type ids, comma-separated, used instead of reading /positiontypes',
  },
  {
    key: 'replayPath',
    example: '0:1',
    flag: 'replay-path',
    value: 'path',
    description: 'fast-check path of a mismatch to replay (with --seed and --only)',
  },
  {
    key: 'rateLimit',
    example: '10/s',
    flag: 'rate-limit',
    value: 'n/s|n/m',
    description: 'most requests per second (10/s) or per minute (300/m) for the whole run',
  },
  {
    key: 'headers',
    example: 'X-Trace: abc',
    flag: 'header',
    short: 'H',
    value: "'Name: value'",
    repeatable: true,
    env: 'JOBS_HEADERS',
    description: 'extra header sent with every request (repeatable; env: one per line); values are redacted like the key',
  },
  {
    key: 'retryMax',
    example: String(DEFAULT_RETRY_LIMITS.maxRetries),
    flag: 'retry-max',
    value: 'n',
    description: 'retries of one rate-limited request (429, or 503 with Retry-After)',
    defaultText: String(DEFAULT_RETRY_LIMITS.maxRetries),
  },
  {
    key: 'retryMaxWaitMs',
    example: String(DEFAULT_RETRY_LIMITS.maxWaitMs),
    flag: 'retry-max-wait-ms',
    value: 'n',
    description: 'longest single wait on a rate limit; a longer Retry-After ends the rule as error',
    defaultText: String(DEFAULT_RETRY_LIMITS.maxWaitMs),
  },
  {
    key: 'retryTotalWaitMs',
    example: String(DEFAULT_RETRY_LIMITS.totalWaitMs),
    flag: 'retry-total-wait-ms',
    value: 'n',
    description: 'most the whole run waits on rate limits',
    defaultText: String(DEFAULT_RETRY_LIMITS.totalWaitMs),
  },
  {
    key: 'retryBackoffMs',
    example: String(DEFAULT_RETRY_LIMITS.backoffMs),
    flag: 'retry-backoff-ms',
    value: 'n',
    description: 'first backoff of a 429 without Retry-After, doubled per retry',
    defaultText: String(DEFAULT_RETRY_LIMITS.backoffMs),
  },
  {
    key: 'baseline',
    example: 'baseline.json',
    flag: 'baseline',
    value: 'file',
    description: 'known mismatches ({"rules":[{"id","reason"}]}): listed rules count as known, not failed',
  },
  {
    key: 'writeBaseline',
    example: 'baseline.json',
    flag: 'write-baseline',
    value: 'file',
    description: "write the run's failed and warned rules to file as a baseline (the --baseline format), then gate the run against it",
  },
  {
    key: 'compareWith',
    example: 'last/report.json',
    flag: 'compare-with',
    value: 'file',
    description:
      'an earlier report.json: list what drifted since (changed observations, rules newly failing or passing); ' +
      'a changed observation fails only with --strict or --fail-on drift',
  },
  { key: 'strict', example: '1', flag: 'strict', description: 'warnings (failed should rules) fail the run: verdict failed, exit code 1' },
  {
    key: 'failOn',
    example: DEFAULT_FAIL_ON_TEXT,
    flag: 'fail-on',
    value: 'list',
    description: 'what makes the exit code 1: failed, flaky, error, stale-baseline, warning, drift (with --compare-with), all or none',
    defaultText: DEFAULT_FAIL_ON_TEXT,
  },
];

export const CONFORMANCE_OPTIONS: OptionTable<ConformanceCliOptions> = {
  command: 'jobs-conformance',
  envPrefix: 'JOBS_',
  options: [
    ...RUN_OPTIONS,
    {
      key: 'listRules',
      flag: 'list-rules',
      description: 'print every rule (id, spec section, level, title; then the spec sentence it checks) and exit',
      example: '1',
    },
  ],
};
