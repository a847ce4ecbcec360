/**
 * @module An ApiError as the response the choices ask for: the status of
 * invalid input and of a duplicate referenceId (status.invalid-input,
 * status.duplicate-reference) and the body format (errors.body). Spec 7 shows
 * neither, so every form here is conformant.
 */
import { ApiError } from './api-error.js';
import type { Choices } from '../choices/choices.js';
import type { CoreResponse } from './core-types.js';
import { JSON_TYPE } from './json-response.js';

const TITLES: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  410: 'Gone',
  413: 'Content Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The status the choices give this error. Malformed JSON stays 400: it is not "input" the server could read. */
export function statusOf(error: ApiError, choices: Choices): number {
  if (error.code === 'validation_failed') return Number(choices['status.invalid-input']);
  if (error.code === 'duplicate_reference_id') return Number(choices['status.duplicate-reference']);
  return error.status;
}

/**
 * @example
 * errorResponse(new ApiError(400, 'validation_failed', 'bad'), resolveChoices({ profile: 'alt' }).choices); // 422, problem+json
 */
export function errorResponse(error: ApiError, choices: Choices): CoreResponse {
  const status = statusOf(error, choices);
  const form = choices['errors.body'];
  let body: Record<string, unknown>;
  let type = JSON_TYPE;
  if (form === 'problem') {
    // RFC 9457: `about:blank` means the title is the status text; `code` and `errors` are extension members. TITLES
    // holds every status the core refuses with (a title is optional in RFC 9457 all the same).
    body = { type: 'about:blank', title: TITLES[status], status, detail: error.message, code: error.code };
    if (error.fieldErrors.length > 0) body.errors = error.fieldErrors;
    type = 'application/problem+json';
  } else if (form === 'message') {
    body = { message: error.message };
  } else {
    body = { status, code: error.code, message: error.message };
    if (error.fieldErrors.length > 0) body.fieldErrors = error.fieldErrors;
  }
  return { status, headers: { ...error.headers, 'content-type': type }, body: JSON.stringify(body) };
}
