import { describe, expect, it } from 'vitest';
import { ALLOWED_METHODS, API_METHODS, methodOverrideOf } from './methods.js';

describe('methods', () => {
  it('the Allow of each resource holds its spec methods, HEAD and OPTIONS', () => {
    expect(ALLOWED_METHODS.jobs.split(', ')).toEqual(expect.arrayContaining([...API_METHODS, 'HEAD', 'OPTIONS']));
    expect(ALLOWED_METHODS.job.split(', ')).not.toContain('POST');
    expect(ALLOWED_METHODS.other).toBe('GET, HEAD, OPTIONS');
  });

  it.each([
    ['POST', { 'x-http-method-override': 'DELETE' }, 'DELETE'],
    ['post', { 'x-http-method-override': ' put ' }, 'PUT'],
    ['POST', { 'x-http-method-override': '  ' }, undefined],
    ['POST', {}, undefined],
    ['PUT', { 'x-http-method-override': 'DELETE' }, undefined],
    ['GET', { 'x-http-method-override': 'DELETE' }, undefined],
  ])('methodOverrideOf(%s, %j) is %s', (method, headers, named) => expect(methodOverrideOf(method, headers)).toBe(named));
});
