import { describe, expect, it } from 'vitest';
import { REDACTED } from '../vocabulary/index.js';
import { Redactor } from './redactor.js';

describe('Redactor', () => {
  it('masks every occurrence of every secret', () => {
    const r = new Redactor(['s3cret', 'other-key']);
    expect(r.redact('a s3cret b s3cret c other-key')).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED}`);
  });

  it('masks a key that contains another key as a whole', () => {
    const r = new Redactor(['key', 'key-long']);
    expect(r.redact('key-long')).toBe(REDACTED);
  });

  it('ignores empty and missing secrets, and leaves other text alone', () => {
    const r = new Redactor(['', undefined]);
    expect(r.redact('nothing to hide')).toBe('nothing to hide');
  });

  it('redacts header values, keeping invented (non-secret) keys readable', () => {
    const r = new Redactor(['demo-key-1']);
    expect(r.redactHeaders({ 'api-key': 'demo-key-1', 'x-echo': 'key=demo-key-1' })).toEqual({
      'api-key': REDACTED,
      'x-echo': `key=${REDACTED}`,
    });
    expect(r.redactHeaders({ 'api-key': 'jc123456-not-a-key' })).toEqual({ 'api-key': 'jc123456-not-a-key' });
  });
});

describe('a frozen Redactor', () => {
  it('refuses a secret added after freeze, and still masks those it has', () => {
    const redactor = new Redactor(['s3cret-key']).freeze();
    expect(() => redactor.add('another')).toThrow(/frozen/);
    expect(() => redactor.addHeader('x-token', 'another')).toThrow(/frozen/);
    expect(redactor.redact('s3cret-key another')).toBe(`${REDACTED} another`);
  });

  it('scrubs a file of the secrets long enough not to be ordinary words only', () => {
    expect(new Redactor(['k', 's3cret']).scrubFile('key k: s3cret')).toBe(`key k: ${REDACTED}`);
  });
});
