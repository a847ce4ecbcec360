import { describe, expect, it } from 'vitest';
import { PLANTED_KEY, sampleReport, withKeyInOptions } from './sample-report.test-support.js';
import { REDACTED, redactReport } from './redactor.js';
import { SECRET_HEADERS } from '../vocabulary/index.js';

describe('redactReport', () => {
  it('masks sensitive headers and options and scrubs their values from every string', () => {
    const input = withKeyInOptions(sampleReport());
    const output = redactReport(input);
    const text = JSON.stringify(output);
    expect(text).not.toContain(PLANTED_KEY);
    const html = output.rules.find((rule) => rule.id === 'html.description.allow-list');
    expect(html?.mismatches[0]?.exchanges[0]?.request.headers['API-Key']).toBe(REDACTED);
    expect((output.options as Record<string, unknown>).apiKey).toBe(REDACTED);
    // The planted key also sat in a curl command of another rule.
    const roundtrip = output.rules.find((rule) => rule.id === 'jobs.roundtrip.get-equals-post');
    expect(roundtrip?.mismatches[0]?.curl).toContain(`API-Key: ${REDACTED}`);
    // The input is untouched.
    expect(JSON.stringify(input)).toContain(PLANTED_KEY);
  });

  it('keeps placeholders and unrelated values, and non-string options', () => {
    const output = redactReport(sampleReport());
    const create = output.rules.find((rule) => rule.id === 'jobs.create.location-header');
    expect(create?.mismatches[0]?.curl).toContain('$JOBS_API_KEY');
    expect(output.options?.secondApiKey).toBe(false);
    expect(output.options?.referencePrefix).toBe('jc7f3a9-');
    expect(output.target.baseUrl).toBe('http://127.0.0.1:4010/api/v1.1');
  });

  it('scrubs secrets passed by the caller, and Bearer credentials', () => {
    const report = sampleReport();
    report.target.baseUrl = 'http://127.0.0.1:4010/api/v1.1?key=caller-secret-99';
    const first = report.rules[0]?.mismatches[0]?.exchanges[0];
    if (!first) throw new Error('fixture changed');
    first.request.headers.authorization = 'Bearer tok-abcdef123';
    first.request.body = '{"note":"tok-abcdef123 via Bearer auth"}';
    const output = redactReport(report, ['caller-secret-99']);
    const text = JSON.stringify(output);
    expect(text.includes('caller-secret-99')).toBe(false);
    expect(text.includes('tok-abcdef123')).toBe(false);
    // The scheme word is not a secret: it survives elsewhere.
    expect(output.rules[0]?.mismatches[0]?.exchanges[0]?.request.body).toBe('{"note":"[redacted] via Bearer auth"}');
  });

  it('masks every header of the shared secret list, in any case', () => {
    const report = sampleReport();
    const first = report.rules[0]?.mismatches[0]?.exchanges[0];
    if (!first) throw new Error('fixture changed');
    for (const name of SECRET_HEADERS) first.request.headers[name.toUpperCase()] = `value-of-${name}`;
    const headers = redactReport(report).rules[0]?.mismatches[0]?.exchanges[0]?.request.headers ?? {};
    for (const name of SECRET_HEADERS) expect(headers[name.toUpperCase()], name).toBe(REDACTED);
  });

  it('is idempotent', () => {
    const once = redactReport(sampleReport());
    expect(redactReport(once)).toEqual(once);
  });
});
