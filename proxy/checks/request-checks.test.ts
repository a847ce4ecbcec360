import { describe, expect, it } from 'vitest';
import { exampleJobCreate } from '../../schemas/spec-examples.js';
import { findingsOf, testChecks, verdictsOf, type CheckRow, type Step } from './check-cases.test-support.js';
import { REQUEST_CHECKS } from './request-checks.js';

/** The client rules every client check finds in one request. */
const clientRules = (step: Step): string[] => REQUEST_CHECKS.flatMap((check) => findingsOf(verdictsOf(check, [step])));

const put = (body: unknown, contentType?: string | null): Step => ({
  method: 'PUT',
  path: '/jobs/1',
  body,
  ...(contentType === undefined ? {} : { contentType }),
});
const create = (body: unknown): Step => ({ method: 'POST', path: '/jobs', body });
const LIST: Step = { method: 'GET', path: '/jobs' };

const ROWS: Readonly<Record<string, CheckRow>> = {
  'client-method': {
    passes: [LIST],
    broken: [{ steps: [{ method: 'PATCH', path: '/jobs/1' }], finding: 'proxy.client.method' }],
  },
  'client-api-key': {
    passes: [LIST],
    broken: [{ steps: [{ ...LIST, key: null }], finding: 'proxy.client.api-key' }],
  },
  'client-content-type': {
    passes: [put({ title: 'a' })],
    broken: [
      { steps: [put({ title: 'a' }, null)], finding: 'proxy.client.content-type' },
      { steps: [put({ title: 'a' }, 'text/json')], finding: 'proxy.client.content-type' },
    ],
  },
  'client-body': {
    passes: [create(exampleJobCreate)],
    broken: [
      { steps: [create({ applicantRoutingType: { id: 2 } })], finding: 'proxy.client.create-body' },
      { steps: [put({ salary: { amount: 5 } })], finding: 'proxy.client.update-body' },
      { steps: [{ method: 'DELETE', path: '/jobs' }], finding: 'proxy.client.delete-body' },
      { steps: [put('{')], finding: 'proxy.client.json' },
      { steps: [put({ description: '<p onclick="x">a</p>' })], finding: 'proxy.client.html' },
      { steps: [put({ title: 'x'.repeat(257) })], finding: 'proxy.client.limits' },
    ],
  },
};

describe('the client checks', () => {
  testChecks(REQUEST_CHECKS, ROWS);

  it('passes what the spec leaves open: a create body without the fields whose requiredness is not shown, an empty title, a comment', () => {
    expect(clientRules(create({ title: '', description: '<p>a<!-- note --></p>' }))).toEqual([]);
    expect(clientRules({ method: 'PUT', path: '/jobs', body: { referenceId: 'r-1', status: 'archived' } })).toEqual([]);
    expect(clientRules({ method: 'GET', path: '/positiontypes', key: null })).toEqual([]);
  });

  it('finds what the spec states: key, Content-Type, JSON, HTML, limits, stated conditionals, the referenceId of PUT /jobs', () => {
    expect(clientRules({ ...LIST, key: null })).toEqual(['proxy.client.api-key']);
    expect(clientRules(put({ title: 'a' }, null))).toEqual(['proxy.client.content-type']);
    expect(clientRules(put('{', 'text/plain'))).toEqual(['proxy.client.content-type', 'proxy.client.json']);
    expect(clientRules(put({ description: '<p onclick="x">a</p><script></script>' }))).toEqual(['proxy.client.html']);
    expect(clientRules(put({ title: 'x'.repeat(257), locations: [] }))).toEqual(['proxy.client.limits']);
    expect(clientRules(put({ salary: { amount: 5 } }))).toEqual(['proxy.client.update-body']);
    expect(clientRules(create({ applicantRoutingType: { id: 2 } }))).toEqual(['proxy.client.create-body']);
    expect(clientRules({ method: 'PUT', path: '/jobs', body: { status: 'active' } })).toEqual(['proxy.client.update-body']);
    expect(clientRules({ method: 'DELETE', path: '/jobs' })).toEqual(['proxy.client.delete-body']);
    expect(clientRules({ method: 'PATCH', path: '/jobs/1' })).toEqual(['proxy.client.method']);
  });
});
