/**
 * @module Errors in how the mock is configured or driven (employers, data
 * file, CLI arguments), as opposed to a rejected API request (ApiError).
 */

export type MockConfigErrorCode =
  | 'invalid_employers'
  | 'invalid_data_file'
  | 'unknown_employer'
  | 'invalid_argument'
  | 'port_in_use'
  | 'unknown_profile'
  | 'unknown_choice'
  | 'invalid_choice';

/**
 * @example
 * throw new MockConfigError('invalid_employers', 'employer 2: apiKey must be a non-empty string');
 */
export class MockConfigError extends Error {
  override readonly name = 'MockConfigError';

  constructor(
    readonly code: MockConfigErrorCode,
    message: string,
    options: { cause?: unknown } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
  }
}
