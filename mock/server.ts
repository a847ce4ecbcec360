/**
 * @module createMockServer: the standalone mock, the core behind the lean
 * node:http adapter, with its control operations on the returned object.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Job } from '../schemas/index.js';
import type { ProfileOptions, ResolvedProfile } from './core/choices/choices.js';
import type { CoreHandler } from './core/http/core-types.js';
import { parseControlOrigins, parseCorsPolicy } from './core/http/cors.js';
import { createDispatcher } from './core/http/dispatch.js';
import type { FaultSpec } from './core/http/fault-injector.js';
import { MockConfigError } from './core/mock-config-error.js';
import { MockCore, type MockSnapshot, type SeedJob } from './core/mock-core.js';
import type { JournalEntry, JournalFilter } from './core/http/request-journal.js';
import { createNodeListener, DEFAULT_BODY_LIMIT } from './node-adapter.js';
import type { FsyncMode } from './persistence/change-log.js';
import { loadPersistedState, Persistence } from './persistence/persistence.js';
import type { EmployerConfig } from './store/stored-job.js';

export interface MockServerOptions extends ProfileOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Employers and their API keys; default DEMO_EMPLOYERS. */
  employers?: EmployerConfig[];
  /**
   * Wraps the core's handler for every /api/v1.1 request (jobs and reference
   * lists, not /__control). It sees the raw body bytes and the serialized
   * response, so test fixtures can build deliberately broken variants.
   */
  transform?: (next: CoreHandler) => CoreHandler;
  /** Jobs to load at start (`{"version":1,"jobs":[...]}`); a missing file is an empty store. */
  dataFile?: string;
  /**
   * With dataFile: keep every change, in a change log beside the file
   * (`FILE.log`), compacted into the file now and then (docs/mock.md, Persistence).
   */
  persist?: boolean;
  /** With persist: when an answer waits for its change to reach the disk; default `always`. */
  fsync?: FsyncMode;
  /** With persist: compact once the change log passes this many bytes; default 64 MiB. */
  compactAfterBytes?: number;
  /** Freeze the clock at this instant at start (default: real time). */
  now?: Date | number | string;
  /** Request body limit in bytes; default 1 MiB. Larger bodies get 413. */
  bodyLimit?: number;
  /**
   * CORS for the API (everything but /__control): `'*'` (the default) lets a
   * page on any origin call it, `'off'` sends no CORS headers, or give the
   * allowed origins (an array, or a comma-separated string).
   */
  cors?: 'off' | '*' | string | string[];
  /** Origins allowed to call /__control from a browser; default none (same origin only, others get 403). */
  controlCors?: string | string[];
  /** How many requests the journal keeps; default 1000, 0 turns it off. */
  journalSize?: number;
  /** More header names the journal redacts (the shared SECRET_HEADERS, API-Key, Authorization, Cookie and the like, always are). */
  secretHeaders?: string[];
}

export interface MockServer {
  /** base_url, e.g. `http://127.0.0.1:4010`; the API root is `url + '/api/v1.1'`. */
  readonly url: string;
  /** The state behind the server, for advanced use. */
  readonly core: MockCore;
  close(): Promise<void>;
  [Symbol.asyncDispose](): Promise<void>;
  /** No jobs, the initial employers, real time, no faults. */
  reset(): void;
  addEmployers(employers: EmployerConfig[]): void;
  /** Creates jobs as POST /jobs would (by employer id or API key); a publishDate in an item backdates it. */
  seedJobs(employer: number | string, jobs: SeedJob[]): Job[];
  /** Freezes the clock at `time`. */
  setClock(time: Date | number | string): void;
  advanceClock(ms: number): void;
  /** Back to real time. */
  resetClock(): void;
  injectFault(fault: FaultSpec): void;
  clearFaults(): void;
  snapshot(): MockSnapshot;
  /** The profile in effect (`GET /__control/profile`). */
  profile(): ResolvedProfile;
  /** Switches the profile (`POST /__control/profile`); jobs stay. Throws MockConfigError when invalid. */
  setProfile(options: ProfileOptions): ResolvedProfile;
  /** The journaled requests that match, oldest first (`GET /__control/requests`). */
  requests(filter?: JournalFilter): JournalEntry[];
}

function listen(server: Server, port: number, host: string): Promise<AddressInfo> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException): void => {
      reject(
        error.code === 'EADDRINUSE'
          ? new MockConfigError('port_in_use', `port ${port} on ${host} is already in use`, { cause: error })
          : new MockConfigError('invalid_argument', `cannot listen on ${host}:${port}: ${error.message}`, { cause: error }),
      );
    };
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address() as AddressInfo);
    });
  });
}

/**
 * Starts the mock on loopback.
 *
 * @example
 * await using mock = await createMockServer();
 * const res = await fetch(`${mock.url}/api/v1.1/jobs`, { headers: { 'API-Key': 'demo-key-1' } });
 */
export async function createMockServer(options: MockServerOptions = {}): Promise<MockServer> {
  // Read before anything is opened, so a bad origin fails before the data file is (the dispatcher reads them again, idempotently).
  const cors = parseCorsPolicy(options.cors ?? '*');
  const controlCors = parseControlOrigins(options.controlCors);
  const core = new MockCore(
    {
      employers: options.employers, profile: options.profile, profileSeed: options.profileSeed, choices: options.choices,
      journalSize: options.journalSize, secretHeaders: options.secretHeaders,
    },
    options.transform,
  );
  if (options.now !== undefined) core.setClock(options.now);
  const dataFile = options.dataFile;
  let persistence: Persistence | undefined;
  if (dataFile !== undefined && options.persist) {
    persistence = await Persistence.open(core, { dataFile, fsync: options.fsync, compactAfterBytes: options.compactAfterBytes });
  } else if (dataFile !== undefined) {
    loadPersistedState(core, dataFile);
  }
  const host = options.host ?? '127.0.0.1';
  let url = '';
  const dispatch = createDispatcher(core, { settle: persistence && (() => persistence.settle()), cors, controlCors });
  const server = createServer(createNodeListener(dispatch, () => url, options.bodyLimit ?? DEFAULT_BODY_LIMIT));
  server.keepAliveTimeout = 5_000;
  const address = await listen(server, options.port ?? 0, host);
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  url = `http://${shownHost}:${address.port}`;
  let closed: Promise<void> | undefined;
  const closeServer = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()));
      server.closeAllConnections();
    });
  // The server first, so no change comes in while the last compaction runs.
  const close = (): Promise<void> => (closed ??= closeServer().finally(() => persistence?.close()));
  const recorded = <T>(value: T): T => {
    persistence?.record();
    return value;
  };
  return {
    url,
    core,
    close,
    [Symbol.asyncDispose]: close,
    reset: () => recorded(core.reset()),
    addEmployers: (employers) => recorded(core.addEmployers(employers)),
    seedJobs: (employer, jobs) => recorded(core.seedJobs(employer, jobs)),
    setClock: (time) => core.setClock(time),
    advanceClock: (ms) => core.advanceClock(ms),
    resetClock: () => core.resetClock(),
    injectFault: (fault) => core.injectFault(fault),
    clearFaults: () => core.clearFaults(),
    snapshot: () => core.snapshot(),
    profile: () => core.profile,
    setProfile: (profile) => core.setProfile(profile),
    requests: (filter) => core.requests(filter),
  };
}
