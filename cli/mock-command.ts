/**
 * @module The `jobs-mock` command: reads its options (the table in cli/options/mock-options.ts; each flag also reads
 * JOBS_MOCK_<FLAG>) from the io it is given, and starts the reference mock. Bad arguments, a bad employers or data
 * file, or a port in use: one line on stderr, exit code 2. The bin (cli/jobs-mock.ts) wires the process to it; tests
 * call it in process.
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
import type { CliIo } from './command.js';
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

function program(io: Pick<CliIo, 'stdout' | 'stderr'>): Command {
  return addOptions(
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
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (message, write) => write(`jobs-mock: ${message.replace(/^error: /, '').trim()}\n`),
    });
}

/** The options of `io.argv` and `io.env`, or the exit code of a command line that asks for no server (help, a refusal). */
function readCommandLine(io: CliIo): MockCliOptions | number {
  const command = program(io);
  try {
    command.parse(io.argv);
    return readOptions(command, MOCK_OPTIONS, io.env);
  } catch (error) {
    if (error instanceof CommanderError) return exitCodeOfParse(error);
    if (error instanceof UsageError) {
      io.stderr.write(`jobs-mock: ${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}

/**
 * Starts the mock as `io` asks. Resolves to the exit code when it serves nothing (--help, --version, a refusal), else
 * to the running server: `serving` is called with it before the start line is printed, so a supervisor that acts on
 * the line (a SIGTERM) finds the bin's handlers in place.
 */
export async function mockMain(io: CliIo, serving: (server: MockServer) => void = () => undefined): Promise<number | MockServer> {
  const opts = readCommandLine(io);
  if (typeof opts === 'number') return opts;
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
    serving(server);
    io.stdout.write(`${startLine(server, employers, !opts.employers)}\n`);
    return server;
  } catch (error) {
    if (error instanceof MockConfigError) {
      io.stderr.write(`jobs-mock: ${error.message}\n`);
      return EXIT_USAGE;
    }
    throw error;
  }
}
