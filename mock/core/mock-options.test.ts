import { describe, expect, it } from 'vitest';
import { createDispatcher } from './routes/dispatch.js';
import { MockConfigError } from './mock-config-error.js';
import { MockCore } from './mock-core.js';
import { resolveMockOptions, SERVER_DEFAULTS } from './mock-options.js';

describe('resolveMockOptions reads every option once, for every door', () => {
  it('parses CORS, origins, secret headers, the clock and the data file into one frozen object', () => {
    const resolved = resolveMockOptions({
      cors: 'HTTP://LocalHost:5173/, http://a.test',
      controlCors: 'http://b.test/',
      secretHeaders: ['X-Token'],
      now: '2025-01-01T00:00:00Z',
      dataFile: 'jobs.json',
      persist: true,
      fsync: 'batch',
    });
    expect(resolved).toMatchObject({
      cors: ['http://localhost:5173', 'http://a.test'],
      controlCors: ['http://b.test'],
      secretHeaders: ['x-token'],
      now: Date.UTC(2025, 0, 1),
      dataFile: { path: 'jobs.json', persist: true, fsync: 'batch', compactAfterBytes: 64 * 1024 * 1024 },
      journalSize: 1000,
      bodyLimit: 64 * 1024 * 1024,
      port: 0,
      host: '127.0.0.1',
    });
    expect(Object.isFrozen(resolved)).toBe(true);
  });

  it('returns a resolved object as is: a door given one reads nothing again', () => {
    const resolved = resolveMockOptions({ profile: 'random' }, SERVER_DEFAULTS);
    expect(resolveMockOptions(resolved)).toBe(resolved);
    expect(resolveMockOptions(resolved, {})).toBe(resolved);
    const core = new MockCore(resolved);
    expect(core.options).toBe(resolved);
    expect(core.profile).toBe(resolved.profile); // the random seed was drawn once
  });

  it('defaults CORS per door: * for the standalone server, off elsewhere', () => {
    expect(resolveMockOptions({}, SERVER_DEFAULTS).cors).toBe('*');
    expect(resolveMockOptions({}).cors).toBe('off');
    expect(resolveMockOptions({ cors: 'off' }, SERVER_DEFAULTS).cors).toBe('off');
  });

  it.each([
    [{ cors: 'localhost:5173/x' }, /not an origin/],
    [{ controlCors: '*' }, /controlCors takes origins/],
    [{ journalSize: -1 }, /journalSize/],
    [{ bodyLimit: 0 }, /bodyLimit/],
    [{ port: 70000 }, /port/],
    [{ now: 'yesterday' }, /not an ISO 8601 instant/],
    [{ persist: true }, /persist \(--persist\) needs dataFile/],
    [{ dataFile: 'x.json', fsync: 'off' as const }, /fsync \(--fsync\) needs persist/],
    [{ dataFile: 'x.json', persist: true, fsync: 'sometimes' as never }, /fsync must be one of/],
    [{ employers: [{ id: 0, name: 'x', apiKey: 'k' }] }, /positive Int32/],
    [{ profile: 'nope' }, /nope/],
    [{ transform: (next: unknown) => next } as never, /transform is test-only/],
  ])('refuses %j with a MockConfigError', (options, message) => {
    expect(() => resolveMockOptions(options)).toThrow(MockConfigError);
    expect(() => resolveMockOptions(options)).toThrow(message);
  });
});

describe("MockCore's change events", () => {
  it('tell a listener after each programmatic change and after every dispatched request, which waits for its promise', async () => {
    const core = new MockCore();
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const stop = core.onChange((source) => {
      seen.push(source);
      if (source === 'request') return new Promise<void>((resolve) => (release = resolve));
      return undefined;
    });
    core.seedJobs(101, []);
    core.addEmployers([{ id: 7, name: 'Seven', apiKey: 'k7' }]);
    core.reset();
    expect(seen).toEqual(['operation', 'operation', 'operation']);
    const dispatch = createDispatcher(core);
    const request = {
      method: 'GET',
      path: '/api/v1.1/positiontypes',
      query: new URLSearchParams(),
      headers: {},
      body: undefined,
      baseUrl: 'http://m.test',
    };
    const answer = dispatch(request);
    expect(seen.at(-1)).toBe('request');
    let answered = false;
    void Promise.resolve(answer).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(answered).toBe(false); // the answer waits for the listener
    release();
    expect((await answer).status).toBe(200);
    stop();
    core.reset();
    expect(seen).toHaveLength(4);
  });
});
