/**
 * @module The suite's typed errors. Three outcomes must never be confused:
 * the server departs from the spec (MismatchError -> rule `failed`), the suite
 * could not run or complete (SuiteError -> exit 2 or rule `error`), and a rule
 * does not apply (SkipError -> rule `skipped`). Each error has a stable `code`.
 */
import type { MismatchInput } from './rule.js';

/** Stable codes of the reasons the suite could not run or complete. */
export type SuiteErrorCode =
  | 'CONFIG'
  | 'TARGET_UNREACHABLE'
  | 'REQUEST_TIMEOUT'
  | 'KEY_REJECTED'
  | 'API_NOT_FOUND'
  | 'DISCOVERY_FAILED'
  | 'INTERRUPTED'
  | 'RATE_LIMITED'
  | 'INTERNAL';

/**
 * The suite could not run (bad options, target unreachable, key rejected) or
 * could not complete a rule. Never a verdict about the server.
 *
 * @example
 * throw new SuiteError('KEY_REJECTED', 'GET /jobs answered 401 with the API key');
 */
export class SuiteError extends Error {
  override readonly name: string = 'SuiteError';
  readonly code: SuiteErrorCode;
  readonly context: Record<string, unknown>;

  constructor(code: SuiteErrorCode, message: string, options: { cause?: unknown; context?: Record<string, unknown> } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.context = options.context ?? {};
  }
}

/** Invalid options: exit 2 with one line naming the option. */
export class ConfigError extends SuiteError {
  override readonly name = 'ConfigError';
  readonly option: string;

  constructor(option: string, message: string) {
    super('CONFIG', message, { context: { option } });
    this.option = option;
  }
}

/** A request got no response (refused, reset, timed out, aborted). */
export class TransportError extends SuiteError {
  override readonly name = 'TransportError';
}

/**
 * The target departs from the spec. Thrown by ctx.fail/ctx.expect and by the
 * API layer on a schema mismatch; fast-check shrinks the input that caused it.
 */
export class MismatchError extends Error {
  override readonly name = 'MismatchError';
  readonly code = 'MISMATCH';
  readonly mismatch: MismatchInput;
  /** Set once the runner has recorded it (so an outer handler does not record it twice). */
  recorded = false;

  constructor(mismatch: MismatchInput) {
    super(mismatch.title);
    this.mismatch = mismatch;
  }
}

/** The rule does not apply to this run (a missing option, a precondition the target does not meet). */
export class SkipError extends Error {
  override readonly name = 'SkipError';
  readonly code = 'SKIP';
  readonly reason: string;

  constructor(reason: string) {
    super(reason);
    this.reason = reason;
  }
}

/** The message of any thrown value, for one-line reports. */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
