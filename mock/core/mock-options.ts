/**
 * @module The mock's options, read and checked in one place. Every door
 * (createMockServer, createHandlers, createJobsMiddleware, the jobs-mock CLI
 * and `new MockCore`) hands what it was given to resolveMockOptions and works
 * from the result only, so no door copies fields of its own and none can
 * miss one. Resolving a resolved object returns it as is: a door given the
 * result of another reads nothing twice.
 */
import { resolveChoices, type ProfileOptions, type ResolvedProfile } from './choices/choices.js';
import { parseControlOrigins, parseCorsPolicy, type CorsPolicy } from './http/cors.js';
import { DEFAULT_BODY_LIMIT, type CoreHandler } from './http/core-types.js';
import { DEFAULT_JOURNAL_SIZE } from './http/request-journal.js';
import { checkEmployers, DEMO_EMPLOYERS } from './jobs/employers.js';
import { MockConfigError } from './mock-config-error.js';
import { toEpochMs } from '../store/clock.js';
import type { EmployerConfig } from '../store/stored-job.js';

/**
 * When an answer waits for its change to reach the disk (`--fsync`): `always`
 * (the answer waits for a flush that covers it), `batch` (the answer waits for
 * the write only; a flush follows within 100 ms), `off` (never flushed by
 * the mock; the operating system writes it back when it likes).
 */
export type FsyncMode = 'always' | 'batch' | 'off';
export const FSYNC_MODES: readonly FsyncMode[] = ['always', 'batch', 'off'];

/** Compact once the change log passes this many bytes (about 60,000 changes of a 1 KB job). */
export const DEFAULT_COMPACT_AFTER_BYTES = 64 * 1024 * 1024;

/** The options every door shares: the state, the clock, the journal, CORS and the body limit. */
export interface MockOptions extends ProfileOptions {
  /** Employers and their API keys; default DEMO_EMPLOYERS. */
  employers?: EmployerConfig[];
  /** Freeze the clock at this instant at start (default: real time). */
  now?: Date | number | string;
  /** Request body limit in bytes; default 64 MiB (spec 8: a description has no technical limit). Larger bodies get 413. */
  bodyLimit?: number;
  /**
   * CORS for the API (everything but /__control): `'*'` lets a page on any
   * origin call it, `'off'` sends no CORS headers, or give the allowed origins
   * (an array, or a comma-separated string). Default `'*'` for the standalone
   * server, `'off'` for the MSW handlers and the middleware.
   */
  cors?: 'off' | '*' | string | readonly string[];
  /** Origins allowed to call /__control from a browser; default none (same origin only, others get 403). */
  controlCors?: string | readonly string[];
  /** How many requests the journal keeps; default 1000, 0 turns it off. */
  journalSize?: number;
  /** More header names the journal redacts (API-Key, Authorization, Proxy-Authorization and Cookie always are). */
  secretHeaders?: readonly string[];
}

/** The standalone server's options: the shared ones, where to listen, and the data file. */
export interface MockServerOptions extends MockOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
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
}

/** Where the state is loaded from, and how it is kept (`persist`). */
export interface ResolvedDataFile {
  readonly path: string;
  readonly persist: boolean;
  readonly fsync: FsyncMode;
  readonly compactAfterBytes: number;
}

/** The options as read and checked: what every door works from. Make one with resolveMockOptions. */
export interface ResolvedMockOptions {
  readonly profile: ResolvedProfile;
  readonly employers: readonly EmployerConfig[];
  /** The frozen clock's start (epoch ms); undefined: real time. */
  readonly now: number | undefined;
  readonly bodyLimit: number;
  readonly cors: CorsPolicy;
  readonly controlCors: readonly string[];
  readonly journalSize: number;
  /** Lower case, the defaults not included. */
  readonly secretHeaders: readonly string[];
  readonly port: number;
  readonly host: string;
  readonly dataFile: ResolvedDataFile | undefined;
}

/** What a door defaults to where the doors differ: the standalone server opens its API to any origin. */
export interface DoorDefaults {
  cors?: 'off' | '*';
}

export const SERVER_DEFAULTS: DoorDefaults = { cors: '*' };

const resolvedObjects = new WeakSet<object>();
/** The test-only hook (mock/testing.ts): never set through the public options. */
const transforms = new WeakMap<ResolvedMockOptions, (next: CoreHandler) => CoreHandler>();

function invalid(message: string): MockConfigError {
  return new MockConfigError('invalid_argument', message);
}

function integer(name: string, value: number | undefined, fallback: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min || value > max) throw invalid(`${name} must be an integer ${min} … ${max}, not ${value}`);
  return value;
}

function instant(value: Date | number | string | undefined): number | undefined {
  if (value === undefined) return undefined;
  try {
    return toEpochMs(value);
  } catch (cause) {
    throw new MockConfigError('invalid_argument', `now (--now): not an ISO 8601 instant: ${String(value)}`, { cause });
  }
}

function dataFileOf(options: MockServerOptions): ResolvedDataFile | undefined {
  if (options.persist && options.dataFile === undefined) throw invalid('persist (--persist) needs dataFile (--data FILE)');
  if (!options.persist && (options.fsync !== undefined || options.compactAfterBytes !== undefined)) {
    throw invalid(`${options.fsync !== undefined ? 'fsync (--fsync)' : 'compactAfterBytes (--compact-after)'} needs persist (--persist)`);
  }
  if (options.fsync !== undefined && !FSYNC_MODES.includes(options.fsync)) throw invalid(`fsync must be one of ${FSYNC_MODES.join(', ')}`);
  if (options.dataFile === undefined) return undefined;
  return {
    path: options.dataFile,
    persist: options.persist === true,
    fsync: options.fsync ?? 'always',
    compactAfterBytes: integer('compactAfterBytes', options.compactAfterBytes, DEFAULT_COMPACT_AFTER_BYTES, 1),
  };
}

/** True for what resolveMockOptions returned. */
export function isResolved(options: object): options is ResolvedMockOptions {
  return resolvedObjects.has(options);
}

/**
 * Reads and checks every option once. Throws MockConfigError for anything
 * invalid (an unknown profile or choice, a bad origin, employer, size or
 * instant, persist without a data file), before anything is opened.
 *
 * @example
 * const options = resolveMockOptions({ profile: 'alt', cors: 'http://localhost:5173', secretHeaders: ['X-Token'] }, SERVER_DEFAULTS);
 * const mock = await createMockServer(options);
 */
export function resolveMockOptions(
  options: MockServerOptions | ResolvedMockOptions = {},
  defaults: DoorDefaults = {},
): ResolvedMockOptions {
  if (isResolved(options)) return options;
  const given = options;
  if ((given as { transform?: unknown }).transform !== undefined) {
    throw invalid('transform is test-only: the test entry mock/testing.ts (createMockServer there) takes it, not the public options');
  }
  const resolved: ResolvedMockOptions = Object.freeze({
    profile: resolveChoices(given),
    employers: Object.freeze(checkEmployers(given.employers ?? DEMO_EMPLOYERS)),
    now: instant(given.now),
    bodyLimit: integer('bodyLimit', given.bodyLimit, DEFAULT_BODY_LIMIT, 1),
    cors: parseCorsPolicy(given.cors ?? defaults.cors ?? 'off'),
    controlCors: parseControlOrigins(given.controlCors),
    journalSize: integer('journalSize', given.journalSize, DEFAULT_JOURNAL_SIZE, 0),
    secretHeaders: Object.freeze((given.secretHeaders ?? []).map((name) => name.toLowerCase())),
    port: integer('port', given.port, 0, 0, 65535),
    host: given.host ?? '127.0.0.1',
    dataFile: dataFileOf(given),
  });
  resolvedObjects.add(resolved);
  return resolved;
}

/**
 * The same options with a wrapper around the core's API handler: only the
 * test-only entry (mock/testing.ts) calls this, so the public options have no such hook.
 */
export function withTransform(
  options: ResolvedMockOptions,
  transform: ((next: CoreHandler) => CoreHandler) | undefined,
): ResolvedMockOptions {
  if (transform === undefined) return options;
  const copy: ResolvedMockOptions = Object.freeze({ ...options });
  resolvedObjects.add(copy);
  transforms.set(copy, transform);
  return copy;
}

/** The test-only wrapper of the core's API handler, if any (read by MockCore). */
export function transformOf(options: ResolvedMockOptions): ((next: CoreHandler) => CoreHandler) | undefined {
  return transforms.get(options);
}
