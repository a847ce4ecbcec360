/**
 * @module A run's configuration: resolveConfig validates options (as a program gives them, or as the command line
 * read them through its table, cli/options/conformance-options.ts) once per run into the RunConfig that the run,
 * the gating and the report writing all read, and throws a ConfigError naming the option. The engine knows no
 * environment variable: flags and variables are the command line's (cli/options/).
 */
import { ConfigError } from '../contract/errors.js';
import { parseExtraHeaders } from '../http/extra-headers.js';
import { parseRateLimit, type RateLimit } from '../http/request-pacer.js';
import { DEFAULT_RETRY_LIMITS, type RetryLimits } from '../http/retry-policy.js';
import { DEFAULT_FAIL_ON, parseFailOn, parseReporters, REPORTERS, type FailCondition, type ReporterName } from '../../reports/index.js';
import { Redactor } from '../../reports/index.js';
import { API_PREFIX, redactionSecrets } from '../../vocabulary/index.js';
import { parseDuration } from './duration.js';
import { parseShard, type Shard } from './shards.js';

/** Options as given (flags, env or a program): strings or already-typed values. */
export interface ConformanceOptions {
  /** The service's base address; `/api/v1.1` is appended unless it is already there. */
  baseUrl: string;
  apiKey: string;
  /** Another employer's key: turns on the isolation rules. */
  secondApiKey?: string;
  seed?: number | string;
  /** fast-check runs per property rule. */
  runs?: number | string;
  /** Cases tried while shrinking a counterexample (0: report the first failing case as found). */
  maxShrinks?: number | string;
  reportDir?: string;
  /** Report formats, a list or a comma-separated string. */
  reporter?: string | string[];
  /** Rule id prefixes or globs, a list or a comma-separated string. */
  only?: string | string[];
  timeoutMs?: number | string;
  categoriesPath?: string;
  locationsPath?: string;
  /** Category ids to use instead of reading the category list (4.6: its path is not shown). */
  categoryIds?: string | number[];
  /** Position type ids to use instead of reading /positiontypes. */
  positionTypeIds?: string | number[];
  /** fast-check replay path of one mismatch (with --only selecting its rule). */
  replayPath?: string;
  /** A failed should rule (a warning) fails the run: verdict failed, exit code 1. */
  strict?: boolean | string;
  /** Most requests per second or minute for the whole run: `10/s`, `300/m`. */
  rateLimit?: string;
  /** Extra request headers, `Name: value` each (a list, or newline-separated text). */
  headers?: string | string[];
  /** Retries of one rate-limited request. */
  retryMax?: number | string;
  /** The longest single wait on a rate limit (ms). */
  retryMaxWaitMs?: number | string;
  /** The most the run waits on rate limits in all (ms). */
  retryTotalWaitMs?: number | string;
  /** First backoff of a 429 without Retry-After (ms); doubles per retry. */
  retryBackoffMs?: number | string;
  /** Rules run at once (1: one after another). A rule that declares `exclusive` always runs alone. */
  concurrency?: number | string;
  /** `i/n`: run shard i of n of the selected rules (suites/engine/shards.ts). */
  shard?: string;
  /** A time budget (`10m`, `20s`): every rule keeps drawing new cases past --runs until it is spent. */
  duration?: string;
}

/** Options only the command line has: gating of the exit code (reports/gating/gating.ts). */
export interface CliOnlyOptions {
  /** A file of known mismatches: rules it lists count as known, not failed. */
  baseline?: string;
  /** Writes the run's failures and warnings to this file as a baseline, and gates the run against it. */
  writeBaseline?: string;
  /** Conditions that make the exit code 1: failed, flaky, error, stale-baseline, warning, drift, all or none. */
  failOn?: string;
  /** An earlier report.json: the run lists what drifted since (reports/drift.ts). */
  compareWith?: string;
}

export const DEFAULT_RUNS = 20;
/** Enough to shrink most counterexamples; a target that answers slowly pays a request chain per try. */
export const DEFAULT_MAX_SHRINKS = 40;
export const DEFAULT_TIMEOUT_MS = 10_000;
/** Rules in flight at once: enough to hide a real network's latency, few enough for a staging server. */
export const DEFAULT_CONCURRENCY = 8;
export const MAX_CONCURRENCY = 64;
/** Rules at once a run without --concurrency may raise itself to against a distant target (suites/engine/concurrency-governor.ts). */
export const ADAPTIVE_CONCURRENCY_CAP = 32;
export const DEFAULT_REPORT_DIR = 'conformance-report';
export const DEFAULT_REPORTERS = ['all'];
export const DEFAULT_FAIL_ON_TEXT = DEFAULT_FAIL_ON.join(',');
/** Run seeds are unsigned 32-bit integers. */
export const MAX_SEED = 0xffffffff;

/** The validated fields of a run's configuration (RunConfig without its brand). */
export interface RunSettings {
  /** The API root, ending in /api/v1.1, without a trailing slash. */
  apiRoot: string;
  apiKey: string;
  secondApiKey?: string;
  seed?: number;
  runs: number;
  maxShrinks: number;
  reportDir: string;
  /** --reporter, parsed: `all` stands for every format. */
  reporters: ReporterName[];
  /** --fail-on, parsed (default DEFAULT_FAIL_ON). */
  failOn: FailCondition[];
  /** --baseline FILE (read and checked by the CLI before the run). */
  baseline?: string;
  /** --write-baseline FILE. */
  writeBaseline?: string;
  /** --compare-with FILE: the earlier report the drift is listed against (read by the CLI before the run). */
  compareWith?: string;
  only: string[] | null;
  timeoutMs: number;
  /** Rules in flight at once (to start with, when adaptiveConcurrency). */
  concurrency: number;
  /** --concurrency was not given: the run may raise it against a distant target (suites/engine/concurrency-governor.ts). */
  adaptiveConcurrency: boolean;
  categoriesPath: string;
  locationsPath: string;
  /** --category-ids: the ids jobs use, given instead of read. */
  categoryIds?: number[];
  /** --position-type-ids: the ids jobs use, given instead of read. */
  positionTypeIds?: number[];
  replayPath?: string;
  strict: boolean;
  rateLimit?: RateLimit;
  /** --header headers, names in lower case. */
  headers: Record<string, string>;
  retry: RetryLimits;
  shard?: Shard;
  /** --duration in milliseconds. */
  durationMs?: number;
  /**
   * The run's one Redactor, frozen: its API keys and --header values. The run's client and report, the console and
   * the report files all mask secrets through it.
   */
  redactor: Redactor;
}

declare const runConfigBrand: unique symbol;

/**
 * The validated configuration of a run: what to run, and how to gate and write its report. resolveConfig makes it,
 * once per run, frozen; runConformance, the gating and writeReports read it and parse nothing again. Branded as
 * RedactedReport is: only resolveConfig makes one.
 */
export type RunConfig = Readonly<RunSettings> & { readonly [runConfigBrand]: true };

/** What resolveConfig made, remembered by identity: how runConformance tells a RunConfig from plain options. */
const resolvedConfigs = new WeakSet<object>();

/**
 * Whether a value is a RunConfig made by resolveConfig (not plain options that happen to look alike).
 *
 * @example
 * isRunConfig(resolveConfig({ baseUrl: 'http://localhost:4010', apiKey: 'k' })) // true
 */
export function isRunConfig(value: unknown): value is RunConfig {
  return typeof value === 'object' && value !== null && resolvedConfigs.has(value);
}

/** The run's secrets, gathered once: its keys, and its --header values (their headers masked whatever they hold). */
function redactorOf(settings: Omit<RunSettings, 'redactor'>): Redactor {
  const redactor = new Redactor(redactionSecrets([settings.apiKey, settings.secondApiKey]));
  for (const [name, value] of Object.entries(settings.headers)) redactor.addHeader(name, value);
  return redactor.freeze();
}

/** The former name of RunConfig, kept for programs that import it. */
export type ResolvedConfig = RunConfig;

/** Every option a run takes: the suite's and the gating's. */
export type RunConfigOptions = ConformanceOptions & CliOnlyOptions;

/**
 * The API root of a base address: `/api/v1.1` appended unless present.
 *
 * @example
 * apiRootOf('http://localhost:4010/') // 'http://localhost:4010/api/v1.1'
 */
export function apiRootOf(baseUrl: string): string {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new ConfigError('base-url', `--base-url is not a URL: ${JSON.stringify(baseUrl)}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ConfigError('base-url', `--base-url must be http or https, got ${url.protocol}`);
  if (url.search || url.hash) throw new ConfigError('base-url', '--base-url must not have a query or fragment');
  if (url.username || url.password) throw new ConfigError('base-url', '--base-url must not carry credentials; pass the key with --api-key');
  const path = url.pathname.replace(/\/+$/, '');
  return `${url.origin}${path.endsWith(API_PREFIX) ? path : path + API_PREFIX}`;
}

function integer(flag: string, value: number | string | undefined, min: number, max: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = typeof value === 'number' ? value : /^-?\d+$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!Number.isInteger(n) || n < min || n > max)
    throw new ConfigError(flag, `--${flag} must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}`);
  return n;
}

function list(value: string | string[] | undefined): string[] {
  const items = Array.isArray(value) ? value : (value ?? '').split(',');
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

function apiPath(flag: string, value: string | undefined, fallback: string): string {
  const path = value ?? fallback;
  if (!/^\/[^\s?#]*$/.test(path)) throw new ConfigError(flag, `--${flag} must be a path starting with /, got ${JSON.stringify(path)}`);
  return path.replace(/\/+$/, '') || '/';
}

/** A comma-separated list of Int32 ids (spec 2.3, 2.4); undefined when not given. */
function idList(name: string, value: string | number[] | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const items = Array.isArray(value) ? value.map(String) : list(value);
  if (items.length === 0) return undefined;
  const ids = items.map((item) => (/^\d+$/.test(item.trim()) ? Number(item.trim()) : Number.NaN));
  if (ids.some((id) => !Number.isInteger(id) || id > 2_147_483_647))
    throw new ConfigError(name, `--${name} must be comma-separated Int32 ids, e.g. 1,2,3, got ${JSON.stringify(value)}`);
  return [...new Set(ids)];
}

function flag(name: string, value: boolean | string | undefined): boolean {
  if (typeof value === 'boolean') return value;
  const text = (value ?? '').trim().toLowerCase();
  if (text === '' || text === '0' || text === 'false' || text === 'no') return false;
  if (text === '1' || text === 'true' || text === 'yes') return true;
  throw new ConfigError(name, `--${name} is a switch: 1 or 0 (true or false), got ${JSON.stringify(value)}`);
}

/** A list option given but empty (`--reporter ""`) is an error, not the default. */
function nonEmptyList(name: string, value: string | string[] | undefined, fallback: readonly string[], choices: string): string[] {
  if (value === undefined) return [...fallback];
  const items = list(value);
  if (items.length === 0) throw new ConfigError(name, `--${name} is empty: use ${choices}`);
  return items;
}

function requiredText(flag: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new ConfigError(flag, `--${flag} is required`);
  return value;
}

/** A check of the reports layer (ReportError) as the ConfigError of its option. */
function asConfigError<T>(name: string, parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    throw new ConfigError(name, (error as Error).message);
  }
}

function optionalText(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}

/**
 * Validates options and applies defaults: the one parse of a run's options.
 *
 * @example
 * resolveConfig({ baseUrl: 'http://localhost:4010', apiKey: 'k' }).apiRoot // 'http://localhost:4010/api/v1.1'
 */
export function resolveConfig(options: Partial<RunConfigOptions>): RunConfig {
  const apiRoot = apiRootOf(requiredText('base-url', options.baseUrl));
  const apiKey = requiredText('api-key', options.apiKey);
  const reporters = nonEmptyList('reporter', options.reporter, DEFAULT_REPORTERS, `${REPORTERS.join(', ')} or all, comma-separated`);
  const config: Omit<RunSettings, 'redactor'> = {
    apiRoot,
    apiKey,
    runs: integer('runs', options.runs, 1, 100_000) ?? DEFAULT_RUNS,
    maxShrinks: integer('max-shrinks', options.maxShrinks, 0, 100_000) ?? DEFAULT_MAX_SHRINKS,
    reportDir: options.reportDir?.trim() || DEFAULT_REPORT_DIR,
    reporters: asConfigError('reporter', () => parseReporters(reporters)),
    failOn: options.failOn === undefined ? [...DEFAULT_FAIL_ON] : asConfigError('fail-on', () => parseFailOn(options.failOn!)),
    only: list(options.only).length > 0 ? list(options.only) : null,
    timeoutMs: integer('timeout-ms', options.timeoutMs, 1, 600_000) ?? DEFAULT_TIMEOUT_MS,
    concurrency: integer('concurrency', options.concurrency, 1, MAX_CONCURRENCY) ?? DEFAULT_CONCURRENCY,
    adaptiveConcurrency: options.concurrency === undefined || String(options.concurrency).trim() === '',
    categoriesPath: apiPath('categories-path', options.categoriesPath, '/categories'),
    locationsPath: apiPath('locations-path', options.locationsPath, '/locations'),
    strict: flag('strict', options.strict),
    headers: parseExtraHeaders(options.headers),
    retry: {
      maxRetries: integer('retry-max', options.retryMax, 0, 100) ?? DEFAULT_RETRY_LIMITS.maxRetries,
      maxWaitMs: integer('retry-max-wait-ms', options.retryMaxWaitMs, 0, 3_600_000) ?? DEFAULT_RETRY_LIMITS.maxWaitMs,
      totalWaitMs: integer('retry-total-wait-ms', options.retryTotalWaitMs, 0, 86_400_000) ?? DEFAULT_RETRY_LIMITS.totalWaitMs,
      backoffMs: integer('retry-backoff-ms', options.retryBackoffMs, 0, 600_000) ?? DEFAULT_RETRY_LIMITS.backoffMs,
    },
  };
  const baseline = optionalText(options.baseline);
  if (baseline !== undefined) config.baseline = baseline;
  const writeBaseline = optionalText(options.writeBaseline);
  if (writeBaseline !== undefined) config.writeBaseline = writeBaseline;
  const compareWith = optionalText(options.compareWith);
  if (compareWith !== undefined) config.compareWith = compareWith;
  if (options.rateLimit !== undefined && options.rateLimit.trim() !== '') config.rateLimit = parseRateLimit(options.rateLimit);
  if (options.shard !== undefined && options.shard.trim() !== '') config.shard = parseShard(options.shard);
  if (options.duration !== undefined && options.duration.trim() !== '') config.durationMs = parseDuration(options.duration);
  const categoryIds = idList('category-ids', options.categoryIds);
  if (categoryIds !== undefined) config.categoryIds = categoryIds;
  const positionTypeIds = idList('position-type-ids', options.positionTypeIds);
  if (positionTypeIds !== undefined) config.positionTypeIds = positionTypeIds;
  const seed = integer('seed', options.seed, 0, MAX_SEED);
  if (seed !== undefined) config.seed = seed;
  if (options.secondApiKey !== undefined && options.secondApiKey !== '') {
    if (options.secondApiKey === apiKey)
      throw new ConfigError('second-api-key', "--second-api-key must be another employer's key, not --api-key again");
    config.secondApiKey = options.secondApiKey;
  }
  if (options.replayPath !== undefined && options.replayPath !== '') {
    if (!/^(\d+\/)?\d+(:\d+)*$/.test(options.replayPath))
      throw new ConfigError('replay-path', `--replay-path must look like 0:1:2, got ${JSON.stringify(options.replayPath)}`);
    config.replayPath = options.replayPath;
  }
  const resolved = Object.freeze({ ...config, redactor: redactorOf(config) }) as RunConfig;
  resolvedConfigs.add(resolved);
  return resolved;
}
