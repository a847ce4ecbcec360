#!/usr/bin/env node
/**
 * @module `jobs-mock`: the standalone reference mock. Its options are the
 * table in cli/options/mock-options.ts (each flag also reads JOBS_MOCK_<FLAG>).
 * Prints one line with its URL and employers, serves until SIGINT/SIGTERM. Bad arguments, a bad
 * employers or data file, or a port in use: one-line error, exit code 2.
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import type { ResolvedProfile } from '../mock/core/choices/choices.js';
import { checkEmployers, DEMO_EMPLOYERS } from '../mock/core/jobs/employers.js';
import { MockConfigError } from '../mock/core/mock-config-error.js';
import { resolveMockOptions, SERVER_DEFAULTS } from '../mock/core/mock-options.js';
import { packageVersion } from '../mock/package-version.js';
import { createMockServer, type MockServer } from '../mock/server.js';
import type { EmployerConfig } from '../mock/store/stored-job.js';
import { EXIT_USAGE, exitCodeOfParse } from './exit-codes.js';
import { MOCK_OPTIONS, type MockCliOptions } from './options/mock-options.js';
import { addOptions, readOptions, UsageError } from './options/option-table.js';

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
  const list = employers.map((e) => `${e.id} ${e.name} [${e.plan ?? 'standard'}]${demo ? ` API-Key: ${e.apiKey}` : ''}`).join('; ');
  return (
    `jobs-mock listening on ${server.url} (API root ${server.url}/api/v1.1, control ${server.url}/__control)` +
    `${profileText(server.core.profile)} employers: ${list}`
  );
}

const program = addOptions(
  new Command()
    .name('jobs-mock')
    .description('Reference mock server for the Jobs API v1.1 (API under /api/v1.1, control API under /__control)')
    .version(packageVersion()),
  MOCK_OPTIONS,
)
  .addHelpText(
    'after',
    '\nEvery option also reads from its environment variable (flags win; a switch takes 1 or 0; a repeatable option one value per line).',
  )
  .exitOverride()
  .configureOutput({ outputError: (message, write) => write(`jobs-mock: ${message.replace(/^error: /, '').trim()}\n`) });

async function main(): Promise<void> {
  let opts: MockCliOptions;
  try {
    program.parse();
    opts = readOptions(program, MOCK_OPTIONS, process.env);
  } catch (error) {
    if (error instanceof CommanderError) {
      process.exitCode = exitCodeOfParse(error);
      return;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`jobs-mock: ${error.message}\n`);
      process.exitCode = EXIT_USAGE;
      return;
    }
    throw error;
  }
  try {
    const employers = opts.employers ? readEmployers(opts.employers) : DEMO_EMPLOYERS;
    // Read and checked once (persist without --data, --fsync without --persist, --now, origins, ...); the server takes the result as is.
    const options = resolveMockOptions(
      {
        port: opts.port,
        host: opts.host,
        employers,
        dataFile: opts.data,
        persist: opts.persist,
        fsync: opts.fsync,
        compactAfterBytes: opts.compactAfter,
        now: opts.now,
        bodyLimit: opts.bodyLimit,
        profile: opts.profile,
        profileSeed: opts.profileSeed,
        choices: Object.fromEntries(opts.choice),
        cors: opts.cors,
        controlCors: opts.controlCors,
        journalSize: opts.journalSize,
        secretHeaders: opts.secretHeader,
      },
      SERVER_DEFAULTS,
    );
    const server = await createMockServer(options);
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
    // The start line last: a supervisor may send SIGTERM as soon as it reads it, and must find the handlers in place.
    console.log(startLine(server, employers, !opts.employers));
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
