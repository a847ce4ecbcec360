#!/usr/bin/env node
/**
 * @module `jobs-mock`: the standalone reference mock. Prints one line with its
 * URL and employers, serves until SIGINT/SIGTERM. Bad arguments, a bad
 * employers or data file, or a port in use: one-line error, exit code 2.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import { parseChoiceArgument, PROFILES, type ResolvedProfile } from '../mock/core/choices/choices.js';
import { parseCorsPolicy, type CorsPolicy } from '../mock/core/http/cors.js';
import { checkEmployers, DEMO_EMPLOYERS } from '../mock/core/jobs/employers.js';
import { DEFAULT_JOURNAL_SIZE } from '../mock/core/http/request-journal.js';
import { MockConfigError } from '../mock/core/mock-config-error.js';
import { packageVersion } from '../mock/package-version.js';
import { FSYNC_MODES, type FsyncMode } from '../mock/persistence/change-log.js';
import { createMockServer, type MockServer } from '../mock/server.js';
import type { EmployerConfig } from '../mock/store/stored-job.js';

const EXIT_USAGE = 2;

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('must be an integer 0-65535 (0 picks a free port)');
  return port;
}

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

/** `--cors off|*|ORIGIN[,ORIGIN...]`, checked at parse time. */
function parseCors(value: string): CorsPolicy {
  try {
    return parseCorsPolicy(value);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

function parseOrigins(value: string): string[] {
  const policy = parseCors(value);
  if (policy === 'off' || policy === '*') throw new InvalidArgumentError('give origins such as http://localhost:5173, not off or *');
  return [...policy];
}

/** `--choice name=value`, repeatable: collected into one object (a later one wins). */
function collectChoice(value: string, previous: Record<string, string>): Record<string, string> {
  try {
    const [name, choice] = parseChoiceArgument(value);
    return { ...previous, [name]: choice };
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

function readEmployers(file: string): EmployerConfig[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new MockConfigError('invalid_employers', `cannot read employers from ${file}: ${(cause as Error).message}`, { cause });
  }
  return checkEmployers(parsed);
}

/** ` profile: alt`, with the seed of `random` and the overrides; nothing for the plain reference profile. */
function profileText(profile: ResolvedProfile): string {
  const overrides = Object.entries(profile.overrides).map(([name, value]) => `${name}=${value}`);
  if (profile.profile === 'reference' && overrides.length === 0) return '';
  const seed = profile.profileSeed === undefined ? '' : ` (seed ${profile.profileSeed})`;
  return ` profile: ${profile.profile}${seed}${overrides.length ? ` choices: ${overrides.join(' ')}` : ''}`;
}

/** The start line: URL, profile and employers; keys are shown only for the demo employers (yours stay out of logs). */
function startLine(server: MockServer, employers: EmployerConfig[], demo: boolean): string {
  const list = employers
    .map((e) => `${e.id} ${e.name} [${e.plan ?? 'standard'}]${demo ? ` API-Key: ${e.apiKey}` : ''}`)
    .join('; ');
  return `jobs-mock listening on ${server.url} (API root ${server.url}/api/v1.1, control ${server.url}/__control)${profileText(server.profile())} employers: ${list}`;
}

const program = new Command()
  .name('jobs-mock')
  .description('Reference mock server for the Jobs API v1.1 (API under /api/v1.1, control API under /__control)')
  .version(packageVersion())
  .option('-p, --port <n>', 'port to listen on; 0 picks a free port', parsePort, 4010)
  .option('-H, --host <host>', 'interface to bind', '127.0.0.1')
  .option('-e, --employers <file>', 'JSON array of employers [{"id","name","apiKey","plan"}] replacing the demo employers')
  .option('-d, --data <file>', 'load jobs from this file at start ({"version":1,"jobs":[...]}); a missing file starts empty')
  .option('--persist', 'with --data: keep every change (a change log beside the file, FILE.log, compacted into the file)', false)
  .option('--fsync <mode>', `with --persist: when an answer waits for the disk: ${FSYNC_MODES.join(', ')} (docs/mock.md)`, parseFsync)
  .option('--compact-after <bytes>', 'with --persist: compact the file once its change log passes this size (default 64 MiB)', parseBytes)
  .option('--now <iso>', 'freeze the clock at this ISO 8601 instant (default: real time)')
  .option('--body-limit <bytes>', 'request body limit; larger bodies get 413', parseBytes, 1024 * 1024)
  .option('--profile <name>', `choice profile where the spec leaves room: ${PROFILES.join(', ')} (docs/mock-choices.md)`, 'reference')
  .option('--profile-seed <n>', 'seed of the random profile (0 … 4294967295; drawn and printed when omitted)', parseSeed)
  .option('--choice <name=value>', 'set one choice switch over the profile (repeatable), e.g. paging.link-form=relative', collectChoice, {})
  .option('--cors <policy>', 'CORS for the API: * (any origin), off, or origins separated by commas', parseCors, '*' as CorsPolicy)
  .option('--control-cors <origins>', 'origins (comma-separated) allowed to call /__control from a browser; default none', parseOrigins)
  .option('--journal-size <n>', 'requests kept in the journal (GET /__control/requests); 0 turns it off', parseCount, DEFAULT_JOURNAL_SIZE)
  .option('--secret-header <name>', 'one more request header to redact in the journal (repeatable)', (v: string, p: string[]) => [...p, v], [] as string[])
  .exitOverride()
  .configureOutput({ outputError: (message, write) => write(`jobs-mock: ${message.replace(/^error: /, '').trim()}\n`) });

async function main(): Promise<void> {
  try {
    program.parse();
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
      return;
    }
    throw error;
  }
  const opts = program.opts<{
    port: number; host: string; employers?: string; data?: string; persist: boolean; fsync?: FsyncMode; compactAfter?: number;
    now?: string; bodyLimit: number;
    profile: string; profileSeed?: number; choice: Record<string, string>;
    cors: CorsPolicy; controlCors?: string[]; journalSize: number; secretHeader: string[];
  }>();
  try {
    if (opts.persist && !opts.data) throw new MockConfigError('invalid_argument', '--persist needs --data FILE');
    if (!opts.persist && (opts.fsync !== undefined || opts.compactAfter !== undefined)) {
      throw new MockConfigError('invalid_argument', `${opts.fsync !== undefined ? '--fsync' : '--compact-after'} needs --persist`);
    }
    if (opts.now !== undefined && !Number.isFinite(Date.parse(opts.now))) throw new MockConfigError('invalid_argument', `--now: not an ISO 8601 instant: ${opts.now}`);
    const employers = opts.employers ? readEmployers(opts.employers) : DEMO_EMPLOYERS;
    const server = await createMockServer({
      port: opts.port, host: opts.host, employers, dataFile: opts.data, persist: opts.persist, fsync: opts.fsync,
      compactAfterBytes: opts.compactAfter, now: opts.now, bodyLimit: opts.bodyLimit,
      profile: opts.profile, profileSeed: opts.profileSeed, choices: opts.choice,
      cors: opts.cors as string | string[], controlCors: opts.controlCors, journalSize: opts.journalSize, secretHeaders: opts.secretHeader,
    });
    console.log(startLine(server, employers, !opts.employers));
    // Under --persist, close() ends with a compaction: the data file then holds everything and the log is empty.
    const stop = (): void => {
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          process.stderr.write(`jobs-mock: could not shut down cleanly: ${(error as Error).message}\n`);
          process.exit(1);
        },
      );
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    if (error instanceof MockConfigError) {
      process.stderr.write(`jobs-mock: ${error.message}\n`);
      process.exitCode = EXIT_USAGE;
      return;
    }
    throw error;
  }
}

await main();
