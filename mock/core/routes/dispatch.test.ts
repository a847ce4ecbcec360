import { describe, expect, it } from 'vitest';
import type { CoreRequest } from '../http/core-types.js';
import { createDispatcher } from './dispatch.js';
import { MockConfigError } from '../mock-config-error.js';
import { MockCore } from '../mock-core.js';

const APP = 'http://localhost:5173';

const request = (path: string, headers: Record<string, string>): CoreRequest => ({
  method: 'GET',
  path,
  query: new URLSearchParams(),
  headers,
  body: undefined,
  baseUrl: 'http://127.0.0.1:4010',
});

describe('createDispatcher reads its CORS options itself (the MSW handlers and the middleware pass them as given)', () => {
  it('compares origins in the form browsers send, however they were written', async () => {
    const dispatch = createDispatcher(new MockCore(), { cors: ['HTTP://LocalHost:5173/'], controlCors: 'http://localhost:5173/' });
    const api = await dispatch(request('/api/v1.1/positiontypes', { origin: APP, 'api-key': 'demo-key-1' }));
    expect(api.headers['access-control-allow-origin']).toBe(APP);
    const control = await dispatch(request('/__control/requests', { origin: APP }));
    expect(control.status).toBe(200);
    expect(control.headers['access-control-allow-origin']).toBe(APP);
  });

  it('refuses what is not a CORS policy, and off or * for the control API', () => {
    expect(() => createDispatcher(new MockCore(), { cors: ['localhost:5173/x'] })).toThrow(MockConfigError);
    expect(() => createDispatcher(new MockCore(), { controlCors: '*' })).toThrow(MockConfigError);
  });
});
