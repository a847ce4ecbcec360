/**
 * @module The job's flags and status in combination, on every write path (spec 4.2, 4.3, 3). Each write form sends
 * confidential, autoRefresh and salary.plusCommission true or false, with a status or none, in rows that hold every
 * pair of those levels within that form (pairwise, from the rule's seed): a server that drops one flag only beside
 * another, or only on one path, shows it. A create takes the values sent; an update, which sends every other field
 * of another drawn body beside them, changes the fields sent and nothing else. The statuses sent on an update are the
 * shown transitions (archive, re-publish); a draft is left a draft by an update that sends no status (transitions
 * from draft are not shown).
 * autoRefresh true depends on the employer's plan (2.1): a refusal of it, or an answer of false, is the plan's and is
 * recorded, as jobs.update.keeps-auto-refresh does; autoRefresh false is always the value sent.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { pairwiseRows, type Row } from '../arbitraries/pairwise.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { changedFields, changeLines, keptValueProblems } from '../../judging/compare.js';
import { expectStatus, isClientError, isSuccess, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { createdWithAutoRefresh } from '../kit/auto-refresh-plan.js';
import { fixedRule, type Implementation } from '../kit/rule-builders.js';
import {
  CREATE_FORMS,
  declinesCreate,
  declinesUpdate,
  formLabel,
  isCreateForm,
  sendCreate,
  sendUpdate,
  UPDATE_FORMS,
  type CreateForm,
  type UpdateForm,
} from '../kit/rejected-writes.js';

/**
 * The levels of one write: every status a write may name (or none), and each flag true or false. A flag not sent is
 * every other rule's canonical body, so it needs no level here.
 */
export const FLAG_LEVELS = {
  status: ['omitted', 'draft', 'active', 'archived'],
  confidential: ['true', 'false'],
  autoRefresh: ['true', 'false'],
  plusCommission: ['true', 'false'],
} as const;

type FlagRow = Row<typeof FLAG_LEVELS> & { form: CreateForm | UpdateForm };
type Status = Job['status'];

/**
 * Every pair of levels within each write form, so a flag dropped only beside another on one path meets its pair
 * there: a form-blind pairwise set would send each (form, flag) and each (flag, flag) pair, not the three together.
 */
export function flagRows(seedOf: (label: string) => number): FlagRow[] {
  return [...CREATE_FORMS, ...UPDATE_FORMS].flatMap((form) =>
    pairwiseRows(FLAG_LEVELS, seedOf(form)).map((row): FlagRow => ({ form, ...row })),
  );
}

/**
 * What a row sends beside the canonical body: each flag at its level, plusCommission inside the body's whole salary.
 * An update sends a status only where the transition is shown (3), so its `draft` sends none, as `omitted` does.
 */
function flagsOf(row: FlagRow, salary: Body, creates: boolean): Body {
  const sent: Body = {};
  if (row.status !== 'omitted' && (creates || row.status !== 'draft')) sent.status = row.status;
  sent.confidential = row.confidential === 'true';
  sent.autoRefresh = row.autoRefresh === 'true';
  sent.salary = { ...salary, plusCommission: row.plusCommission === 'true' };
  return sent;
}

/** The state an updated job starts in: the one its sent status moves from (3), a draft for `draft`, else active. */
function startOf(row: FlagRow): Status | undefined {
  if (row.status === 'active') return 'archived';
  if (row.status === 'draft') return undefined;
  return 'active';
}

/**
 * Sends the row's write: a create of `generated` with the flags, or an update of a job made from it that sends the
 * flags and every other field of `drawn`; undefined where the target declines the method override (spec 1).
 */
async function sendRow(
  ctx: RuleContext,
  row: FlagRow,
  { generated, drawn }: { generated: Body; drawn: Body },
): Promise<{ res: ApiResponse<Job>; sent: Body; before?: Job } | undefined> {
  const { salary, ...plain } = generated;
  const form = row.form;
  if (isCreateForm(form)) {
    const sent = flagsOf(row, salary as Body, true);
    const res = await sendCreate(ctx, form, identify(ctx, { ...plain, ...sent }));
    return (await declinesCreate(ctx, form, plain, res)) ? undefined : { res, sent };
  }
  const start = startOf(row);
  const before = await getJob(ctx, (await createJob(ctx, identify(ctx, start === undefined ? plain : { ...plain, status: start }))).id);
  // Every other field beside the flags, another drawn body's and a new title: a status change that drops the other
  // fields sent with it shows it.
  const { salary: drawnSalary, ...change } = drawn;
  const sent = {
    ...change,
    ...flagsOf(row, drawnSalary as Body, false),
    title: scopedTitle(ctx, before.referenceId ?? '', 'flags changed'),
  };
  const res = await sendUpdate(ctx, form, before, sent);
  return (await declinesUpdate(ctx, form, before, res)) ? undefined : { res, sent, before };
}

/** A row in titles: the form and each level, e.g. `POST /jobs with status omitted, confidential true, …`. */
function labelOf(row: FlagRow): string {
  const levels = (['status', 'confidential', 'autoRefresh', 'plusCommission'] as const).map((name) => `${name} ${row[name]}`);
  return `${formLabel(row.form)} with ${levels.join(', ')}`;
}

/** A routing type sent may switch the address in use: the other one then reads null (2.1: "Null ... when not applicable"). */
const ROUTING_ADDRESSES = ['applicationEmail', 'applicationUrl'];

/**
 * Judges one row. Where the plan declines autoRefresh true (`planTakesAutoRefresh` false), a row sending it may be
 * refused or answered false; where the plan took it, it is a value like any other.
 */
async function checkRow(ctx: RuleContext, row: FlagRow, bodies: { generated: Body; drawn: Body }, planTakesAutoRefresh: boolean) {
  const written = await sendRow(ctx, row, bodies);
  if (written === undefined) return;
  const { res, sent, before } = written;
  const label = labelOf(row);
  const planMayDecline = sent.autoRefresh === true && !planTakesAutoRefresh;
  if (planMayDecline && isClientError(res.status)) return;
  expectStatus(ctx, res, isSuccess, `${label} is a valid write: it succeeds (spec 4.2, 4.3)`);
  const { autoRefresh: _plans, ...judgedWithoutPlan } = sent;
  const judged = planMayDecline ? judgedWithoutPlan : sent;
  const reads: Array<[string, Job]> = [
    ['the answer', jobOf(res)],
    ['a GET', await getJob(ctx, jobOf(res).id)],
  ];
  for (const [where, job] of reads) {
    const problems = keptValueProblems(judged, job);
    // Only the fields sent change (4.3); a status change changes nothing else (3).
    const changed = before === undefined ? [] : changedFields(before, job, [...Object.keys(sent), ...ROUTING_ADDRESSES]);
    ctx.expect(problems.length === 0 && changed.length === 0, {
      title: `${label}: ${where} does not hold the values sent${changed.length ? `, or changed ${changed.join(', ')}` : ''}`,
      expected:
        'the fields sent take the values sent, in any combination and on every write path; an update changes nothing else (spec 3, 4.2, 4.3)',
      received: [...problems, ...(before === undefined ? [] : changeLines(before, job, changed))].join('\n'),
    });
  }
}

export const flagCombinationsRule: Implementation = fixedRule(
  {
    id: 'jobs.roundtrip.flag-combinations',
    section: '4.3',
    level: 'must',
    title:
      'confidential, autoRefresh and plusCommission, true or false, with each status or none: every pair of levels, in every write form, is kept',
    statement: 'Request body fields are the same as POST, and its format is symmetrical with the GET result.',
  },
  async (ctx: RuleContext) => {
    const rows = flagRows((label) => ctx.seedOf?.(label) ?? 0);
    const bodies = fc.sample(
      createBodyArb(ctx).filter((body) => typeof body.salary === 'object' && body.salary !== null),
      { seed: ctx.seedOf?.('bodies') ?? 0, numRuns: rows.length },
    );
    const { salary: _whole, ...plain } = bodies[0]!;
    const planTakesAutoRefresh = (await createdWithAutoRefresh(ctx, identify(ctx, plain))) !== undefined;
    for (const [i, row] of rows.entries())
      await checkRow(ctx, row, { generated: bodies[i]!, drawn: bodies[(i + 1) % bodies.length]! }, planTakesAutoRefresh);
  },
);
