import { describe, expect, it } from 'vitest';
import { API_PREFIX, apiPathOf, resourceOf } from './paths.js';

describe('the API prefix', () => {
  it('is the version segment of spec 9', () => expect(API_PREFIX).toBe('/api/v1.1'));

  it.each([
    ['/api/v1.1/jobs/12', '/jobs/12'],
    ['/api/v1.1', ''],
    ['/api/v1.1/', '/'],
    ['/API/v1.1/Jobs', '/Jobs'],
    ['/api/v1.10', undefined],
    ['/api/v1', undefined],
    ['/base/api/v1.1/jobs', undefined],
  ])('apiPathOf(%s) is %s', (path, rest) => expect(apiPathOf(path)).toBe(rest));
});

describe('resourceOf', () => {
  it.each([
    ['/jobs', { name: 'jobs' }],
    ['/JOBS/', { name: 'jobs' }],
    ['/jobs/12', { name: 'job', id: '12' }],
    ['/jobs/Ab%20c/', { name: 'job', id: 'Ab%20c' }],
    ['/jobs/', { name: 'jobs' }],
    ['/jobs//', { name: 'other', path: '/jobs/' }],
    ['/jobs/1/2', { name: 'other', path: '/jobs/1/2' }],
    ['/positiontypes/', { name: 'other', path: '/positiontypes' }],
    ['/', { name: 'other', path: '/' }],
  ])('%s is %j', (path, resource) => expect(resourceOf(path)).toEqual(resource));
});
