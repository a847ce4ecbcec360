import { describe, expect, it } from 'vitest';
import { DEFAULT_CONCURRENCY, DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, apiRootOf, isRunConfig, resolveConfig } from './config.js';
import { ConfigError } from '../contract/errors.js';
import { DEFAULT_FAIL_ON, REPORTERS } from '../../reports/index.js';

describe('resolveConfig', () => {
  const base = { baseUrl: 'http://127.0.0.1:4010', apiKey: 'k' };

  it('applies the defaults', () => {
    const config = resolveConfig(base);
    expect(config).toMatchObject({
      apiRoot: 'http://127.0.0.1:4010/api/v1.1',
      runs: DEFAULT_RUNS,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      concurrency: DEFAULT_CONCURRENCY,
      reportDir: 'conformance-report',
      reporters: [...REPORTERS],
      failOn: [...DEFAULT_FAIL_ON],
      only: null,
      categoriesPath: '/categories',
      locationsPath: '/locations',
    });
    expect(config.seed).toBeUndefined();
  });

  it('appends /api/v1.1 unless the base URL already ends with it', () => {
    expect(apiRootOf('http://h:1/')).toBe('http://h:1/api/v1.1');
    expect(apiRootOf('https://h/prefix/')).toBe('https://h/prefix/api/v1.1');
    expect(apiRootOf('http://h:1/api/v1.1/')).toBe('http://h:1/api/v1.1');
  });

  it('reads numbers and lists given as strings', () => {
    const config = resolveConfig({
      ...base,
      seed: '12',
      runs: '3',
      maxShrinks: '0',
      timeoutMs: '500',
      concurrency: '1',
      only: 'jobs.create, jobs.list',
      reporter: 'json,junit',
      strict: '1',
    });
    expect(config).toMatchObject({
      seed: 12,
      strict: true,
      runs: 3,
      maxShrinks: 0,
      timeoutMs: 500,
      concurrency: 1,
      only: ['jobs.create', 'jobs.list'],
      reporters: ['json', 'junit'],
    });
  });

  it.each([
    [{ baseUrl: undefined }, 'base-url'],
    [{ baseUrl: 'not a url' }, 'base-url'],
    [{ baseUrl: 'ftp://h' }, 'base-url'],
    [{ baseUrl: 'http://user:pw@h' }, 'base-url'],
    [{ apiKey: '' }, 'api-key'],
    [{ runs: '0' }, 'runs'],
    [{ maxShrinks: '-1' }, 'max-shrinks'],
    [{ runs: 'abc' }, 'runs'],
    [{ seed: '1.5' }, 'seed'],
    [{ seed: '-12' }, 'seed'],
    [{ seed: '4294967296' }, 'seed'],
    [{ reporter: '' }, 'reporter'],
    [{ reporter: ' , ' }, 'reporter'],
    [{ reporter: 'json,pdf' }, 'reporter'],
    [{ failOn: 'failed,sometimes' }, 'fail-on'],
    [{ strict: 'maybe' }, 'strict'],
    [{ timeoutMs: '-1' }, 'timeout-ms'],
    [{ concurrency: '0' }, 'concurrency'],
    [{ concurrency: '65' }, 'concurrency'],
    [{ categoriesPath: 'categories' }, 'categories-path'],
    [{ secondApiKey: 'k' }, 'second-api-key'],
    [{ replayPath: 'x:y' }, 'replay-path'],
  ])('refuses %j naming --%s', (override, option) => {
    const attempt = () => resolveConfig({ ...base, ...override });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      expect((error as ConfigError).option).toBe(option);
      expect((error as ConfigError).code).toBe('CONFIG');
      expect((error as ConfigError).message).toContain(`--${option}`);
    }
  });
});

describe('rate limits and extra headers', () => {
  const base = { baseUrl: 'http://127.0.0.1:4010', apiKey: 'k' };

  it('reads --rate-limit per second or per minute, and the retry caps', () => {
    expect(resolveConfig({ ...base, rateLimit: '10/s' }).rateLimit).toEqual({ requests: 10, per: 's' });
    expect(resolveConfig({ ...base, rateLimit: '300/m' }).rateLimit).toEqual({ requests: 300, per: 'm' });
    expect(resolveConfig(base).rateLimit).toBeUndefined();
    expect(resolveConfig({ ...base, retryMax: '2', retryMaxWaitMs: 100, retryTotalWaitMs: '1000', retryBackoffMs: 5 }).retry).toEqual({
      maxRetries: 2,
      maxWaitMs: 100,
      totalWaitMs: 1000,
      backoffMs: 5,
    });
    for (const bad of ['10', '0/s', '-1/s', '10/h', 'ten/s']) {
      expect(() => resolveConfig({ ...base, rateLimit: bad })).toThrow(/--rate-limit must look like 10\/s/);
    }
  });

  it('reads headers from a list or from newline-separated text, names in lower case', () => {
    expect(resolveConfig({ ...base, headers: ['X-Gateway-Key: abc:def', 'traceparent:00-1'] }).headers).toEqual({
      'x-gateway-key': 'abc:def',
      traceparent: '00-1',
    });
    expect(resolveConfig({ ...base, headers: 'X-A: 1\n\nX-B: two words\n' }).headers).toEqual({ 'x-a': '1', 'x-b': 'two words' });
  });

  it('rejects a malformed header without echoing it (its value is a secret)', () => {
    for (const bad of ['no-colon-s3cret', ': s3cret', 'bad name: s3cret', 'X-A: s3cret\u0001', 'API-Key: s3cret', 'X-Empty:']) {
      let error: unknown;
      try {
        resolveConfig({ ...base, headers: [bad] });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).option).toBe('header');
      expect((error as Error).message).toMatch(/^--header entry 1 /);
      expect((error as Error).message).not.toContain('s3cret');
    }
  });
});

describe('--shard and --duration', () => {
  const base = { baseUrl: 'http://127.0.0.1:4010', apiKey: 'k' };

  it('resolve to a shard and a budget in milliseconds, absent by default', () => {
    expect(resolveConfig({ ...base, shard: '3/4', duration: '10m' })).toMatchObject({ shard: { index: 3, count: 4 }, durationMs: 600_000 });
    const plain = resolveConfig(base);
    expect(plain.shard).toBeUndefined();
    expect(plain.durationMs).toBeUndefined();
  });

  it('refuse malformed values with a ConfigError naming the flag', () => {
    expect(() => resolveConfig({ ...base, shard: '5/4' })).toThrow(/--shard must be i\/n/);
    expect(() => resolveConfig({ ...base, duration: '10 minutes' })).toThrow(/--duration must be a time/);
    expect(() => resolveConfig({ ...base, duration: '0s' })).toThrow(expect.objectContaining({ option: 'duration' }));
    expect(() => resolveConfig({ ...base, shard: '0/4' })).toThrow(expect.objectContaining({ option: 'shard' }));
  });
});

describe('the RunConfig resolveConfig makes', () => {
  const base = { baseUrl: 'http://localhost:4010', apiKey: 'key-one', secondApiKey: 'key-two' };

  it('is told from plain options by what made it, not by its fields', () => {
    const config = resolveConfig(base);
    expect(isRunConfig(config)).toBe(true);
    expect(isRunConfig({ ...config })).toBe(false);
    expect(isRunConfig(base)).toBe(false);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it("carries the run's one Redactor, frozen, with its keys and --header values", () => {
    const { redactor } = resolveConfig({ ...base, headers: ['X-Gateway-Token: gw-secret-value', 'X-Short: ab'] });
    expect(redactor.redact('key-one key-two gw-secret-value ab')).toBe('[redacted] [redacted] [redacted] ab');
    expect(redactor.redactHeaders({ 'x-short': 'ab' })).toEqual({ 'x-short': '[redacted]' });
    expect(() => redactor.add('later')).toThrow(/frozen/);
  });
});
