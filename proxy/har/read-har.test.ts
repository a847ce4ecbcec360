import { describe, expect, it } from 'vitest';
import { HarInputError } from './har-input-error.js';
import { harEntry, harOf } from './har-fixtures.test-support.js';
import { parseHar } from './read-har.js';

const failure = (text: string): HarInputError => {
  try {
    parseHar(text, 'in.har');
  } catch (error) {
    if (error instanceof HarInputError) return error;
    throw error;
  }
  throw new Error('parseHar accepted it');
};

describe('parseHar', () => {
  it('reads a HAR 1.2 document', () => {
    expect(parseHar(JSON.stringify(harOf([harEntry()])), 'in.har').log.entries).toHaveLength(1);
  });

  it('reads a HAR 1.1 document with the same fields', () => {
    expect(parseHar(JSON.stringify(harOf([harEntry()], '1.1')), 'in.har').log.version).toBe('1.1');
  });

  it('refuses a file that is not JSON', () => {
    const error = failure('<html>not a har</html>');
    expect(error.code).toBe('NOT_JSON');
    expect(error.message).toMatch(/^in\.har is not a HAR file: it is not JSON/);
  });

  it('refuses a truncated file, saying so', () => {
    const text = JSON.stringify(harOf([harEntry(), harEntry()]));
    const error = failure(text.slice(0, Math.floor(text.length / 2)));
    expect(error.code).toBe('NOT_JSON');
    expect(error.message).toMatch(/truncated/);
  });

  it('refuses JSON that is not HAR', () => {
    expect(failure(JSON.stringify({ openapi: '3.1.0' })).code).toBe('NOT_HAR');
    expect(failure('[1, 2]').code).toBe('NOT_HAR');
  });

  it('refuses another major version', () => {
    const error = failure(JSON.stringify(harOf([harEntry()], '2.0')));
    expect(error.code).toBe('UNSUPPORTED_VERSION');
    expect(error.message).toMatch(/HAR 2\.0/);
  });

  it.each([
    ['a response', (e: Record<string, unknown>) => delete e.response, '/log/entries/0', 'missing field "response"'],
    [
      'a request url',
      (e: Record<string, unknown>) => delete (e.request as Record<string, unknown>).url,
      '/log/entries/0/request',
      'missing field "url"',
    ],
    ['timings', (e: Record<string, unknown>) => delete e.timings, '/log/entries/0', 'missing field "timings"'],
  ])('refuses an entry without %s, naming where', (_, spoil, path, message) => {
    const entry = harEntry() as unknown as Record<string, unknown>;
    spoil(entry);
    const error = failure(JSON.stringify(harOf([entry as never])));
    expect(error.code).toBe('NOT_HAR');
    expect(error.message).toContain(`at ${path}, ${message}`);
  });
});
