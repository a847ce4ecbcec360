/**
 * @module Typed errors of the report writers and the gating functions: each
 * has a stable `code` a caller can branch on, the `cause`, and the context
 * (file, value) that makes the message actionable.
 */

export type ReportErrorCode =
  | 'BASELINE_INVALID'
  | 'BASELINE_UNREADABLE'
  | 'BASELINE_UNWRITABLE'
  | 'FAIL_ON_INVALID'
  | 'REPORTER_UNKNOWN'
  | 'REPORT_DIR_UNWRITABLE'
  | 'REPORT_FILE_INVALID'
  | 'REPORT_FILE_UNREADABLE'
  | 'REPORT_WRITE_FAILED'
  | 'REPORT_WRITE_TIMEOUT'
  | 'MERGE_REFUSED';

/**
 * @example
 * try { parseFailOn('failed,typo'); }
 * catch (e) { if (e instanceof ReportError && e.code === 'FAIL_ON_INVALID') console.error(e.message); }
 */
export class ReportError extends Error {
  override readonly name = 'ReportError';
  readonly code: ReportErrorCode;
  readonly context: Record<string, unknown>;

  constructor(code: ReportErrorCode, message: string, options: { cause?: unknown; context?: Record<string, unknown> } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.context = options.context ?? {};
  }
}
