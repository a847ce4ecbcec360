/**
 * @module The exit codes of every command, in one place: 0 nothing to report
 * (for the suite and the proxy: no --fail-on condition holds), 1 a --fail-on
 * condition holds (exitCodeOf, shared with the library), 2 could not run or
 * start (bad flags or variables, unreadable files, a port in use, target
 * unreachable, key rejected), 130 interrupted.
 */
import { CommanderError } from 'commander';
import { UsageError } from './options/option-table.js';
import { EXIT_INTERRUPTED, exitCodeOf } from '../reports/index.js';

export const EXIT_OK = 0;
/** A --fail-on condition holds (mismatch, flaky, error, stale baseline, or warnings with --strict). */
export const EXIT_FAILED = 1;
/** Could not run: a usage or configuration error, or the target could not be used. */
export const EXIT_USAGE = 2;
export { EXIT_INTERRUPTED, exitCodeOf };

/** The exit code after Commander stopped parsing: 0 for --help and --version, 2 for a bad flag. */
export function exitCodeOfParse(error: CommanderError): number {
  return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
}

/**
 * The exit code of a command line that could not be read: 0 for --help and --version, 2 for a bad flag (Commander said
 * why) or a bad variable or value (said here, in one line). Anything else is a defect and is thrown on.
 */
export function exitCodeOfBadCommandLine(error: unknown, say: (line: string) => void): number {
  if (error instanceof CommanderError) return exitCodeOfParse(error);
  if (error instanceof UsageError) {
    say(`error: ${error.message}`);
    return EXIT_USAGE;
  }
  throw error;
}
