/**
 * A scripted client session for the proxy's tests: what an
 * integrator's client does over a day, through the proxy: create, PUT-create,
 * partial updates by id and by referenceId, archive, re-publish, every kind of
 * delete (by id, by referenceId in the body, by method override), reads of
 * deleted jobs, and lists with filters and paging; a second employer lists
 * too. It never stops on an unexpected answer: against a broken server the
 * session runs to the end and the proxy judges it.
 */
import { rawRequest } from './raw-http.js';

export const KEY_1 = 'demo-key-1';
export const KEY_2 = 'demo-key-2';

export interface SessionOptions {
  /** Send one create with a `<script>` in its description (a client finding). */
  scriptDescription?: boolean;
  /** Send one partial update without a Content-Type (a client finding). */
  bodyWithoutContentType?: boolean;
}

interface Answer {
  status: number;
  json: any;
}

function jobBody(n: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: `Session job ${n}`,
    description: `<p>Job <b>${n}</b></p><ul><li>bread</li></ul>`,
    locations: [{ description: 'Toronto, ON' }],
    categories: [{ id: 1 }],
    positionType: { id: 1 },
    applicantRoutingType: { id: 1 },
    applicationEmail: `jobs${n}@example.com`,
    salary: { amount: 50000, maxAmount: 60000.5, period: { id: 1 } },
    status: 'active',
    ...extra,
  };
}

/**
 * Runs the session against `baseUrl` (the proxy's address).
 *
 * @example
 * await runClientSession(proxy.url);
 */
export async function runClientSession(baseUrl: string, options: SessionOptions = {}): Promise<void> {
  const api = `${baseUrl}/api/v1.1`;
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}, key = KEY_1): Promise<Answer> => {
    const sent: Record<string, string> = { 'api-key': key, ...headers };
    if (body !== undefined && !('content-type' in sent)) sent['content-type'] = 'application/json';
    if (sent['content-type'] === '') delete sent['content-type'];
    const res = await rawRequest(`${api}${path}`, { method, headers: sent, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const text = res.body.toString('utf8');
    let json: unknown;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json };
  };
  const idOf = (answer: Answer): number | undefined => (typeof answer.json?.id === 'number' ? answer.json.id : undefined);

  // Create by POST and by PUT (PUT-create with a new referenceId).
  const a = idOf(await call('POST', '/jobs', jobBody(1, { referenceId: 'session-a' })));
  await call('PUT', '/jobs', jobBody(2, { referenceId: 'session-b' }));
  await call('GET', `/jobs/${a}`);
  // Partial updates: by id, then by referenceId.
  await call('PUT', `/jobs/${a}`, { title: 'Session job 1, renamed' });
  await call('GET', `/jobs/${a}`);
  await call('PUT', '/jobs', { referenceId: 'session-b', salary: { amount: 72000.25, period: { id: 1 }, plusCommission: true } });
  // Archive by id, re-publish by referenceId.
  await call('PUT', `/jobs/${a}`, { status: 'archived' });
  await call('GET', `/jobs/${a}`);
  await call('PUT', '/jobs', { referenceId: 'session-a', status: 'active' });
  await call('GET', `/jobs/${a}`);
  // Enough jobs for three pages of five.
  const more: Array<number | undefined> = [];
  for (let n = 3; n <= 12; n++)
    more.push(
      idOf(
        await call(
          'POST',
          '/jobs',
          jobBody(n, { referenceId: `session-${n}`, title: `Session job ${n} séance`, ...(n % 3 === 0 ? { status: 'draft' } : {}) }),
        ),
      ),
    );
  if (options.scriptDescription) await call('POST', '/jobs', jobBody(99, { description: '<p>Hi</p><script>alert(1)</script>' }));
  if (options.bodyWithoutContentType) await call('PUT', `/jobs/${more[0]}`, { title: 'Sent as no type' }, { 'content-type': '' });
  // Lists: whole, paged, filtered.
  await call('GET', '/jobs');
  for (const page of [1, 2, 3]) await call('GET', `/jobs?pageSize=5&page=${page}`);
  await call('GET', '/jobs?status=active&pageSize=100');
  await call('GET', '/jobs?q=session-7');
  // Forms whose meaning a link keeps: a size over 100 (clamped or refused), an empty q, a size with a leading zero,
  // a q beyond ASCII, and an id with a leading zero.
  await call('GET', '/jobs?pageSize=500');
  await call('GET', '/jobs?q=&pageSize=5');
  await call('GET', '/jobs?pageSize=05&status=active');
  await call('GET', `/jobs?q=${encodeURIComponent('séance')}&pageSize=2`);
  await call('GET', `/jobs/0${a}`);
  // Every kind of delete, then reads and lists of what was deleted.
  await call('DELETE', `/jobs/${more[1]}`);
  await call('DELETE', '/jobs', { referenceId: 'session-5' });
  await call('POST', `/jobs/${more[3]}`, undefined, { 'x-http-method-override': 'DELETE' });
  for (const id of [more[1], more[2], more[3]]) await call('GET', `/jobs/${id}`);
  await call('GET', '/jobs?pageSize=100');
  for (const page of [1, 2]) await call('GET', `/jobs?pageSize=5&page=${page}`);
  // Another employer sees none of these.
  await call('POST', '/jobs', jobBody(100, { referenceId: 'other-employer' }), {}, KEY_2);
  await call('GET', '/jobs?pageSize=100', undefined, {}, KEY_2);
  await call('GET', '/jobs?pageSize=100');
  // A deleted job can be neither changed nor deleted again.
  await call('PUT', `/jobs/${more[2]}`, { title: 'Too late' });
  await call('DELETE', `/jobs/${more[2]}`);
}
