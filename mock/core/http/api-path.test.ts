import { describe, expect, it } from 'vitest';
import { apiPath } from './api-path.js';

describe('apiPath', () => {
  it('gives the path under the prefix in lower case, without a trailing slash', () => {
    expect(apiPath('/api/v1.1/jobs/12')).toBe('/jobs/12');
    expect(apiPath('/API/v1.1/Jobs/12/')).toBe('/jobs/12');
    expect(apiPath('/api/v1.1')).toBe('');
    expect(apiPath('/api/v1.1/')).toBe('/');
  });

  it('is undefined outside the prefix', () => {
    for (const path of ['/api/v1.10', '/api/v1.1jobs', '/api/v1', '/__control/reset', '/']) expect(apiPath(path), path).toBeUndefined();
  });
});
