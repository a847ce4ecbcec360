/**
 * @module The option table of `jobs-mock`. Each value is parsed here once;
 * what depends on another option (--persist needs --data) is checked by the
 * command after reading them all.
 */
import { InvalidArgumentError } from 'commander';
import { parseChoiceArgument, PROFILES } from '../../mock/core/choices/choices.js';
import { DEFAULT_BODY_LIMIT } from '../../mock/core/http/core-types.js';
import type { CorsPolicy } from '../../mock/core/http/cors.js';
import { DEFAULT_JOURNAL_SIZE } from '../../mock/core/http/request-journal.js';
import { FSYNC_MODES, type FsyncMode } from '../../mock/persistence/change-log.js';
import type { OptionTable } from './option-table.js';
import { parseCors, parseHost, parseOrigins, parsePort } from './parsers.js';

function parseBytes(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1) throw new InvalidArgumentError('must be a positive number of bytes');
  return n;
}

function parseFsync(value: string): FsyncMode {
  if (!(FSYNC_MODES as readonly string[]).includes(value)) throw new InvalidArgumentError(`must be one of ${FSYNC_MODES.join(', ')}`);
  return value as FsyncMode;
}

function parseSeed(value: string): number {
  const seed = Number(value);
  if (!/^\d+$/.test(value) || seed > 0xffffffff) throw new InvalidArgumentError('must be an integer 0 … 4294967295');
  return seed;
}

function parseCount(value: string): number {
  if (!/^\d+$/.test(value)) throw new InvalidArgumentError('must be a non-negative integer (0 turns the journal off)');
  return Number(value);
}

/** `--choice name=value`: one [name, value] pair; the command merges them (a later one wins). */
function parseChoice(value: string): [string, string] {
  try {
    return parseChoiceArgument(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

export const DEFAULT_MOCK_PORT = 4010;
export { DEFAULT_BODY_LIMIT };

/** The options as the table reads them (flags over JOBS_MOCK_* variables over defaults). */
export type MockCliOptions = {
  port: number;
  host: string;
  employers?: string;
  data?: string;
  persist: boolean;
  fsync?: FsyncMode;
  compactAfter?: number;
  now?: string;
  bodyLimit: number;
  profile: string;
  profileSeed?: number;
  choice: Array<[string, string]>;
  cors: CorsPolicy;
  controlCors?: string[];
  journalSize: number;
  secretHeader: string[];
};

export const MOCK_OPTIONS: OptionTable<MockCliOptions> = {
  command: 'jobs-mock',
  envPrefix: 'JOBS_MOCK_',
  options: [
    {
      key: 'port',
      flag: 'port',
      short: 'p',
      value: 'n',
      description: 'port to listen on; 0 picks a free port',
      parse: parsePort,
      fallback: DEFAULT_MOCK_PORT,
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
      key: 'employers',
      flag: 'employers',
      short: 'e',
      value: 'file',
      description: 'JSON array of employers [{"id","name","apiKey","plan"}] replacing the demo employers',
      example: 'employers.json',
    },
    {
      key: 'data',
      flag: 'data',
      short: 'd',
      value: 'file',
      description: 'load jobs from this file at start ({"version":1,"jobs":[...]}); a missing file starts empty',
      example: 'jobs.json',
    },
    {
      key: 'persist',
      flag: 'persist',
      description: 'with --data: keep every change (a change log beside the file, FILE.log, compacted into the file)',
      fallback: false,
      example: '1',
    },
    {
      key: 'fsync',
      flag: 'fsync',
      value: 'mode',
      description: `with --persist: when an answer waits for the disk: ${FSYNC_MODES.join(', ')} (docs/mock.md)`,
      parse: parseFsync,
      example: 'batch',
    },
    {
      key: 'compactAfter',
      flag: 'compact-after',
      value: 'bytes',
      description: 'with --persist: compact the file once its change log passes this size',
      parse: parseBytes,
      defaultText: '64 MiB',
      example: '4096',
    },
    {
      key: 'now',
      flag: 'now',
      value: 'iso',
      description: 'freeze the clock at this ISO 8601 instant',
      defaultText: 'real time',
      example: '2025-01-01T00:00:00Z',
    },
    {
      key: 'bodyLimit',
      flag: 'body-limit',
      value: 'bytes',
      description: 'request body limit; larger bodies get 413',
      parse: parseBytes,
      fallback: DEFAULT_BODY_LIMIT,
      example: '2048',
    },
    {
      key: 'profile',
      flag: 'profile',
      value: 'name',
      description: `choice profile where the spec leaves room: ${PROFILES.join(', ')} (docs/mock-choices.md)`,
      fallback: 'reference',
      example: 'alt',
    },
    {
      key: 'profileSeed',
      flag: 'profile-seed',
      value: 'n',
      description: 'seed of the random profile (0 … 4294967295; drawn and printed when omitted)',
      parse: parseSeed,
      example: '7',
    },
    {
      key: 'choice',
      flag: 'choice',
      value: 'name=value',
      description: 'set one choice switch over the profile (repeatable; env: one per line), e.g. paging.link-form=relative',
      parse: parseChoice,
      repeatable: true,
      fallback: [],
      example: 'paging.link-form=relative',
    },
    {
      key: 'cors',
      flag: 'cors',
      value: 'policy',
      description: 'CORS for the API: * (any origin), off, or origins separated by commas',
      parse: parseCors,
      fallback: '*',
      example: 'off',
    },
    {
      key: 'controlCors',
      flag: 'control-cors',
      value: 'origins',
      description: 'origins (comma-separated) allowed to call /__control from a browser',
      parse: parseOrigins,
      defaultText: 'none',
      example: 'http://localhost:5173',
    },
    {
      key: 'journalSize',
      flag: 'journal-size',
      value: 'n',
      description: 'requests kept in the journal (GET /__control/requests); 0 turns it off',
      parse: parseCount,
      fallback: DEFAULT_JOURNAL_SIZE,
      example: '5',
    },
    {
      key: 'secretHeader',
      flag: 'secret-header',
      value: 'name',
      description: 'one more request header to redact in the journal (repeatable; env: one per line)',
      repeatable: true,
      fallback: [],
      example: 'x-gateway-token',
    },
  ],
};
