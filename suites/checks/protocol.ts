/**
 * @module Request conventions (spec 1): the Content-Type of a request with a
 * body must start with application/json, so a charset suffix is fine. That
 * convention binds the client: refusing other types (with no effect) is good
 * practice the spec does not state, so those rules are `should` (a warning).
 */
import type { Job } from '../../schemas/types.gen.js';
import type { Rule, RuleContext } from '../rule.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { changedFields, show } from '../kit/compare.js';
import { expectStatus, isClientError } from '../kit/http.js';
import { createJob, getJob, listJobs } from '../kit/jobs.js';
import { propertyRule } from '../kit/rule-builders.js';

const NON_JSON_TYPES = ['text/plain', 'application/x-www-form-urlencoded'] as const;

const charsetAccepted: Rule = propertyRule(
  { id: 'jobs.protocol.json-charset-accepted', section: '1', area: 'protocol', title: 'Content-Type application/json with a charset suffix is accepted', statement: 'The `Content-Type` of a request with a body must start with `application/json` (for example with a charset suffix).' },
  {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const res = await ctx.api.client.request<Job>({
        method: 'POST',
        path: '/jobs',
        body: identify(ctx, generated),
        contentType: 'application/json; charset=utf-8',
      });
      expectStatus(ctx, res, 201, 'a Content-Type starting with application/json (e.g. with a charset suffix) is accepted: 201 (spec 1, 4.2)');
    },
  },
);

const nonJsonPost: Rule = propertyRule(
  {
    id: 'jobs.protocol.non-json-rejected.post',
    section: '1',
    area: 'protocol',
    level: 'should',
    title: 'POST /jobs with a non-JSON Content-Type is rejected and creates nothing', statement: 'Good practice; the spec says: The `Content-Type` of a request with a body must start with `application/json`',
  },
  {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      for (const contentType of NON_JSON_TYPES) {
        const body = identify(ctx, generated);
        const res = await ctx.api.client.request({ method: 'POST', path: '/jobs', body, contentType });
        if (isClientError(res.status)) ctx.observe({ topic: 'error-status.content-type', section: '1', observed: `${contentType}: ${res.status}` });
        expectStatus(ctx, res, isClientError, `a body sent as ${contentType} is refused with a 4xx (good practice: spec 1 asks clients for application/json; it does not state that a server refuses other types)`);
        const list = await listJobs(ctx, { q: body.referenceId });
        ctx.expect(list.json.data.length === 0, {
          title: `the refused ${contentType} POST created a job`,
          expected: 'a refused request has no effect',
          received: `listed ${show(list.json.data.map((item) => item.id))}`,
        });
      }
    },
  },
);

const nonJsonPut: Rule = propertyRule(
  {
    id: 'jobs.protocol.non-json-rejected.put',
    section: '1',
    area: 'protocol',
    level: 'should',
    title: 'PUT /jobs/{id} with a non-JSON Content-Type is rejected and changes nothing', statement: 'Good practice; the spec says: The `Content-Type` of a request with a body must start with `application/json`',
  },
  {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const body = identify(ctx, generated);
      const created = await createJob(ctx, body);
      const before = await getJob(ctx, created.id);
      const res = await ctx.api.client.request({ method: 'PUT', path: `/jobs/${before.id}`, body: { title: scopedTitle(ctx, body.referenceId, 'changed') }, contentType: 'text/plain' });
      if (isClientError(res.status)) ctx.observe({ topic: 'error-status.content-type', section: '1', observed: `text/plain: ${res.status}` });
      expectStatus(ctx, res, isClientError, 'a PUT body sent as text/plain is refused with a 4xx (good practice: spec 1 binds the client)');
      const after = await getJob(ctx, before.id);
      const diff = changedFields(before, after);
      ctx.expect(diff.length === 0, {
        title: `the refused PUT changed ${diff.join(', ')}`,
        expected: 'a refused request has no effect',
        received: diff.map((field) => `${field}: ${show(before[field])} -> ${show(after[field])}`).join('\n'),
      });
    },
  },
);

const missingContentType: Rule = propertyRule(
  { id: 'jobs.protocol.missing-content-type', section: '1', area: 'protocol', title: 'A body without Content-Type is refused or accepted (observed), never a 5xx', statement: 'The `Content-Type` of a request with a body must start with `application/json`' },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const res = await ctx.api.client.request({ method: 'POST', path: '/jobs', body: identify(ctx, generated), contentType: null });
      ctx.observe({ topic: 'missing-content-type', section: '1', observed: String(res.status) });
      expectStatus(ctx, res, (status) => status < 500, 'a request the spec does not cover is answered, never with a 5xx (spec 1, 7)');
    },
  },
);

export const protocolRules: Rule[] = [charsetAccepted, nonJsonPost, nonJsonPut, missingContentType];
