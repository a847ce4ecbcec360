/**
 * @module Shows a recorded body: pretty-printed when it is JSON, as is otherwise.
 */

/**
 * @example
 * formatBody('{"a":1}') // => '{\n  "a": 1\n}'
 */
export function formatBody(body: string | null | undefined, truncated = false): string {
  if (body === null || body === undefined || body === '') return '(empty)';
  let text = body;
  if (!truncated && /^\s*[[{]/.test(body)) {
    try {
      text = JSON.stringify(JSON.parse(body), null, 2);
    } catch {
      // not JSON after all: show the bytes as received
    }
  }
  return truncated ? `${text}\n… (truncated)` : text;
}
