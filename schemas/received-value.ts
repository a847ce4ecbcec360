/**
 * @module What a schema issue received: the value at the issue's JSON Pointer,
 * told in a few words (`got null`, `got "abc"`, `got a string of 300
 * characters`). A string is shown whole or not at all, never cut: a cut secret
 * would escape the reports' redaction, which matches whole values.
 */

/** Strings up to this length are shown whole; longer ones by their length. */
const MAX_SHOWN_STRING = 40;

/** The value at `pointer` (RFC 6901) in `data`, or undefined when there is none. */
export function valueAtPointer(data: unknown, pointer: string): unknown {
  if (pointer === '') return data;
  let node: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/**
 * A short, redaction-safe account of a received value.
 *
 * @example
 * describeReceived(null); // 'null'
 * describeReceived([1, 2]); // 'an array of 2 items'
 */
export function describeReceived(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null || typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') return value.length <= MAX_SHOWN_STRING ? JSON.stringify(value) : `a string of ${value.length} characters`;
  if (Array.isArray(value))
    return value.length === 0 ? 'an empty array' : `an array of ${value.length} ${value.length === 1 ? 'item' : 'items'}`;
  const keys = Object.keys(value).length;
  return keys === 0 ? 'an empty object' : `an object with ${keys} ${keys === 1 ? 'key' : 'keys'}`;
}
