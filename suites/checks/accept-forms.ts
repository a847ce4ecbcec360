/**
 * @module The Accept header a client sends (spec 4: "Bodies are JSON"; 7: the success codes). The spec names no Accept,
 * so every request that admits a JSON answer is a valid request, and gets the operation's own answer: a library's
 * default (axios lists JSON among other types), a browser's, curl's wildcard, JSON with a charset, and the wildcard of
 * its type. Each goes out on every operation of a job in turn (POST, GET, the list, PUT by id and by referenceId,
 * DELETE), so a server that compares Accept with `application/json` literally on one of them shows there. The other
 * rules send `Accept: application/json` alone: this rule owns every other form.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { assertJobBody, assertJobListBody } from '../http/api.js';
import { expectStatus, jobOf } from '../kit/http.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

/** The Accept header a browser's address bar sends (Chromium's and Firefox's navigation default): JSON only through its wildcard. */
export const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';

/** Accept values clients send that each admit application/json (RFC 9110 12.5.1). */
export const JSON_ADMITTING_ACCEPTS: readonly string[] = [
  '*/*',
  'application/json; charset=utf-8',
  'application/json, text/plain, */*',
  BROWSER_ACCEPT,
  'application/*',
];

/**
 * Fails unless `res` answered `status`, and its body is what the operation answers (`validate`: the schema's Job or job
 * list, through the client's own validators), or none for a 204.
 */
function expectServed(
  ctx: RuleContext,
  res: ApiResponse,
  status: number,
  how: string,
  accept: string,
  validate?: (res: ApiResponse) => void,
) {
  expectStatus(
    ctx,
    res,
    status,
    `${how} with Accept: ${accept}, which admits application/json, answers ${status} (spec 7 success codes; 4: bodies are JSON)`,
  );
  validate?.(res);
}

export const acceptForms: Implementation = propertyRule<{ generated: Body; accept: string }>(
  {
    id: 'jobs.protocol.accept-forms',
    section: '7',
    level: 'must',
    title: 'A request whose Accept admits JSON (a wildcard, a charset, a list of types, a browser) gets its answer on every operation',
    statement: 'Success codes: 200 (GET, PUT update), 201 (POST create, with `Location` header), 204 (DELETE).',
  },
  {
    maxRuns: 1,
    // Each case posts its own job.
    independentCases: true,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), accept: fc.constantFrom(...JSON_ADMITTING_ACCEPTS) }),
    // Every Accept in every run, then one drawn.
    examples: () => JSON_ADMITTING_ACCEPTS.map((accept) => ({ accept })),
    check: async (ctx: RuleContext, { generated, accept }) => {
      const headers = { accept };
      const body = identify(ctx, generated);
      const created = await ctx.api.client.request<Job>({ method: 'POST', path: '/jobs', body, headers });
      expectServed(ctx, created, 201, 'POST /jobs', accept, assertJobBody);
      const { id } = jobOf(created);
      const title = (what: string): string => scopedTitle(ctx, body.referenceId, what);
      const steps = [
        [`GET /jobs/${id}`, { method: 'GET', path: `/jobs/${id}` }, 200, assertJobBody],
        ['GET /jobs', { method: 'GET', path: '/jobs', query: { q: body.referenceId } }, 200, assertJobListBody],
        [`PUT /jobs/${id}`, { method: 'PUT', path: `/jobs/${id}`, body: { title: title('by id') } }, 200, assertJobBody],
        [
          'PUT /jobs',
          { method: 'PUT', path: '/jobs', body: { referenceId: body.referenceId, title: title('by reference') } },
          200,
          assertJobBody,
        ],
        [`DELETE /jobs/${id}`, { method: 'DELETE', path: `/jobs/${id}` }, 204, undefined],
      ] as const;
      for (const [how, request, status, validate] of steps) {
        expectServed(ctx, await ctx.api.client.request({ ...request, headers }), status, how, accept, validate);
      }
    },
  },
);
