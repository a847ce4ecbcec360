/**
 * The MSW door reads the same options as the standalone server
 * (resolveMockOptions): none is left out, secretHeaders included. One MSW
 * server only in this file: two listening at once each answer a request.
 */
import { setupServer } from 'msw/node';
import { expect, it } from 'vitest';
import { createHandlers } from '../../mock/index.js';

const NOW = '2025-03-01T12:00:00.000Z';

it('takes every shared option the server takes: secretHeaders, journalSize and now reach the core it builds', async () => {
  const options = { secretHeaders: ['X-Session'], journalSize: 5, now: NOW, profile: 'alt' };
  const handlers = setupServer(...createHandlers({ baseUrl: 'https://doors.example.test', ...options }));
  handlers.listen({ onUnhandledRequest: 'bypass' });
  try {
    const res = await fetch('https://doors.example.test/__control/requests', { headers: { 'x-session': 's3cret' } });
    expect(res.status).toBe(200);
    const reply = await fetch('https://doors.example.test/api/v1.1/positiontypes', {
      headers: { 'x-session': 's3cret', 'api-key': 'demo-key-1' },
    });
    expect(reply.status).toBe(200);
    const journal = (await (await fetch('https://doors.example.test/__control/requests')).json()) as {
      data: Array<{ headers: Record<string, string> }>;
    };
    expect(journal.data).toHaveLength(1);
    expect(journal.data[0]!.headers['x-session']).toBe('[redacted]');
    expect(journal.data[0]!.headers['api-key']).toBe('[redacted]');
    const state = (await (await fetch('https://doors.example.test/__control/state')).json()) as {
      now: string;
      profile: { profile: string };
    };
    expect(state).toMatchObject({ now: NOW, profile: { profile: 'alt' } });
  } finally {
    handlers.close();
  }
});
