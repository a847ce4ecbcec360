/**
 * Raw HTTP for the proxy's tests: what arrived on the wire (status, reason,
 * the raw header list, the body bytes), so a test can compare the target's
 * bytes with the proxy's.
 */
import { Agent, request } from 'node:http';

export interface RawResponse {
  status: number;
  statusMessage: string;
  rawHeaders: string[];
  body: Buffer;
}

export interface RawRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  agent?: Agent;
}

/** One request; `url` is absolute. */
export function rawRequest(url: string, options: RawRequest = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    // node:http sends a DELETE body without framing unless told its length.
    const length = options.body === undefined ? {} : { 'content-length': String(Buffer.byteLength(options.body)) };
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: { ...length, ...options.headers }, ...(options.agent ? { agent: options.agent } : {}) },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            statusMessage: res.statusMessage ?? '',
            rawHeaders: res.rawHeaders,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** The raw header list without the values of `names` (e.g. Date, which moves between two requests). */
export function headersWithout(raw: readonly string[], names: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < raw.length; i += 2) out.push(raw[i]!, names.includes(raw[i]!.toLowerCase()) ? '*' : raw[i + 1]!);
  return out;
}
