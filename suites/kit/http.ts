/**
 * @module Small assertions on responses shared by the rules: status codes,
 * one-line descriptions of an exchange for mismatch texts.
 */
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, RuleContext } from '../contract/rule.js';

/** `POST /api/v1.1/jobs` of a response's request. */
export function requestLine(res: ApiResponse): string {
  const { method, url } = res.exchange.request;
  const parsed = new URL(url);
  return `${method} ${parsed.pathname}${parsed.search}`;
}

/** `400 {"code":"validation_failed",...}` (body cut short). */
export function responseLine(res: ApiResponse, max = 300): string {
  const body = res.text.length > max ? `${res.text.slice(0, max)}…` : res.text;
  return body ? `${res.status} ${body}` : `${res.status} (empty body)`;
}

export const isSuccess = (status: number): boolean => status >= 200 && status <= 299;
export const isClientError = (status: number): boolean => status >= 400 && status <= 499;

/**
 * Fails the rule unless the response status is accepted.
 *
 * @example
 * expectStatus(ctx, res, 201, 'POST /jobs creates a job: 201 (spec 4.2)');
 */
export function expectStatus(
  ctx: RuleContext,
  res: ApiResponse,
  accepted: number | readonly number[] | ((status: number) => boolean),
  expected: string,
): void {
  const ok =
    typeof accepted === 'function'
      ? accepted(res.status)
      : typeof accepted === 'number'
        ? res.status === accepted
        : accepted.includes(res.status);
  ctx.expect(ok, {
    title: `${requestLine(res)} answered ${res.status}`,
    expected,
    received: responseLine(res),
    failingExchange: res.exchange,
  });
}

/** The job of a success response (already schema-validated by the API layer). */
export function jobOf(res: ApiResponse<Job>): Job {
  return res.json as Job;
}
