/**
 * @module Invalid values derived from the schemas (suites/arbitraries/
 * schema-negatives.ts), sent on every write path: POST and PUT-create (spec
 * 4.2, 4.3: a PUT that creates behaves as POST), PUT by id, PUT by
 * referenceId and the override PUT (4.3; spec 1): the boundary values on
 * every path, the others dealt over the paths. Each is refused (a 4xx:
 * 7.2 shows no code) with no effect: an update leaves the job as a GET showed
 * it, a create makes no job. The largest valid value of each length is
 * accepted. A case is some values of one field (nested ones included) on one
 * path, then more draws as --runs grows. The must rules send what the spec makes invalid;
 * the should rules what a lenient but defensible reading accepts (a coerced
 * type, a status in another letter case or with white space around it, null
 * read as "not sent"; see
 * negative-exclusions.ts). An invalid update carries a valid change of
 * another field beside it, which the refusal must not apply either, then or
 * later: a valid update changes only what it sends, and one closes each case
 * after its refused values. A refused create leaves its referenceId free.
 */
import * as fc from 'fast-check';
import type { Job, JobHeader } from '../../schemas/types.gen.js';
import { changedFields, changeLines, show } from '../../judging/compare.js';
import { derivedNegatives, isBoundaryValue, type DerivedValue, type NegativeKind } from '../arbitraries/schema-negatives.js';
import { NULL_AS_NOT_SENT, type NegativeLevel } from '../arbitraries/negative-exclusions.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { atOnce } from '../kit/at-once.js';
import { caseTagOf, createBodyArb, identify, scopedTitle, titleWordOf } from '../kit/bodies.js';
import { expectRejected } from '../kit/expect-rejected.js';
import { isClientError, isSuccess, responseLine } from '../kit/http.js';
import { createJob, getJob, listAllJobs, listJobs } from '../kit/jobs.js';
import { patchFor, withContext } from '../kit/negative-bodies.js';
import { refusedAmong } from '../kit/refused-values.js';
import {
  besideValidChange,
  CREATE_FORMS,
  declinesCreate,
  declinesUpdate,
  formLabel,
  namesByReference,
  sendCreate,
  sendUpdate,
  UPDATE_FORMS,
  type CreateForm,
  type UpdateForm,
} from '../kit/rejected-writes.js';
import { fixedRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';

/**
 * The level a value is sent at on a path: a top-level null in a partial update may be read as "not
 * sent" (4.3: only the fields sent change), so it is a should there even where a create must refuse it.
 */
function levelOn(value: DerivedValue, update: boolean): NegativeLevel {
  return update && value.kind === 'null' && value.path.length === 1 ? 'should' : value.level;
}

/**
 * Values a path cannot carry as they are: PUT /jobs (and the override on its path) names its job by the referenceId,
 * a string one for a PUT-create.
 */
function fitsPath(value: DerivedValue, form: UpdateForm | CreateForm): boolean {
  if (value.field !== 'referenceId') return true;
  if (form === 'reference' || form === 'reference-override') return false;
  return form === 'post' || typeof value.value === 'string';
}

/** Kinds that stay invalid alone in a partial object: a null or an empty object there may be read as "not sent" (4.3). */
const INVALID_ALONE: ReadonlySet<NegativeKind> = new Set<NegativeKind>(['other-type', 'non-integer', 'enum-outside']);

/**
 * On an update, each value that must be refused inside an object field (not an array's entry) goes a second time
 * alone in that object (`{salary: {period: {id: 6}}}`): 4.3 merges a partial object into the stored one, and a server
 * that validates the object only whole, or only with the field that makes the rest required, takes it there.
 */
export function withAloneInObject(values: readonly DerivedValue[]): DerivedValue[] {
  const alone = values
    .filter((value) => !value.valid && value.level === 'must' && value.path.length > 1 && value.path[1] !== '[]')
    .filter((value) => INVALID_ALONE.has(value.kind))
    .map((value) => ({ ...value, alone: true, field: `${value.field} alone in ${value.path[0]}` }));
  return [...values, ...alone];
}

/** The derived values of one top-level field at `level`, grouped: a case sends one group. */
function groups(level: NegativeLevel, update: boolean): DerivedValue[][] {
  const byField = new Map<string, DerivedValue[]>();
  for (const value of update ? withAloneInObject(derivedNegatives()) : derivedNegatives()) {
    if ((value.valid ? 'must' : levelOn(value, update)) !== level) continue;
    // A value alone in its object goes to a job holding that object (withContext): a group, and a job, of its own.
    const field = value.alone ? `${value.path[0]!} alone` : value.path[0]!;
    byField.set(field, [...(byField.get(field) ?? []), value]);
  }
  return [...byField.values()];
}

const describe = (value: DerivedValue): string => `${value.field} ${show(value.value, 60)} (${value.kind})`;
const statementOf = (value: DerivedValue, level: NegativeLevel): string =>
  `${value.reason}${value.requiredValue ? '; a required value present but null or empty is as absent' : ''}${
    level === 'should' ? ` (good practice: ${value.kind === 'null' ? NULL_AS_NOT_SENT : 'a lenient reading exists'})` : ''
  }`;

/** Draws on top of the examples: none at the default --runs of 20 (the examples hold every field), more as --runs grows. */
const extraRuns = (ctx: RuleContext): number => Math.floor(ctx.runs / 40);

/**
 * An invalid value's partial update with valid changes of other fields beside it (besideValidChange): a rename to a
 * fresh referenceId where `form` names the job by id, a status change only beside a value that must be refused.
 */
function withCompanion(ctx: RuleContext, form: UpdateForm, patch: Body, value: DerivedValue, job: Job, level: NegativeLevel): Body {
  if (value.valid) return patch;
  const rename = namesByReference(form) ? undefined : ctx.referenceId();
  return besideValidChange(patch, job, value.field, { statusToo: level === 'must', spare: [closingField(value)], rename });
}

/** The field of the valid update that closes a field's case: never a companion of its refused values. */
const closingField = (value: DerivedValue): 'title' | 'confidential' => (value.path[0] === 'title' ? 'title' : 'confidential');

/**
 * The values of one field, each as a partial update of one job in `form`: refused and unchanged, or (largest valid)
 * kept. A refused update changes nothing, so the refused values sent one after another are proven by one GET after
 * the last of them (and before each valid one, which changes the job); when that GET shows a change, the values are
 * sent again one by one to a new job, each with its GET, so the report names the value that changed it.
 */
async function updateCase(
  ctx: RuleContext,
  level: NegativeLevel,
  form: UpdateForm,
  values: DerivedValue[],
  generated: Body,
): Promise<void> {
  // Nested values sit in the plain input form of their container (the create body's), not in a GET's. Active, so that
  // a status change alone (3 shows none from a draft) can follow refused values.
  // Titled with the case's title word, so that the lists after refused values can find the job by its title alone.
  const identified = identify(ctx, { ...withContext(generated, values[0]!), status: 'active' });
  const base = { ...identified, title: scopedTitle(ctx, titleWordOf(ctx), 'before refused values') };
  let before: Job = await getJob(ctx, (await createJob(ctx, base)).id);
  let refused: DerivedValue[] = [];
  for (const value of values.filter((v) => fitsPath(v, form))) {
    const sent = patchFor(value, base, ctx.refs, ctx.referenceId());
    if (sent === undefined) continue;
    if (value.valid) {
      await expectUnchanged(ctx, level, form, base, before, refused);
      if (refused.length > 0) before = await expectTransitionChangesOnlyStatus(ctx, form, before);
      refused = [];
      const what = `${formLabel(form, before)} with ${describe(value)}`;
      before = await expectValidUpdate(ctx, form, before, sent, what, `${value.reason}: the largest valid value is accepted (spec 8, 4.3)`);
      continue;
    }
    const res = await sendUpdate(ctx, form, before, withCompanion(ctx, form, sent, value, before, level));
    const what = `${formLabel(form, before)} with ${describe(value)}`;
    expectRejected(ctx, res, {
      title: `${what} was accepted`,
      expected: `${statementOf(value, level)}; spec 4.3: a PUT body obeys the rules of POST`,
    });
    refused.push(value);
  }
  await expectUnchanged(ctx, level, form, base, before, refused);
  if (refused.length === 0) return;
  // The write after refused ones, in the same form, in the field their companions left alone.
  const closing =
    closingField(values[0]!) === 'title'
      ? { title: scopedTitle(ctx, base.referenceId, 'after refused titles') }
      : { confidential: !before.confidential };
  const moved = await expectTransitionChangesOnlyStatus(ctx, form, before);
  await expectValidUpdate(
    ctx,
    form,
    moved,
    closing,
    `${formLabel(form, moved)} with ${Object.keys(closing).join(', ')}, after refused values`,
    'spec 4.3: a valid partial update is accepted',
  );
}

/**
 * The first write after refused ones, where 3 shows one: a status change alone in the same form (active to archived,
 * archived to active: "Other fields unchanged"). A server that keeps a refused body's fields on the job and saves them
 * with the next status change, the one write that sends no field of its own, shows them here. The job as it is then.
 */
async function expectTransitionChangesOnlyStatus(ctx: RuleContext, form: UpdateForm, job: Job): Promise<Job> {
  if (job.status === 'draft') return job;
  const status = job.status === 'active' ? 'archived' : 'active';
  return expectValidUpdate(
    ctx,
    form,
    job,
    { status },
    `${formLabel(form, job)} with status ${status} alone, after refused values`,
    'spec 3',
  );
}

/**
 * Sends a valid partial update, which must be accepted and change the fields it sent and no other (4.3), the refused
 * ones sent before it included: a server that keeps a refused body's valid fields and applies them with the next
 * write shows them here. The job as it is then (as before where the target declines the override).
 */
async function expectValidUpdate(
  ctx: RuleContext,
  form: UpdateForm,
  before: Job,
  patch: Body,
  what: string,
  expected: string,
): Promise<Job> {
  const res = await sendUpdate(ctx, form, before, patch);
  if (await declinesUpdate(ctx, form, before, res)) return before;
  ctx.expect(isSuccess(res.status), { title: `${what} was refused`, expected, received: responseLine(res), failingExchange: res.exchange });
  const after = await getJob(ctx, before.id);
  expectOnlySent(ctx, what, before, after, patch);
  return after;
}

/** A valid update changed only the fields it sent (4.3). */
function expectOnlySent(ctx: RuleContext, what: string, before: Job, after: Job, patch: Body): void {
  const diff = changedFields(before, after, Object.keys(patch));
  ctx.expect(diff.length === 0, {
    title: `${what} changed ${diff.join(', ')} as well, which it did not send`,
    expected: 'spec 4.3: updates are partial, only the fields sent change (and a refused update changes nothing, later either)',
    received: changeLines(before, after, diff).join('\n'),
  });
}

/**
 * One GET proves that the refused values sent since `before` was read changed nothing. On a change, each is sent
 * again alone to a new job made from `base` (refusedAmong, the kit's diagnosis of a set), so the report names the
 * values that change a job alone, or all of them when none does (only their sequence changed it).
 */
async function expectUnchanged(
  ctx: RuleContext,
  level: NegativeLevel,
  form: UpdateForm,
  base: Body,
  before: Job,
  refused: readonly DerivedValue[],
): Promise<void> {
  if (refused.length === 0) return;
  // The list first: a server that refreshes its search row when the job is read by id shows a stale row only to a
  // client that lists before it reads. Judged after the read, whose finding names the values that changed the job.
  const listed = await listedByTitleWord(ctx, before);
  const after = await getJob(ctx, before.id);
  const diff = changedFields(before, after);
  if (diff.length > 0) {
    const culprits = await refusedAmong(refused, (subset) => leavesUnchanged(ctx, level, form, base, subset));
    ctx.expect(false, {
      title: `${formLabel(form, before)} with ${culprits.map(describe).join(', ')} was refused but changed ${diff.join(', ')}`,
      expected: `${culprits.map((value) => statementOf(value, level)).join('; ')}: a refused update changes nothing`,
      received: changeLines(before, after, diff).join('\n'),
    });
  }
  // The job reads as before; its search must find it as before too.
  if (listed !== undefined) expectFoundByTitle(ctx, form, before, refused, listed);
}

/**
 * The list by a word of the job's title alone still finds the job after refused values (4.5: q matches the title, and a
 * refused update changes nothing): a server that writes its search row from a body before it validates it, every
 * refused update carrying a title (a value or a companion), finds the job by the refused title and not by its own.
 */
function expectFoundByTitle(ctx: RuleContext, form: UpdateForm, before: Job, refused: readonly DerivedValue[], listed: JobHeader[]): void {
  const word = titleWordOf(ctx);
  ctx.expect(
    listed.some((item) => item.id === before.id),
    {
      title: `after ${formLabel(form, before)} with ${refused.map(describe).join(', ')} was refused, q=${word} does not list job ${before.id}`,
      expected: `spec 4.5: q matches the job's title, which holds ${word}; a refused update changes nothing (4.3)`,
      received: `GET /jobs?q=${word} lists ${show(listed.map((item) => item.id))}`,
    },
  );
}

/** The list by the case's title word, where `job`'s title holds it (undefined where not). */
async function listedByTitleWord(ctx: RuleContext, job: Job): Promise<JobHeader[] | undefined> {
  const word = titleWordOf(ctx);
  return job.title.includes(word) ? (await listJobs(ctx, { q: word, pageSize: 100 })).json.data : undefined;
}

/** Whether `values`, sent one after another to a new job made from `base`, leave it as a GET showed it. */
async function leavesUnchanged(
  ctx: RuleContext,
  level: NegativeLevel,
  form: UpdateForm,
  base: Body,
  values: readonly DerivedValue[],
): Promise<boolean> {
  const body = identify(ctx, base);
  const job = await getJob(ctx, (await createJob(ctx, body)).id);
  for (const value of values) {
    const patch = patchFor(value, body, ctx.refs, ctx.referenceId());
    if (patch !== undefined) await sendUpdate(ctx, form, job, withCompanion(ctx, form, patch, value, job, level));
  }
  return changedFields(job, await getJob(ctx, job.id)).length === 0;
}

/** The values of one field, each in a create body sent in `form`: refused and no job made, or (largest valid) created. */
async function createCase(
  ctx: RuleContext,
  level: NegativeLevel,
  form: CreateForm,
  values: DerivedValue[],
  generated: Body,
): Promise<void> {
  const refused = new Map<string, DerivedValue>();
  const refusedByTarget = new Set<string>();
  const sends = values
    .filter((v) => fitsPath(v, form))
    .flatMap((value) => {
      const body = identify(ctx, withContext(generated, value));
      const marker = body.referenceId;
      const patch = patchFor(value, body, ctx.refs, marker);
      return patch === undefined ? [] : [{ value, marker, body, sent: { ...body, ...patch } }];
    });
  // Each create names a job of its own (its own marker): they may go several at once, and are judged in order.
  const answers = await atOnce(ctx, sends, ({ sent, marker }) =>
    form === 'post' ? ctx.api.create(sent) : sendCreate(ctx, form, { ...sent, referenceId: sent.referenceId ?? marker }),
  );
  for (const [i, { value, marker }] of sends.entries()) {
    const res = answers[i]!;
    const what = `${formLabel(form)} with ${describe(value)}`;
    if (value.valid) {
      if (await declinesCreate(ctx, form, generated, res)) continue;
      ctx.expect(isSuccess(res.status), {
        title: `${what} was refused`,
        expected: `${value.reason}: the largest valid value is accepted (spec 8, 4.2)`,
        received: responseLine(res),
        failingExchange: res.exchange,
      });
      continue;
    }
    const section = form === 'post' ? 'spec 4.2' : 'spec 4.3: a PUT that creates behaves as POST';
    expectRejected(ctx, res, { title: `${what} was accepted`, expected: `${statementOf(value, level)}; ${section}` });
    refused.set(marker, value);
    if (isClientError(res.status)) refusedByTarget.add(marker);
  }
  // One list for the case: every refused body carried its own marker (referenceId and title).
  const listed = await listAllJobs(ctx, { q: caseTagOf(ctx) });
  for (const job of listed) {
    const marker = [...refused.keys()].find((m) => (job.referenceId ?? '').startsWith(m) || job.title.includes(m));
    const value = marker === undefined ? undefined : refused.get(marker);
    ctx.expect(value === undefined, {
      title: `${formLabel(form)} with ${value ? describe(value) : ''} was refused but created job ${job.id}`,
      expected: `${value ? statementOf(value, level) : ''}: a refused create makes no job`,
      received: `GET /jobs?q=${caseTagOf(ctx)} lists job ${job.id} (referenceId ${show(job.referenceId)})`,
    });
  }
  await expectReferencesFree(
    ctx,
    form,
    generated,
    sends.filter(({ value, marker, sent }) => isBoundaryValue(value) && refusedByTarget.has(marker) && sent.referenceId === marker),
  );
}

/**
 * Only a referenceId in use is rejected (7.1), and a refused create put none in use: the valid body each refused
 * create of a boundary value (sent on every path) was made from, sent again with its referenceId (in the same form
 * and by POST, in turn), creates its job. A server that files the referenceId before it validates the rest refuses
 * these as duplicates.
 */
async function expectReferencesFree(
  ctx: RuleContext,
  form: CreateForm,
  generated: Body,
  refusedSends: ReadonlyArray<{ value: DerivedValue; marker: string; body: Body & { referenceId: string } }>,
): Promise<void> {
  // Sent again in the same form and by POST in turn: a referenceId one path keeps after its refusal is met by the
  // other paths' creates too (a reservation table that only POST consults).
  const againOf = (i: number): CreateForm => (i % 2 === 0 ? form : 'post');
  const answers = await atOnce(ctx, [...refusedSends.entries()], ([i, { body }]) =>
    againOf(i) === 'post' ? ctx.api.create(body) : sendCreate(ctx, againOf(i), body),
  );
  for (const [i, { value, marker }] of refusedSends.entries()) {
    const res = answers[i]!;
    if (isSuccess(res.status) || (await declinesCreate(ctx, againOf(i), generated, res))) continue;
    ctx.expect(false, {
      title: `${formLabel(againOf(i))} with referenceId ${marker}, after a refused ${formLabel(form)} with it (${describe(value)}), was refused`,
      expected: 'spec 7.1: a POST with a referenceId already in use is rejected; a refused create put its referenceId in no use',
      received: responseLine(res),
      failingExchange: res.exchange,
    });
  }
}

/**
 * The values outside the boundaries dealt over `forms` in turn, one counter across every field: each field's values
 * spread over the paths, and each class (null, another type, a near miss) reaches every path through some field. A
 * server's path that reads a body its own way (a lenient parser on one handler) meets every class there.
 *
 * @example
 * dealtOver([[a1, a2], [b1]], ['id', 'reference', 'override']);
 * // [{ values: [a1], form: 'id' }, { values: [a2], form: 'reference' }, { values: [b1], form: 'override' }]
 */
export function dealtOver<V, F>(fields: readonly (readonly V[])[], forms: readonly F[]): Array<{ values: V[]; form: F }> {
  let turn = 0;
  return fields.flatMap((values) => {
    const hands = forms.map((form) => ({ values: [] as V[], form }));
    for (const value of values) hands[turn++ % forms.length]!.values.push(value);
    return hands.filter((hand) => hand.values.length > 0);
  });
}

/**
 * The hands of one form put together where their values need the same body around them (the same routing context):
 * one job and one read for many fields' values, not one per field.
 */
function joinedByForm<F>(hands: ReadonlyArray<{ values: DerivedValue[]; form: F }>): Array<{ values: DerivedValue[]; form: F }> {
  const joined = new Map<string, { values: DerivedValue[]; form: F }>();
  for (const { values, form } of hands) {
    const key = `${String(form)} ${JSON.stringify(values[0]?.context ?? null)}`;
    const hand = joined.get(key) ?? { values: [], form };
    hand.values.push(...values);
    joined.set(key, hand);
  }
  return [...joined.values()];
}

/**
 * A rule over `forms`. Its examples: each field's boundary values on every form, then its other values dealt
 * over the forms (dealtOver), a form's hands joined (joinedByForm); then more draws of (field, form), all of a field's
 * values on one form, as --runs grows.
 */
function negativeRule<F extends UpdateForm | CreateForm>(
  entry: RuleEntry,
  level: NegativeLevel,
  forms: readonly F[],
  run: (ctx: RuleContext, level: NegativeLevel, form: F, values: DerivedValue[], generated: Body) => Promise<void>,
): Implementation {
  const update = forms.some((form) => (UPDATE_FORMS as readonly string[]).includes(form));
  return fixedRule(entry, async (ctx) => {
    const fields = groups(level, update);
    const boundaries = fields.map((values) => values.filter(isBoundaryValue)).filter((values) => values.length > 0);
    await ctx.check(
      fc.record({ values: fc.constantFrom(...fields), form: fc.constantFrom(...forms), job: createBodyArb(ctx) }),
      ({ values, form, job }) => run(ctx, level, form, values, job),
      {
        runs: extraRuns(ctx),
        // Each case creates its own job (or lists only its own case tag).
        independentCases: true,
        examples: [
          ...boundaries.flatMap((values) => forms.map((form) => ({ values, form }))),
          ...joinedByForm(
            dealtOver(
              fields.map((values) => values.filter((value) => !isBoundaryValue(value))),
              forms,
            ),
          ),
        ],
      },
    );
  });
}

/**
 * The schema-negative rules, in report order.
 *
 * @example
 * import { schemaNegativeRules } from './checks/schema-negatives.js';
 * export const rules = [...schemaNegativeRules];
 */
export const schemaNegativeRules: Implementation[] = [
  negativeRule(
    {
      id: 'jobs.create.rejects-schema-negatives',
      section: '4',
      level: 'must',
      title:
        'POST /jobs and PUT-create with a value derived invalid from the schemas (another type, null or empty where required, past a ' +
        'length or count, near an enum or pattern) are refused and create nothing; the largest valid value is accepted',
      statement: 'Bodies are JSON. Field names and types are those of section 2.',
    },
    'must',
    CREATE_FORMS,
    createCase,
  ),
  negativeRule(
    {
      id: 'jobs.update.rejects-schema-negatives',
      section: '4.3',
      level: 'must',
      title:
        'A PUT by id, by referenceId or through the override with a value derived invalid from the ' +
        'schemas is refused and changes nothing; the largest valid value is accepted',
      statement: 'Request body fields are the same as POST, and its format is symmetrical with the GET result.',
      long: true,
    },
    'must',
    UPDATE_FORMS,
    updateCase,
  ),
  negativeRule(
    {
      id: 'jobs.create.rejects-lenient-values',
      section: '4',
      level: 'should',
      title:
        'POST /jobs and PUT-create with a value a lenient reading accepts (a coerced type, a status in another letter case ' +
        'or with white space around it, null for a field that is not nullable, a near-ISO date) are refused',
      statement: 'Good practice; the spec says: Bodies are JSON. Field names and types are those of section 2.',
    },
    'should',
    CREATE_FORMS,
    createCase,
  ),
  negativeRule(
    {
      id: 'jobs.update.rejects-lenient-values',
      section: '4.3',
      level: 'should',
      title:
        'A PUT by id, by referenceId or through the override with a value a lenient reading accepts (a coerced type, a status in ' +
        'another letter case or with white space around it, null for a field that is not nullable, a near-ISO date) is refused and changes nothing',
      statement:
        'Good practice; the spec says: Request body fields are the same as POST, and its format is symmetrical with the GET result.',
    },
    'should',
    UPDATE_FORMS,
    updateCase,
  ),
];
