import { describe, expect, it } from 'vitest';
import { isJobOperation, isWrite, operationAt, operationOf, type Operation } from './operations.js';

const OVERRIDE = 'x-http-method-override';
const kindOf = (method: string, path: string, headers: Record<string, string> = {}): Operation['kind'] | undefined =>
  operationOf(method, path, headers)?.kind;

describe('operationOf', () => {
  it.each([
    // spec 4.5, 4.1: reads (HEAD reads like GET)
    ['GET', '/api/v1.1/jobs', {}, 'list'],
    ['HEAD', '/api/v1.1/jobs', {}, 'list'],
    ['GET', '/api/v1.1/jobs/7', {}, 'get'],
    ['HEAD', '/api/v1.1/jobs/7', {}, 'get'],
    // spec 4.2, 4.3: create, PUT by id, PUT by referenceId (PUT on /jobs)
    ['POST', '/api/v1.1/jobs', {}, 'create'],
    ['PUT', '/api/v1.1/jobs/7', {}, 'put-by-id'],
    ['PUT', '/api/v1.1/jobs', {}, 'put-by-reference'],
    // spec 4.4: DELETE by id, by referenceId in the body
    ['DELETE', '/api/v1.1/jobs/7', {}, 'delete-by-id'],
    ['DELETE', '/api/v1.1/jobs', {}, 'delete-by-reference'],
    // spec 1, 4.7: POST with X-HTTP-Method-Override acts as the method it names
    ['POST', '/api/v1.1/jobs/7', { [OVERRIDE]: 'DELETE' }, 'delete-by-id'],
    ['POST', '/api/v1.1/jobs', { [OVERRIDE]: 'DELETE' }, 'delete-by-reference'],
    ['POST', '/api/v1.1/jobs/7', { [OVERRIDE]: 'PUT' }, 'put-by-id'],
    ['POST', '/api/v1.1/jobs', { [OVERRIDE]: 'put' }, 'put-by-reference'],
    ['POST', '/api/v1.1/jobs', { [OVERRIDE]: ' delete ' }, 'delete-by-reference'],
    // the override counts on a POST only, and an empty one names nothing
    ['PUT', '/api/v1.1/jobs/7', { [OVERRIDE]: 'DELETE' }, 'put-by-id'],
    ['POST', '/api/v1.1/jobs', { [OVERRIDE]: '' }, 'create'],
    // methods no operation uses on that resource
    ['POST', '/api/v1.1/jobs/7', {}, 'not-allowed'],
    ['PATCH', '/api/v1.1/jobs', {}, 'not-allowed'],
    ['POST', '/api/v1.1/jobs/7', { [OVERRIDE]: 'PATCH' }, 'not-allowed'],
    ['POST', '/api/v1.1/jobs', { [OVERRIDE]: 'HEAD' }, 'not-allowed'],
    ['POST', '/api/v1.1/positiontypes', {}, 'not-allowed'],
    // other paths under the prefix, and preflights
    ['GET', '/api/v1.1/positiontypes', {}, 'reference-list'],
    ['HEAD', '/api/v1.1/categories/', {}, 'reference-list'],
    ['GET', '/api/v1.1/jobs/7/extra', {}, 'reference-list'],
    ['OPTIONS', '/api/v1.1/jobs', {}, 'preflight'],
    ['OPTIONS', '/api/v1.1/jobs/7', {}, 'preflight'],
    // case and one trailing slash do not matter; the method may arrive in lower case
    ['get', '/API/V1.1/JOBS/', {}, 'list'],
    ['delete', '/api/v1.1/Jobs/7/', {}, 'delete-by-id'],
  ] as const)('%s %s %j is %s', (method, path, headers, kind) => {
    expect(kindOf(method, path, headers)).toBe(kind);
  });

  it.each(['/', '/health', '/__control/reset', '/api/v1', '/api/v1.10/jobs', '/api/v1.1x', '/prefix/api/v1.1/jobs', '/api/v2/jobs'])(
    '%s is outside the API: undefined',
    (path) => expect(operationOf('GET', path, {})).toBeUndefined(),
  );

  it('names the resource, the method as sent and the override it applied', () => {
    expect(operationOf('POST', '/api/v1.1/jobs/AB7', { [OVERRIDE]: 'delete' })).toEqual({
      kind: 'delete-by-id',
      resource: { name: 'job', id: 'AB7' },
      method: 'POST',
      override: 'DELETE',
    });
    const byReference = operationOf('DELETE', '/api/v1.1/jobs', {});
    expect(byReference).toEqual({ kind: 'delete-by-reference', resource: { name: 'jobs' }, method: 'DELETE' });
    const list = operationOf('GET', '/api/v1.1/Categories/', {});
    expect(list).toEqual({ kind: 'reference-list', resource: { name: 'other', path: '/Categories' }, method: 'GET' });
    expect(operationOf('POST', '/api/v1.1/jobs/7', { [OVERRIDE]: 'GET' })).toMatchObject({ kind: 'get', override: 'GET' });
  });

  it('an override on a list path is not applied: the lists are read only', () => {
    const op = operationOf('POST', '/api/v1.1/positiontypes', { [OVERRIDE]: 'GET' });
    expect(op).toEqual({ kind: 'not-allowed', resource: { name: 'other', path: '/positiontypes' }, method: 'POST' });
  });

  it('operationAt reads a path the caller found below the prefix itself', () => {
    expect(operationAt('PUT', '/jobs/', {}).kind).toBe('put-by-reference');
    expect(operationAt('GET', '', {})).toEqual({ kind: 'reference-list', resource: { name: 'other', path: '' }, method: 'GET' });
  });
});

describe('isWrite and isJobOperation', () => {
  it.each([
    ['GET', '/api/v1.1/jobs', false, true],
    ['GET', '/api/v1.1/jobs/1', false, true],
    ['POST', '/api/v1.1/jobs', true, true],
    ['PUT', '/api/v1.1/jobs/1', true, true],
    ['PUT', '/api/v1.1/jobs', true, true],
    ['DELETE', '/api/v1.1/jobs/1', true, true],
    ['DELETE', '/api/v1.1/jobs', true, true],
    ['GET', '/api/v1.1/positiontypes', false, false],
    ['OPTIONS', '/api/v1.1/jobs', false, false],
    ['PATCH', '/api/v1.1/jobs', false, false],
  ])('%s %s: write %s, job operation %s', (method, path, write, job) => {
    const op = operationOf(method, path, {})!;
    expect([isWrite(op), isJobOperation(op)]).toEqual([write, job]);
  });
});
