import { describe, expect, it } from 'vitest';
import { exchangeOperation } from './route.js';

describe('exchangeOperation', () => {
  it.each([
    ['GET', '/api/v1.1/jobs?status=active', [], 'list'],
    ['GET', '/api/v1.1/jobs/7', [], 'get'],
    ['POST', '/api/v1.1/jobs', [], 'create'],
    ['PUT', '/api/v1.1/jobs/7', [], 'put-by-id'],
    ['PUT', '/api/v1.1/jobs/', [], 'put-by-reference'],
    ['DELETE', '/api/v1.1/jobs', [], 'delete-by-reference'],
    ['POST', '/api/v1.1/jobs/7', ['X-HTTP-Method-Override', 'delete'], 'delete-by-id'],
    ['POST', '/api/v1.1/jobs/7', ['X-HTTP-Method-Override', 'PUT'], 'put-by-id'],
    ['POST', '/api/v1.1/jobs/7', [], 'other'],
    ['PATCH', '/api/v1.1/jobs/7', [], 'unknown-method'],
    ['OPTIONS', '/api/v1.1/jobs', [], 'outside'],
    ['GET', '/api/v1.1/positiontypes', [], 'other'],
    ['GET', '/prefix/api/v1.1/jobs/3', [], 'get'],
    ['GET', '/health', [], 'outside'],
  ])('%s %s %j is %s', (method, url, headers, kind) => {
    expect(exchangeOperation(method, url, headers).kind).toBe(kind);
  });

  it('reads the list query and the override flag', () => {
    const list = exchangeOperation('GET', '/api/v1.1/jobs?q=chef&page=2', []);
    expect(list.kind === 'list' && list.query.get('page')).toBe('2');
    expect(exchangeOperation('POST', '/api/v1.1/jobs/9', ['x-http-method-override', 'DELETE'])).toEqual({
      kind: 'delete-by-id',
      id: '9',
      override: true,
    });
  });
});
