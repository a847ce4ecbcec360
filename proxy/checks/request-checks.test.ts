import { describe, expect, it } from 'vitest';
import { Redactor } from '../../reports/redactor.js';
import { observe } from './observed-exchange.js';
import { REQUEST_CHECKS } from './request-checks.js';
import { EMPTY_VIEW } from './state-model.js';

function clientRules(method: string, url: string, headers: string[], body?: unknown): string[] {
  const captured = {
    startSeq: 1,
    endSeq: 2,
    startedAt: 0,
    durationMs: 0,
    method,
    url,
    requestHeaders: headers,
    ...(body === undefined ? {} : { requestBody: Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)) }),
  };
  const x = observe(captured, new URL('http://t'), new Redactor());
  return REQUEST_CHECKS.flatMap((check) => check.run(EMPTY_VIEW, x)).flatMap((v) => (v.ok ? [] : [v.ruleId]));
}

const KEY = ['API-Key', 'k-1'];
const JSON_TYPE = ['Content-Type', 'application/json; charset=utf-8'];

describe('the client checks', () => {
  it('passes what the spec leaves open: a create body without the fields whose requiredness is not shown, an empty title, a comment', () => {
    expect(clientRules('POST', '/api/v1.1/jobs', [...KEY, ...JSON_TYPE], { title: '', description: '<p>a<!-- note --></p>' })).toEqual([]);
    expect(clientRules('PUT', '/api/v1.1/jobs', [...KEY, ...JSON_TYPE], { referenceId: 'r-1', status: 'archived' })).toEqual([]);
    expect(clientRules('GET', '/api/v1.1/positiontypes', [])).toEqual([]);
  });

  it('finds what the spec states: key, Content-Type, JSON, HTML, limits, stated conditionals, the referenceId of PUT /jobs', () => {
    expect(clientRules('GET', '/api/v1.1/jobs', [])).toEqual(['proxy.client.api-key']);
    expect(clientRules('PUT', '/api/v1.1/jobs/1', KEY, { title: 'a' })).toEqual(['proxy.client.content-type']);
    expect(clientRules('PUT', '/api/v1.1/jobs/1', [...KEY, 'Content-Type', 'text/plain'], '{')).toEqual([
      'proxy.client.content-type',
      'proxy.client.json',
    ]);
    expect(
      clientRules('PUT', '/api/v1.1/jobs/1', [...KEY, ...JSON_TYPE], { description: '<p onclick="x">a</p><script></script>' }),
    ).toEqual(['proxy.client.html']);
    expect(clientRules('PUT', '/api/v1.1/jobs/1', [...KEY, ...JSON_TYPE], { title: 'x'.repeat(257), locations: [] })).toEqual([
      'proxy.client.limits',
    ]);
    expect(clientRules('PUT', '/api/v1.1/jobs/1', [...KEY, ...JSON_TYPE], { salary: { amount: 5 } })).toEqual(['proxy.client.update-body']);
    expect(clientRules('POST', '/api/v1.1/jobs', [...KEY, ...JSON_TYPE], { applicantRoutingType: { id: 2 } })).toEqual([
      'proxy.client.create-body',
    ]);
    expect(clientRules('PUT', '/api/v1.1/jobs', [...KEY, ...JSON_TYPE], { status: 'active' })).toEqual(['proxy.client.update-body']);
    expect(clientRules('DELETE', '/api/v1.1/jobs', KEY)).toEqual(['proxy.client.delete-body']);
    expect(clientRules('PATCH', '/api/v1.1/jobs/1', KEY)).toEqual(['proxy.client.method']);
  });
});
