import { describe, expect, it } from 'vitest';
import type { Exchange } from '../../schemas/types.gen.js';
import { errorBodyForm, jsonForm } from './error-body-form.js';

function answered(status: number, body: string | undefined, headers: Record<string, string> = {}, bodyTruncated = false): Exchange {
  return {
    request: { method: 'POST', url: 'http://127.0.0.1/jobs', headers: {} },
    response: { status, headers, ...(body === undefined ? {} : { body }), ...(bodyTruncated ? { bodyTruncated } : {}) },
    durationMs: 1,
  };
}

describe('jsonForm', () => {
  it('keeps keys, types, empty strings and counts, never the values', () => {
    const body = {
      status: 422,
      message: 'title is too long for job 1000004',
      code: 'validation_failed',
      fieldErrors: [
        { path: '/title', rule: 'maxLength', limit: 256, message: 'too long' },
        { path: '/referenceId', rule: '', message: 'x' },
      ],
    };
    expect(jsonForm(body)).toBe(
      "{code: text, fieldErrors: [2 × {limit: number, message: text, path: text, rule: text} | {message: text, path: text, rule: ''}], " +
        'message: text, status: number}',
    );
  });

  it('tells an emptied string, an emptied object and a shorter list apart from the original', () => {
    const original = jsonForm({ message: 'No job', errors: [{ path: '/a' }, { path: '/b' }] });
    expect(jsonForm({ message: '', errors: [{ path: '/a' }, { path: '/b' }] })).not.toBe(original);
    expect(jsonForm({ message: 'No job', errors: [{}, { path: '/b' }] })).not.toBe(original);
    expect(jsonForm({ message: 'No job', errors: [{ path: '/a' }] })).not.toBe(original);
    expect(jsonForm({ message: 'Another text', errors: [{ path: '/x' }, { path: '/y' }] })).toBe(original);
  });

  it('writes null, booleans, empty lists and parts past its depth', () => {
    expect(jsonForm([null, true, []])).toBe('[3 × null | boolean | []]');
    expect(jsonForm({ a: { b: { c: { d: { e: 1 } } } } })).toBe('{a: {b: {c: {d: …}}}}');
  });
});

describe('errorBodyForm', () => {
  it('writes the status and the JSON form of a client error', () => {
    expect(errorBodyForm(answered(404, '{"code":"not_found","message":"No job with id 12"}'))).toBe('404: {code: text, message: text}');
  });

  it('names a body that is not JSON by its media type, and an empty one as no body', () => {
    expect(errorBodyForm(answered(400, 'Bad Request', { 'content-type': 'text/plain; charset=utf-8' }))).toBe('400: text/plain, text');
    expect(errorBodyForm(answered(401, ''))).toBe('401: no body');
    expect(errorBodyForm(answered(401, undefined))).toBe('401: no body');
  });

  it('records no success, no server error, no 429, no body cut short and no exchange without an answer', () => {
    expect(errorBodyForm(answered(200, '{}'))).toBeUndefined();
    expect(errorBodyForm(answered(500, '{}'))).toBeUndefined();
    expect(errorBodyForm(answered(429, '{}'))).toBeUndefined();
    expect(errorBodyForm(answered(422, '{"code":', {}, true))).toBeUndefined();
    expect(
      errorBodyForm({ request: { method: 'GET', url: 'http://127.0.0.1/jobs/1', headers: {} }, error: 'reset', durationMs: 1 }),
    ).toBeUndefined();
  });
});
