/**
 * Regression (issue 12 item 4): `HTTPS://example.com/x` was refused. URL
 * schemes are case-insensitive (RFC 3986 3.1) and the spec asks for
 * "http:// or https://" (4.2); a job that carries such an address is also a
 * valid response (the suite validates responses with the same schemas).
 */
import { describe, expect, it } from 'vitest';
import type { MockServer } from '../../mock/index.js';
import { validators } from '../../schemas/index.js';
import { type MockClient, useMock, validJob } from '../mock/helpers.js';

let mock: MockServer;
let api: MockClient;
useMock((started) => ({ mock, api } = started));

const urlJob = (applicationUrl: string) => validJob({ applicantRoutingType: { id: 2 }, applicationEmail: undefined, applicationUrl });

describe('the applicationUrl scheme is case-insensitive (spec 4.2, RFC 3986)', () => {
  it.each(['HTTPS://example.com/x', 'Http://example.com/x', 'hTtPs://example.com/'])('%s is accepted and the job is a valid response', async (url) => {
    const res = await api.post('/jobs', urlJob(url));
    expect(res.status, res.text).toBe(201);
    expect(res.json.applicationUrl).toBe(url);
    expect(validators.job(res.json).ok).toBe(true);
  });

  it.each(['ftp://example.com/x', 'HTTPS:/example.com', 'example.com/x'])('%s is still rejected', async (url) => {
    const res = await api.post('/jobs', urlJob(url));
    expect(res.status, res.text).toBe(400);
  });
});
