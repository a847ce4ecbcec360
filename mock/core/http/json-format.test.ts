import { describe, expect, it } from 'vitest';
import { formatJson } from './json-format.js';

describe('formatJson', () => {
  const text =
    '{"id":7,"title":"a \\"q\\" \\u00e9","salary":{"amount":50000.0000,"maxAmount":null},"locations":[{"name":"x"},{}],"empty":[]}';

  it('keeps the value, number literals and string escapes as written', () => {
    for (const format of ['compact', 'pretty-sorted', 'pretty-reversed'] as const) {
      const out = formatJson(text, format);
      expect(JSON.parse(out)).toEqual(JSON.parse(text));
      expect(out).toMatch(/"amount":\s*50000\.0000/);
      expect(out).toContain('"a \\"q\\" \\u00e9"');
    }
    expect(formatJson(text, 'compact')).toBe(text);
  });

  it('pretty-prints with the keys sorted or reversed, at every depth', () => {
    expect(Object.keys(JSON.parse(formatJson(text, 'pretty-sorted')))).toEqual(['empty', 'id', 'locations', 'salary', 'title']);
    expect(Object.keys(JSON.parse(formatJson(text, 'pretty-reversed')))).toEqual(['empty', 'locations', 'salary', 'title', 'id']);
    expect(formatJson('{"b":{"d":1,"c":2},"a":[]}', 'pretty-sorted')).toBe('{\n  "a": [],\n  "b": {\n    "c": 2,\n    "d": 1\n  }\n}');
    expect(formatJson('[1,[2]]', 'pretty-reversed')).toBe('[\n  1,\n  [\n    2\n  ]\n]');
  });
});
