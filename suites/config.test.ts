import { describe, expect, it } from 'vitest';
import { DEFAULT_RUNS, DEFAULT_TIMEOUT_MS, OPTION_SPECS, apiRootOf, envName, optionsFromEnv, resolveConfig } from './config.js';
import { ConfigError } from './errors.js';

describe('environment variables', () => {
  it('derives each name mechanically from the flag', () => {
    expect(envName('base-url')).toBe('JOBS_BASE_URL');
    expect(envName('api-key')).toBe('JOBS_API_KEY');
    expect(envName('second-api-key')).toBe('JOBS_SECOND_API_KEY');
    expect(envName('timeout-ms')).toBe('JOBS_TIMEOUT_MS');
    for (const spec of OPTION_SPECS) expect(envName(spec.flag)).toBe(`JOBS_${spec.flag.toUpperCase().replaceAll('-', '_')}`);
  });

  it('reads every option from its variable, skipping empty ones', () => {
    const env = Object.fromEntries(OPTION_SPECS.map((spec) => [envName(spec.flag), `value-of-${spec.flag}`]));
    const options = optionsFromEnv({ ...env, JOBS_ONLY: '' });
    for (const spec of OPTION_SPECS) {
      if (spec.flag === 'only') expect(options.only).toBeUndefined();
      else expect(options[spec.key]).toBe(`value-of-${spec.flag}`);
    }
  });
});

describe('resolveConfig', () => {
  const base = { baseUrl: 'http://127.0.0.1:4010', apiKey: 'k' };

  it('applies the defaults', () => {
    const config = resolveConfig(base);
    expect(config).toMatchObject({
      apiRoot: 'http://127.0.0.1:4010/api/v1.1',
      runs: DEFAULT_RUNS,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      reportDir: 'conformance-report',
      reporters: ['all'],
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
    const config = resolveConfig({ ...base, seed: '12', runs: '3', timeoutMs: '500', only: 'jobs.create, jobs.list', reporter: 'json,junit', strict: '1' });
    expect(config).toMatchObject({ seed: 12, strict: true, runs: 3, timeoutMs: 500, only: ['jobs.create', 'jobs.list'], reporters: ['json', 'junit'] });
  });

  it.each([
    [{ baseUrl: undefined }, 'base-url'],
    [{ baseUrl: 'not a url' }, 'base-url'],
    [{ baseUrl: 'ftp://h' }, 'base-url'],
    [{ baseUrl: 'http://user:pw@h' }, 'base-url'],
    [{ apiKey: '' }, 'api-key'],
    [{ runs: '0' }, 'runs'],
    [{ runs: 'abc' }, 'runs'],
    [{ seed: '1.5' }, 'seed'],
    [{ seed: '-12' }, 'seed'],
    [{ seed: '4294967296' }, 'seed'],
    [{ reporter: '' }, 'reporter'],
    [{ reporter: ' , ' }, 'reporter'],
    [{ strict: 'maybe' }, 'strict'],
    [{ timeoutMs: '-1' }, 'timeout-ms'],
    [{ categoriesPath: 'categories' }, 'categories-path'],
    [{ secondApiKey: 'k' }, 'second-api-key'],
    [{ replayPath: 'x:y' }, 'replay-path'],
  ])('refuses %j naming --%s', (override, option) => {
    const attempt = () => resolveConfig({ ...base, ...override } as never);
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
