/**
 * @module Injected faults, so integrators can test their retry logic: a delay,
 * a status code (with the mock's error body, or a body of your own), or both,
 * for the next N matching API requests.
 */
import { ApiError } from './api-error.js';
import type { CoreRequest, CoreResponse, PathHandler } from './core-types.js';
import { JSON_TYPE } from './json-response.js';

export interface FaultSpec {
  /** Respond with this status (400-599) instead of running the request. */
  status?: number;
  /** Wait this long (ms) before responding. */
  latencyMs?: number;
  /** How many matching requests it applies to; default 1. 'unlimited' lasts until cleared. */
  count?: number | 'unlimited';
  /** Only requests with this method (default: any). */
  method?: string;
  /** Only paths (under /api/v1.1) starting with this, in any case, e.g. `/jobs` (default: any). */
  path?: string;
  /** Extra response headers with the status, e.g. `{"retry-after": "1"}`. */
  headers?: Record<string, string>;
  /**
   * The response body instead of the mock's error body (needs `status`): a
   * string is sent as is, anything else as JSON.
   */
  body?: unknown;
  /** The body's Content-Type; default application/json for a JSON body, text/plain; charset=utf-8 for a string. */
  contentType?: string;
}

interface ActiveFault extends FaultSpec {
  remaining: number;
}

/** Checks a fault given over the control API or programmatically; throws a 400 ApiError. */
export function checkFaultSpec(spec: unknown): FaultSpec {
  const problems: string[] = [];
  if (typeof spec !== 'object' || spec === null || Array.isArray(spec))
    throw new ApiError(400, 'validation_failed', 'A fault is a JSON object');
  const f = spec as Record<string, unknown>;
  if (f.status !== undefined && !(Number.isInteger(f.status) && (f.status as number) >= 400 && (f.status as number) <= 599))
    problems.push('status must be an integer 400-599');
  if (f.latencyMs !== undefined && !(typeof f.latencyMs === 'number' && f.latencyMs >= 0 && f.latencyMs <= 60_000))
    problems.push('latencyMs must be 0-60000');
  if (f.count !== undefined && f.count !== 'unlimited' && !(Number.isInteger(f.count) && (f.count as number) >= 1))
    problems.push("count must be a positive integer or 'unlimited'");
  if (f.method !== undefined && typeof f.method !== 'string') problems.push('method must be a string');
  if (f.path !== undefined && typeof f.path !== 'string') problems.push('path must be a string');
  if (
    f.headers !== undefined &&
    (typeof f.headers !== 'object' || f.headers === null || Object.values(f.headers).some((v) => typeof v !== 'string'))
  )
    problems.push('headers must map names to strings');
  if (f.contentType !== undefined && (typeof f.contentType !== 'string' || f.contentType === ''))
    problems.push('contentType must be a non-empty string');
  if ((f.body !== undefined || f.contentType !== undefined) && f.status === undefined) problems.push('body and contentType need a status');
  if (f.status === undefined && f.latencyMs === undefined) problems.push('give status, latencyMs or both');
  if (problems.length > 0) throw new ApiError(400, 'validation_failed', `Invalid fault: ${problems.join('; ')}`);
  return f;
}

/** A fault's own body; `contentType` wins over a content-type in `headers`. */
function bodyResponse(fault: ActiveFault): CoreResponse {
  const text = typeof fault.body === 'string';
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(fault.headers ?? {})) headers[name.toLowerCase()] = value;
  headers['content-type'] = fault.contentType ?? headers['content-type'] ?? (text ? 'text/plain; charset=utf-8' : JSON_TYPE);
  return { status: fault.status!, headers, body: text ? (fault.body as string) : JSON.stringify(fault.body) };
}

/**
 * @example
 * const faults = new FaultInjector();
 * faults.inject({ status: 503, count: 2, headers: { 'retry-after': '1' } });
 * const handler = faults.wrap(api); // (req, path) => response
 */
export class FaultInjector {
  private faults: ActiveFault[] = [];

  inject(spec: FaultSpec): void {
    const checked = checkFaultSpec(spec);
    const remaining = checked.count === 'unlimited' ? Infinity : (checked.count ?? 1);
    this.faults.push({ ...checked, headers: checked.headers ? { ...checked.headers } : undefined, remaining });
  }

  clear(): void {
    this.faults = [];
  }

  list(): FaultSpec[] {
    return this.faults.map(({ remaining, ...spec }) => ({ ...spec, count: remaining === Infinity ? 'unlimited' : remaining }));
  }

  /** Takes the first fault that matches, counting it down. */
  private take(method: string, apiPath: string): ActiveFault | undefined {
    const at = this.faults.findIndex(
      (f) =>
        (f.method === undefined || f.method.toUpperCase() === method.toUpperCase()) &&
        (f.path === undefined || apiPath.startsWith(f.path.toLowerCase())),
    );
    if (at < 0) return undefined;
    const fault = this.faults[at]!;
    if (--fault.remaining <= 0) this.faults.splice(at, 1);
    return fault;
  }

  /** Wraps a handler that takes the request and its path under the API prefix (apiPath), which faults match against. */
  wrap(next: PathHandler): PathHandler {
    return (req, path) => {
      // Without faults (the usual case) the request goes straight through, synchronously if `next` is.
      const fault = this.faults.length === 0 ? undefined : this.take(req.method, path);
      return fault ? this.apply(fault, next, req, path) : next(req, path);
    };
  }

  private async apply(fault: ActiveFault, next: PathHandler, req: CoreRequest, path: string): Promise<CoreResponse> {
    if (fault.latencyMs) await new Promise((resolve) => setTimeout(resolve, fault.latencyMs));
    if (fault.status === undefined) return next(req, path);
    if (fault.body !== undefined) return bodyResponse(fault);
    return new ApiError(fault.status, 'injected_fault', `Fault injected by the mock's control API (status ${fault.status})`, [], {
      headers: fault.headers ?? {},
    }).toResponse();
  }
}
