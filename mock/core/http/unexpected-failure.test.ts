import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { asApiError } from './unexpected-failure.js';

describe('asApiError', () => {
  it('passes a refusal through as it is', () => {
    const refusal = new ApiError(404, 'not_found', 'No job with id 12');
    expect(asApiError(refusal)).toBe(refusal);
  });

  it('makes any other failure a 500 internal_error that keeps it as its cause', () => {
    const bug = new TypeError('cannot read properties of undefined');
    const error = asApiError(bug);
    expect([error.status, error.code, error.message]).toEqual([500, 'internal_error', 'The mock failed unexpectedly']);
    expect(error.cause).toBe(bug);
    expect(asApiError('thrown text').status).toBe(500);
  });
});
