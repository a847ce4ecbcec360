/**
 * @module Values sent on create are kept (spec 4.2, 3): every field, and the status given.
 */
import * as fc from 'fast-check';
import { validEndPatches } from '../../arbitraries/boundaries.js';
import type { RuleContext } from '../../contract/rule.js';
import { createBodyArb, identify } from '../../kit/bodies.js';
import { keptValueProblems, show } from '../../../judging/compare.js';
import { contradictedMeanings } from '../../../judging/meanings.js';
import { createJob } from '../../kit/jobs.js';
import { propertyRule, type Implementation } from '../../kit/rule-builders.js';
import { STATUSES } from './shared.js';

export const explicitValues: Implementation = propertyRule(
  {
    id: 'jobs.create.explicit-values',
    section: '4.2',
    level: 'must',
    title: 'Every value sent on create is kept, the ends of each enum and list first',
    statement: 'The body is the created Job (full).',
  },
  {
    arbitrary: (ctx) => createBodyArb(ctx, { withStatus: true }),
    // The lowest and highest period, category and position type, and every status: the valid edges, in every run.
    examples: (ctx) => validEndPatches(ctx.refs),
    check: async (ctx: RuleContext, generated) => {
      const body = identify(ctx, generated);
      const job = await createJob(ctx, body);
      // The ids sent keep their meaning too: a period or routing type named as another id (2.5, 2.6 tables).
      const problems = [...keptValueProblems(body, job), ...contradictedMeanings(job)];
      ctx.expect(problems.length === 0, {
        title: `created job differs from the request in ${problems.length} field(s)`,
        expected: 'the created job has the values sent (spec 4.2 request fields; 3: POST with status given; 2.5, 2.6: what each id means)',
        received: problems.join('\n'),
      });
    },
  },
);

export const explicitStatus: Implementation = propertyRule(
  {
    id: 'jobs.create.explicit-status',
    section: '3',
    level: 'must',
    title: 'POST with status given creates the job in that status',
    statement: 'POST or PUT-create with `status` given | valid request | the given status',
  },
  {
    maxRuns: 6,
    arbitrary: (ctx) => fc.record({ status: fc.constantFrom(...STATUSES), body: createBodyArb(ctx) }),
    check: async (ctx: RuleContext, { status, body }) => {
      const job = await createJob(ctx, { ...identify(ctx, body), status });
      ctx.expect(job.status === status, {
        title: `POST with status "${status}" created a job in status "${job.status}"`,
        expected: `status "${status}" (spec 3: POST with status given -> the given status)`,
        received: `status ${show(job.status)}`,
      });
    },
  },
);
