import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error.js';
import { MAX_JSON_DEPTH, readJsonBody } from './read-json-body.js';

const JSON_HEADERS = { 'content-type': 'application/json' };
const read = (text: string) => readJsonBody(JSON_HEADERS, Buffer.from(text));
const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('readJsonBody nesting limit', () => {
  it(`accepts ${MAX_JSON_DEPTH} levels and rejects ${MAX_JSON_DEPTH + 1}, whatever the bracket count`, () => {
    expect(read(nested(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    expect(() => read(nested(MAX_JSON_DEPTH + 1))).toThrow(ApiError);
    // Many brackets in all, few levels: shallow objects side by side, brackets inside strings.
    const wide = JSON.stringify({ items: Array.from({ length: 200 }, () => ({ a: [] })), text: '[[[[{{{{'.repeat(50) });
    expect(read(wide)).toMatchObject({ text: '[[[[{{{{'.repeat(50) });
    expect(() => read(`{"a":${nested(MAX_JSON_DEPTH)}}`)).toThrow(/nests deeper than 64 levels/);
    expect(read(`{"a":${nested(MAX_JSON_DEPTH - 1)}}`)).toHaveProperty('a');
  });

  it('escaped quotes inside strings do not end them', () => {
    expect(read(JSON.stringify({ s: `\\"${'['.repeat(100)}` }))).toHaveProperty('s');
  });
});
