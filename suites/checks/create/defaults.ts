/**
 * @module What POST /jobs sets when a field is left out (spec 3, 2.1, 2.5): draft, the
 * closeDate 60 days on, false flags, a null salary, publishDate set by the service.
 */
import * as fc from 'fast-check';
import type { Job } from '../../../schemas/types.gen.js';
import type { Body, RuleContext } from '../../contract/rule.js';
import { createdWithAutoRefresh } from '../../kit/auto-refresh-plan.js';
import { createBodyArb, foreignReadOnly, identify } from '../../kit/bodies.js';
import { show } from '../../../judging/compare.js';
import { closesDaysAfter, dayOffsets, utcDay } from '../../../judging/dates.js';
import { createJob, getJob } from '../../kit/jobs.js';
import { propertyRule, type Implementation, type RuleEntry } from '../../kit/rule-builders.js';
import {
  omit,
  CREATE_WAYS,
  createBy,
  createdReads,
  expectDefaultFalse,
  FLAG_SALARY,
  minimalBody,
  siblingsTrue,
  STATUSES,
  type Flag,
} from './shared.js';

export const defaultStatus: Implementation = propertyRule(
  {
    id: 'jobs.create.default-status',
    section: '3',
    level: 'must',
    title: 'POST without status creates a draft',
    statement: 'POST or PUT-create with `status` omitted | valid request | draft',
  },
  {
    maxRuns: 5,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      // Left out alone, and with every other defaulted field and the referenceId (minimalBody).
      for (const [body, what] of [
        [omit(identify(ctx, generated), 'status'), 'without status'],
        [minimalBody(ctx, generated), 'with every defaulted field left out'],
      ] as const) {
        for (const [job, where] of await createdReads(ctx, await createJob(ctx, body), `POST /jobs ${what}`)) {
          ctx.expect(job.status === 'draft', {
            title: `${where} shows status "${job.status}"`,
            expected: 'status "draft" (spec 3, 2.1: default on create: draft)',
            received: `status ${show(job.status)}`,
          });
        }
      }
    },
  },
);

interface CloseDateCase {
  generated: Body;
  status: (typeof STATUSES)[number] | undefined;
  /** Every defaulted field and the referenceId left out too (minimalBody). */
  minimal: boolean;
  /** A publishDate sent too, as a GET result carries one (4.2): read-only, so the default counts from the service's. */
  sentPublishDate?: boolean;
}

export const defaultCloseDate: Implementation = propertyRule<CloseDateCase>(
  {
    id: 'jobs.create.default-close-date',
    section: '3',
    level: 'must',
    title: 'POST without closeDate closes 60 days after publishDate, with or without a status',
    statement: '`closeDate` defaults to 60 days after `publishDate` when omitted.',
  },
  {
    maxRuns: 5,
    arbitrary: (ctx) =>
      fc.record({
        generated: createBodyArb(ctx),
        status: fc.constant<(typeof STATUSES)[number] | undefined>(undefined),
        minimal: fc.boolean(),
      }),
    // Section 3's create with a status given is "as above": the default applies in every state a create names.
    examples: () => [
      ...STATUSES.map((status) => ({ status, minimal: false })),
      { minimal: true },
      { minimal: false, sentPublishDate: true },
    ],
    check: async (ctx: RuleContext, { generated, status, minimal, sentPublishDate }) => {
      const plain = minimal ? minimalBody(ctx, generated) : omit(identify(ctx, generated), 'closeDate', 'status');
      const body = sentPublishDate ? { ...plain, publishDate: foreignReadOnly(ctx).publishDate } : plain;
      const created = await createJob(ctx, status === undefined ? body : { ...body, status });
      const how = sentPublishDate
        ? `with a publishDate of its own (${String(body.publishDate)})`
        : minimal
          ? 'with every defaulted field left out'
          : status === undefined
            ? 'without status'
            : `with status ${status}`;
      for (const [job, where] of await createdReads(ctx, created, `POST /jobs ${how}`)) {
        ctx.expect(closesDaysAfter(job.publishDate, job.closeDate, 60), {
          title: `the default closeDate ${where} shows is not 60 days after publishDate`,
          expected:
            'closeDate = publishDate + 60 days: that calendar day, and where a time is written, the same time (to the hour) ' +
            "or the day's start or end in some zone (spec 3, 4.2, 8)",
          received: `publishDate ${job.publishDate}, closeDate ${job.closeDate} (${dayOffsets(job.publishDate, job.closeDate).join(' or ')} days)`,
        });
      }
    },
  },
);

/**
 * Creates `body` with autoRefresh true too, where the flag left out is another one and the key's employer takes it
 * (2.1: "Applies only to employers on unlimited job plans"); else without it.
 */
async function createdBesideAutoRefresh(ctx: RuleContext, body: Body, field: Flag): Promise<Job> {
  return (field === 'autoRefresh' ? undefined : await createdWithAutoRefresh(ctx, body)) ?? createJob(ctx, body);
}

export function defaultFalse(entry: RuleEntry, field: Flag): Implementation {
  return propertyRule(entry, {
    maxRuns: 3,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      let body = omit(generated, 'confidential', 'autoRefresh', 'status');
      if (field === 'plusCommission') body = { ...body, salary: FLAG_SALARY };
      // Without a status and with each one (3: a create with a status given is "as above"); the flags of a job also
      // from the plainest body (minimalBody), every defaulted field and the referenceId left out; and left out alone
      // while every other flag is true.
      const cases: Array<{ created: () => Promise<Job>; how: string }> = [undefined, ...STATUSES].map((status) => ({
        created: () => createJob(ctx, identify(ctx, status === undefined ? body : { ...body, status })),
        how: status === undefined ? 'without status' : `with status ${status}`,
      }));
      if (field !== 'plusCommission')
        cases.push({ created: () => createJob(ctx, minimalBody(ctx, generated)), how: 'with every defaulted field left out' });
      cases.push({
        created: () => createdBesideAutoRefresh(ctx, identify(ctx, siblingsTrue(body, field)), field),
        how: 'with every other flag true',
      });
      for (const { created, how } of cases) {
        for (const [job, where] of await createdReads(ctx, await created(), `POST /jobs ${how}`))
          expectDefaultFalse(ctx, job, where, field, `spec ${ctx.rule.section}: default false`);
      }
    },
  });
}

export const publishDateByService: Implementation = propertyRule(
  {
    id: 'jobs.create.publish-date-by-service',
    section: '3',
    level: 'must',
    title: 'The service sets publishDate on create (today)',
    statement: '`publishDate` is set by the service.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const before = Date.now();
      const job = await createJob(ctx, identify(ctx, generated));
      const day = utcDay(job.publishDate);
      const today = [utcDay(new Date(before).toISOString()) - 1, utcDay(new Date().toISOString()) + 1];
      ctx.expect(day >= (today[0] ?? 0) && day <= (today[1] ?? 0), {
        title: `publishDate ${job.publishDate} is not the day of creation`,
        expected: 'publishDate set by the service when the job is created (spec 3), within a day of now',
        received: `publishDate ${job.publishDate}, suite clock ${new Date(before).toISOString()}`,
      });
    },
  },
);

/** True when `date` falls within a day of the suite's clock around `since` (the service set it "now"). */
export function isAroundNow(date: string, since: number): boolean {
  const day = utcDay(date);
  return day >= utcDay(new Date(since).toISOString()) - 1 && day <= utcDay(new Date().toISOString()) + 1;
}

export const salaryNullByDefault: Implementation = propertyRule(
  {
    id: 'jobs.create.salary-null-by-default',
    section: '2.1',
    level: 'must',
    title: 'POST or PUT-create without salary creates a job whose salary is null',
    statement: 'null when no salary is defined (see 2.5).',
  },
  {
    maxRuns: 3,
    arbitrary: (ctx) => fc.record({ body: createBodyArb(ctx), way: fc.constantFrom(...CREATE_WAYS) }),
    check: async (ctx: RuleContext, { body, way }) => {
      const identified = identify(ctx, body);
      const job = await createBy(ctx, way, { ...omit(identified, 'salary'), referenceId: identified.referenceId });
      // And from the plainest body (minimalBody): every defaulted field and the referenceId left out at once.
      const plainest = await createJob(ctx, minimalBody(ctx, body));
      for (const [made, how] of [
        [job, `${way} without salary`],
        [plainest, 'POST /jobs with every defaulted field left out'],
      ] as const) {
        const fetched = await getJob(ctx, made.id);
        ctx.expect(made.salary === null && fetched.salary === null, {
          title: `${how} created a job with salary ${show(fetched.salary)}`,
          expected: 'salary null when no salary is defined (spec 2.1; 4.3: PUT-create behaves as POST)',
          received: `${how} answered salary ${show(made.salary)}; GET answered salary ${show(fetched.salary)}`,
        });
      }
    },
  },
);
