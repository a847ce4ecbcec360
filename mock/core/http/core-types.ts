/**
 * @module The framework-free request and response of the core. Every adapter
 * (node:http, MSW handlers, express middleware) translates to and from these.
 */
import { ALLOWED_METHODS } from '../../../vocabulary/methods.js';

/** A parsed request, as every adapter hands it to the core. */
export interface CoreRequest {
  method: string;
  /** Pathname only, e.g. `/api/v1.1/jobs/12`. */
  path: string;
  query: URLSearchParams;
  /** Lower-case header names. */
  headers: Record<string, string>;
  /** The raw body bytes (a Node Buffer is one); undefined when the request had none. */
  body: Uint8Array | undefined;
  /** The server's base URL, e.g. `http://127.0.0.1:4010` (no trailing slash). */
  baseUrl: string;
}

/** A complete response; `body` is the serialized text. */
export interface CoreResponse {
  status: number;
  /** Lower-case header names. */
  headers: Record<string, string>;
  body?: string | Uint8Array;
}

export type CoreHandler = (req: CoreRequest) => CoreResponse | Promise<CoreResponse>;

/**
 * A handler given the request and its path under the API prefix, lower case,
 * without a trailing slash (api-path.ts): the prefix is matched once, by
 * dispatch.ts, and the layers below it (CORS, faults, the router) read this.
 */
export type PathHandler = (req: CoreRequest, path: string) => CoreResponse | Promise<CoreResponse>;

/** The version prefix of every API path (spec 9), from the shared vocabulary. */
export { API_PREFIX } from '../../../vocabulary/paths.js';

/** Every method the API answers on /jobs (the Allow header, and what CORS lets a browser send). */
export const JOBS_METHODS = ALLOWED_METHODS.jobs;

/**
 * Default request body limit: 64 MiB, larger bodies get 413. Spec 2.1 and 8 give a description "no technical
 * limit", so the default lies far past any job a person writes; the bodies are read as streamed chunks, joined once.
 */
export const DEFAULT_BODY_LIMIT = 64 * 1024 * 1024;
