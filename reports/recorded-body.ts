/**
 * @module How a body is kept in a report's exchange (schemas/report.schema.json):
 * cut at a fixed length, with `bodyTruncated` saying so. The suite's client and
 * the proxy record bodies the same way.
 */

/** Bodies longer than this are cut in recorded exchanges. */
export const MAX_RECORDED_BODY = 8 * 1024;

/**
 * A body as an exchange records it: cut at MAX_RECORDED_BODY.
 *
 * @example
 * recordedBody(undefined); // { body: null }
 */
export function recordedBody(text: string | undefined): { body: string | null; bodyTruncated?: true } {
  if (text === undefined) return { body: null };
  if (text.length <= MAX_RECORDED_BODY) return { body: text };
  return { body: text.slice(0, MAX_RECORDED_BODY), bodyTruncated: true };
}
