/**
 * @module Expect rejected and nothing changed: the two halves of "this input is rejected": the answer is a 4xx
 * (spec 7.2 does not show which status or body, so any 4xx will do), and the
 * target created nothing (no job whose referenceId or title carries the
 * execution's unique marker shows up in the list).
 */
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { isClientError, responseLine } from './http.js';
import { listAllJobs } from './jobs.js';

export interface Rejection {
  /** One line: what the target accepted, e.g. `POST /jobs accepted a title of 257 characters`. */
  title: string;
  /** The spec statement, with its section. */
  expected: string;
}

/**
 * Fails unless `res` is a 4xx.
 *
 * @example
 * expectRejected(ctx, res, { title: 'POST /jobs accepted 4 locations', expected: 'spec 8: 1 to 3 locations' });
 */
export function expectRejected(ctx: RuleContext, res: ApiResponse, rejection: Rejection): void {
  ctx.expect(isClientError(res.status), {
    title: rejection.title,
    expected: `${rejection.expected}: the request is rejected with a 4xx`,
    received: responseLine(res),
    failingExchange: res.exchange,
  });
}

/**
 * Fails if a job carrying `marker` (a fresh referenceId that also starts the
 * title) exists after a rejected create.
 *
 * @example
 * await expectNothingCreated(ctx, ref, rejection); // fails if GET /jobs?q=ref lists a job carrying ref
 */
export async function expectNothingCreated(ctx: RuleContext, marker: string, rejection: Rejection): Promise<void> {
  const items = await listAllJobs(ctx, { q: marker });
  const found = items.filter((item) => (item.referenceId ?? '').startsWith(marker) || item.title.includes(marker));
  ctx.expect(found.length === 0, {
    title: `${rejection.title}: the request was refused but a job was created`,
    expected: `${rejection.expected}: a rejected request creates nothing`,
    received: `GET /jobs?q=${marker} lists ${found.map((j) => `job ${j.id} (referenceId ${JSON.stringify(j.referenceId)})`).join(', ')}`,
  });
}

/**
 * Both: a 4xx, then nothing created.
 *
 * @example
 * await expectRejectedCreate(ctx, await ctx.api.create(body), ref, rejection);
 */
export async function expectRejectedCreate(ctx: RuleContext, res: ApiResponse, marker: string, rejection: Rejection): Promise<void> {
  expectRejected(ctx, res, rejection);
  await expectNothingCreated(ctx, marker, rejection);
}

/**
 * POSTs `body` (whose referenceId and title carry `marker`): expect rejected and nothing created.
 *
 * @example
 * await createRejected(ctx, { ...body, title: tooLong }, body.referenceId, { title: 'POST /jobs accepted a title of 257 characters', expected: statement });
 */
export async function createRejected(ctx: RuleContext, body: Body, marker: string, rejection: Rejection): Promise<void> {
  await expectRejectedCreate(ctx, await ctx.api.create(body), marker, rejection);
}
