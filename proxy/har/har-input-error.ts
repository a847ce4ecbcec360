/**
 * @module A HAR file that check-har cannot judge: unreadable, not JSON (or cut short), not HAR 1.x, an entry
 * missing a field HAR requires, a body that does not decode, or no entry under the API. The command answers it
 * with one line and exit 2, and judges nothing: a file is read whole before any exchange is judged.
 */
export type HarInputErrorCode =
  'UNREADABLE' | 'NOT_JSON' | 'NOT_HAR' | 'UNSUPPORTED_VERSION' | 'BAD_BODY' | 'NO_API_ENTRY' | 'SEVERAL_BASES';

export class HarInputError extends Error {
  override readonly name = 'HarInputError';

  constructor(
    readonly code: HarInputErrorCode,
    message: string,
    readonly context: Readonly<Record<string, unknown>> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}
