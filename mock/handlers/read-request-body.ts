/**
 * @module Reads a Fetch Request's body with a size limit. MSW (and the
 * express middleware built on it) would otherwise buffer any size: past the
 * limit the rest is drained unread and the caller answers 413.
 */
import { ApiError } from '../core/http/api-error.js';

/** The body bytes, undefined when empty; rejects with a 413 ApiError past `limit`. */
export async function readRequestBody(request: Request, limit: number): Promise<Uint8Array | undefined> {
  if (request.body === null) return undefined;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Cancelling the stream would destroy the socket before the 413 is written: drain instead.
  let over = Number(request.headers.get('content-length')) > limit;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) over = true;
    // keep reading after the limit without keeping the bytes, so the connection can answer
    if (!over) chunks.push(value);
  }
  if (over) throw tooLarge(limit);
  return size === 0 ? undefined : concat(chunks, size);
}

/** The chunks joined into one array (Buffer.concat without Node). */
function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1 && chunks[0] !== undefined) return chunks[0];
  const joined = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    joined.set(chunk, at);
    at += chunk.byteLength;
  }
  return joined;
}

function tooLarge(limit: number): ApiError {
  return new ApiError(413, 'payload_too_large', `The request body is larger than ${limit} bytes`);
}
