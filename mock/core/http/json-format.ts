/**
 * @module JSON response bodies in another conformant spelling (json.format):
 * pretty-printed, with the keys of every object sorted or reversed. Spec 4
 * says "Bodies are JSON": white space and key order carry no meaning in JSON
 * (RFC 8259 4: an object is an unordered collection). The text is re-spelled
 * token by token, never parsed into numbers, so `"amount":50000.0000` keeps
 * its four decimal places (spec 2.5) and strings keep their escapes.
 */

import type { CoreResponse } from './core-types.js';

export type JsonFormat = 'compact' | 'pretty-sorted' | 'pretty-reversed';

type Node =
  | { kind: 'object'; entries: Array<[key: string, raw: string, value: Node]> }
  | { kind: 'array'; items: Node[] }
  | { kind: 'raw'; text: string };

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  skipSpace(): void {
    while (/\s/.test(this.text[this.at] ?? '')) this.at++;
  }

  value(): Node {
    this.skipSpace();
    const c = this.text[this.at];
    if (c === '{') return this.object();
    if (c === '[') return this.array();
    if (c === '"') return { kind: 'raw', text: this.string() };
    const start = this.at;
    while (this.at < this.text.length && !/[\s,\]}]/.test(this.text[this.at]!)) this.at++;
    if (start === this.at) throw new SyntaxError(`JSON value expected at ${start}`);
    return { kind: 'raw', text: this.text.slice(start, this.at) };
  }

  string(): string {
    const start = this.at++;
    while (this.text[this.at] !== '"') {
      if (this.at >= this.text.length) throw new SyntaxError('unterminated JSON string');
      this.at += this.text[this.at] === '\\' ? 2 : 1;
    }
    this.at++;
    return this.text.slice(start, this.at);
  }

  expect(char: string): void {
    this.skipSpace();
    if (this.text[this.at] !== char) throw new SyntaxError(`${char} expected at ${this.at}`);
    this.at++;
  }

  /** True (and consumed) when the next token is `close`; else consumes a `,` unless `first`. */
  endOf(close: string, first: boolean): boolean {
    this.skipSpace();
    if (this.text[this.at] === close) {
      this.at++;
      return true;
    }
    if (!first) this.expect(',');
    return false;
  }

  object(): Node {
    this.at++;
    const entries: Array<[string, string, Node]> = [];
    for (let first = true; !this.endOf('}', first); first = false) {
      this.skipSpace();
      const raw = this.string();
      this.expect(':');
      entries.push([JSON.parse(raw) as string, raw, this.value()]);
    }
    return { kind: 'object', entries };
  }

  array(): Node {
    this.at++;
    const items: Node[] = [];
    for (let first = true; !this.endOf(']', first); first = false) items.push(this.value());
    return { kind: 'array', items };
  }
}

function print(node: Node, order: (entries: Array<[string, string, Node]>) => Array<[string, string, Node]>, indent: string): string {
  if (node.kind === 'raw') return node.text;
  const inner = `${indent}  `;
  if (node.kind === 'array') {
    if (node.items.length === 0) return '[]';
    return `[\n${node.items.map((item) => inner + print(item, order, inner)).join(',\n')}\n${indent}]`;
  }
  if (node.entries.length === 0) return '{}';
  return `{\n${order(node.entries)
    .map(([, raw, value]) => `${inner}${raw}: ${print(value, order, inner)}`)
    .join(',\n')}\n${indent}}`;
}

const ORDERS: Record<Exclude<JsonFormat, 'compact'>, (entries: Array<[string, string, Node]>) => Array<[string, string, Node]>> = {
  'pretty-sorted': (entries) => [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  'pretty-reversed': (entries) => [...entries].reverse(),
};

/** A format that re-spells the text. */
export const isPretty = (format: string | undefined): format is Exclude<JsonFormat, 'compact'> =>
  format === 'pretty-sorted' || format === 'pretty-reversed';

/**
 * The JSON `text` in `format`; `compact` leaves it as it is.
 *
 * @example
 * formatJson('{"b":1.50,"a":[]}', 'pretty-sorted'); // '{\n  "a": [],\n  "b": 1.50\n}'
 */
export function formatJson(text: string, format: JsonFormat): string {
  if (!isPretty(format)) return text;
  const reader = new Reader(text);
  const tree = reader.value();
  return print(tree, ORDERS[format], '');
}

/**
 * `res` with its JSON body in `format` (json.format); a compact format, a body that is not text or a response that
 * is not JSON passes as it is.
 *
 * @example
 * formatJsonResponse({ status: 200, headers: { 'content-type': 'application/json' }, body: '{"b":1,"a":2}' }, 'pretty-sorted').body;
 * // '{\n  "a": 2,\n  "b": 1\n}'
 */
export function formatJsonResponse(res: CoreResponse, format: string | undefined): CoreResponse {
  if (!isPretty(format) || typeof res.body !== 'string' || !/json/i.test(res.headers['content-type'] ?? '')) return res;
  return { ...res, body: formatJson(res.body, format) };
}
