import { describe, expect, it } from 'vitest';
import { resolveConfig } from './config.js';
import { replayCommand } from './replay-command.js';

describe('replayCommand', () => {
  const base = { baseUrl: 'http://127.0.0.1:4010', apiKey: 'k-secret' };

  it('keeps --rate-limit and never carries a key or a --header value', () => {
    const config = resolveConfig({ ...base, rateLimit: '300/m', headers: ['X-Gateway-Token: gw-secret'] });
    const command = replayCommand({ config, seed: 42 }, 'jobs.create.status-201');
    expect(command).toBe(
      'npx jobs-conformance --base-url http://127.0.0.1:4010/api/v1.1 --seed 42 --runs 20 --rate-limit 300/m --only jobs.create.status-201',
    );
    expect(command).not.toMatch(/k-secret|gw-secret|header/i);
  });

  it('keeps a non-default --concurrency for the whole run only: one rule replays the same cases at any concurrency', () => {
    const config = resolveConfig({ ...base, concurrency: 1 });
    expect(replayCommand({ config, seed: 7 })).toBe(
      'npx jobs-conformance --base-url http://127.0.0.1:4010/api/v1.1 --seed 7 --runs 20 --concurrency 1',
    );
    expect(replayCommand({ config, seed: 7 }, 'jobs.create.status-201')).not.toContain('--concurrency');
    expect(replayCommand({ config: resolveConfig(base), seed: 7 })).not.toContain('--concurrency');
  });
});
