/**
 * @module The names a job shows beside its ids follow the ids (2.3 category, 2.4 position type, 2.5 salary period with
 * its unit, 2.6 routing type: each an `{id, name}` object of which only the id is sent), and the places it shows follow
 * the descriptions sent (2.2: a name, a description and a type, without the id, which a server may give an unlisted
 * place per job). Two jobs are created, one with each of two sets, and what they show is the book. A third job, created
 * with the first set, is updated to the second in every form (by id, by referenceId, through the override where
 * honoured), at once, and in the example of every run also field by field (the salary as its period alone, a partial
 * salary), and a PUT-create takes the second: each answer and a GET after it must show every id and place as the book
 * does. A server that keeps the names it joined at the create, or caches them by job, shows the old ones beside the new
 * ids; one that writes new ids into old rows by position keeps their names, so every position of the second set holds
 * another category id than the first's, and its places are the first's with one replaced. The second set also goes
 * out as a client edits a GET result: the old names, units and place ids kept beside the new ids and descriptions, in
 * every update form and every create form; a server that stores a name sent, or picks a thing by its name or a place
 * by its id, shows it.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import { ROUTING_TYPE_MEANINGS, SALARY_PERIOD_MEANINGS } from '../../schemas/id-meanings.js';
import { inputLimits, routingTypeIds } from '../arbitraries/schema-limits.js';
import { locationsArb, type LocationInput } from '../arbitraries/location.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { caseTagOf, createBodyArb, identify, withNumberAmounts } from '../kit/bodies.js';
import { show } from '../../judging/compare.js';
import { expectStatus, isSuccess, jobOf } from '../kit/http.js';
import { createJob, getJob, listJobs } from '../kit/jobs.js';
import {
  CREATE_FORMS,
  declinesCreate,
  declinesUpdate,
  formLabel,
  sendCreate,
  sendUpdate,
  UPDATE_FORMS,
  type UpdateForm,
} from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { PLAIN_ADDRESS } from './limits/routing-body.js';

/** One id of each kind a job names, and its places (2.2: sent by description alone, shown with a name and a type). */
interface Ids {
  positionType: number;
  /** 1 to 3 entries (2.1): the second set holds the first set's category too, so one job shows two at once. */
  categories: readonly number[];
  period: number;
  routing: number;
  locations: readonly LocationInput[];
}

/** The fields that carry `ids`, with the address their routing type requires (4.2). */
function fieldsOf(ids: Ids, amount: number): Body {
  return {
    locations: [...ids.locations],
    positionType: { id: ids.positionType },
    categories: ids.categories.map((id) => ({ id })),
    salary: { amount, period: { id: ids.period }, plusCommission: false },
    applicantRoutingType: { id: ids.routing },
    ...PLAIN_ADDRESS[ids.routing === routingTypeIds.email ? 'email' : 'url'],
  };
}

/** `generated` with `ids` in place of its own, and no address but the one their routing type takes. */
function bodyWith(generated: Body, ids: Ids): Body {
  const { applicationEmail: _email, applicationUrl: _url, ...rest } = generated;
  return { ...rest, ...fieldsOf(ids, 52000) };
}

/** Each named part of a job as `kind id`, with its name (and unit) as shown. */
function namedParts(job: Job): Array<[string, string]> {
  const parts: Array<[string, { id: number; name?: string; unit?: string }]> = [
    ['positionType', job.positionType],
    ...job.categories.map((category): [string, { id: number; name?: string }] => ['category', category]),
    ['applicantRoutingType', job.applicantRoutingType],
  ];
  if (job.salary) parts.push(['salary.period', job.salary.period]);
  return parts.map(([kind, part]) => [`${kind} ${part.id}`, show({ name: part.name, unit: part.unit })]);
}

/**
 * The places a job shows, without their ids (a server may give an unlisted place an id per job), in one order: the
 * places of one set of descriptions sent, as the job shows them.
 */
function shownPlaces(job: Pick<Job, 'locations'>): string {
  const places = job.locations.map(({ name, description, type }) => show({ name, description, type }));
  return places.sort().join('; ');
}

/** The places sent, as a key: the same descriptions in any order. */
const sentPlaces = (locations: readonly LocationInput[]): string => `locations ${show(locations.map((l) => l.description).sort())}`;

/** What `job`, sent `ids`, shows for each: the names by kind and id, and its places by the descriptions sent. */
function shownParts(job: Job, ids: Ids): Array<[string, string]> {
  return [...namedParts(job), [sentPlaces(ids.locations), shownPlaces(job)]];
}

/** The names by kind and id, and the places by the descriptions sent, as the jobs created with them show them. */
class NameBook {
  readonly #names = new Map<string, string>();

  record(job: Job, ids: Ids): void {
    for (const [key, names] of shownParts(job, ids)) if (!this.#names.has(key)) this.#names.set(key, names);
  }

  /** The parts of `job`, which was sent `ids`, named otherwise than the book names them. */
  departures(job: Job, ids: Ids): string[] {
    return shownParts(job, ids)
      .filter(([key, names]) => this.#names.has(key) && this.#names.get(key) !== names)
      .map(([key, names]) => `${key}: ${names}, where a job created with it shows ${this.#names.get(key)}`);
  }
}

const BECAUSE =
  'each id names one thing (2.3, 2.4, 2.5, 2.6: {id, name}, a period with its unit), and places are sent by description ' +
  '(2.2); an update answers the full Job (4.3), so a job given an id or a place shows what a job created with it shows';

function expectNamesFollow(ctx: RuleContext, book: NameBook, job: Job, ids: Ids, where: string): void {
  const departures = book.departures(job, ids);
  ctx.expect(departures.length === 0, {
    title: `${where} names an id as no job created with it does`,
    expected: BECAUSE,
    received: departures.join('\n'),
  });
}

/** Two different values of `ids` (the same one twice when there is only one). */
const pairOf = (ids: readonly number[]): fc.Arbitrary<[number, number]> =>
  fc.shuffledSubarray([...ids], { minLength: Math.min(2, ids.length), maxLength: Math.min(2, ids.length) }).map(([a, b]) => [a!, b ?? a!]);

interface NamesCase {
  generated: Body;
  from: Ids;
  to: Ids;
  /** Each id-bearing field also sent alone, in every update form (the example of every run). */
  alone: boolean;
}

function namesCaseArb(ctx: RuleContext): fc.Arbitrary<NamesCase> {
  const periods = SALARY_PERIOD_MEANINGS.map((row) => row.id);
  const routings = ROUTING_TYPE_MEANINGS.map((row) => row.id);
  return fc
    .record({
      generated: createBodyArb(ctx),
      // Two or more places, and one more that none of them is, for the second set (see `to` below).
      places: locationsArb({ minLength: 3, maxLength: inputLimits.locationsMax + 1 }),
      replaced: fc.nat(),
      positionType: pairOf(ctx.refs.positionTypeIds),
      // The first set's category is the lower id (see `to` below).
      category: pairOf(ctx.refs.categoryIds).map(([a, b]): [number, number] => [Math.min(a, b), Math.max(a, b)]),
      period: pairOf(periods),
      routing: pairOf(routings),
      alone: fc.constant(false),
    })
    .map(({ generated, places, replaced, positionType, category, period, routing, alone }) => ({
      generated,
      alone,
      from: {
        positionType: positionType[0],
        categories: [category[0]],
        period: period[0],
        routing: routing[0],
        locations: places.slice(0, -1),
      },
      to: {
        positionType: positionType[1],
        // A job with two categories shows a name beside each id: one that names every category as its first shows.
        // In descending id order: one that reads the names in id order (as a query by the ids returns them) and pairs
        // them by position shows them swapped. The new category takes the first position and the shared one moves
        // to the second, so every position changes id: one that writes the new ids into the job's old category rows
        // and keeps their names shows a stale name at each.
        categories: [...new Set([category[1], category[0]])],
        period: period[1],
        routing: routing[1],
        // The first set's places with one replaced by another and the rest kept where they were: one that diffs the
        // places by position and rewrites a changed row's description alone shows the old place's name and id there.
        locations: places.slice(0, -1).with(replaced % (places.length - 1), places.at(-1)!),
      },
    }));
}

/**
 * `job`'s GET result with `to`'s ids and places written in, each beside what the GET showed for the old one: the old
 * name (and unit), a place's old id, name and type beside the new description. A client that edits a GET result
 * and sends it back sends those; only the ids and descriptions are read (2.2-2.6: "On input only id is supplied").
 */
function editedGetResult(job: Job, to: Ids): Body {
  const { id: _named, ...rest } = job;
  const { applicationEmail, applicationUrl } = fieldsOf(to, 0);
  return withNumberAmounts({
    ...rest,
    positionType: { ...job.positionType, id: to.positionType },
    categories: to.categories.map((id, i) => ({ ...(job.categories[i] ?? job.categories[0]), id })),
    salary: { ...(job.salary ?? { amount: 52000, plusCommission: false }), period: { ...job.salary?.period, id: to.period } },
    applicantRoutingType: { ...job.applicantRoutingType, id: to.routing },
    applicationEmail: applicationEmail ?? null,
    applicationUrl: applicationUrl ?? null,
    locations: to.locations.map((place, i) => ({ ...(job.locations[i] ?? job.locations[0]), description: place.description })),
  });
}

type HeldIds = Pick<Ids, 'positionType' | 'categories' | 'period' | 'routing'>;

/** Ids as a key: the categories in any order. */
const idsKey = (ids: HeldIds): string => show({ ...ids, categories: [...ids.categories].sort((a, b) => a - b) });

/** The ids `job` holds (its places aside). */
const idsOfJob = (job: Job): HeldIds => ({
  positionType: job.positionType.id,
  categories: job.categories.map((category) => category.id),
  period: job.salary?.period.id ?? Number.NaN,
  routing: job.applicantRoutingType.id,
});

/**
 * Fails unless `job` holds the ids sent, and its list item shows the places a GET shows: an id sent
 * beside another thing's name names the thing of that id (4.3: only the fields sent change, to the values sent).
 */
async function expectEditTaken(ctx: RuleContext, job: Job, to: Ids, where: string): Promise<void> {
  const { positionType, categories, period, routing } = to;
  const [sent, held] = [idsKey({ positionType, categories, period, routing }), idsKey(idsOfJob(job))];
  ctx.expect(held === sent, {
    title: `${where} holds other ids than were sent`,
    expected: 'the ids sent are the ids held, whatever names were sent beside them (2.3-2.6: on input only id is supplied; 4.3)',
    received: `sent ${sent}, held ${held}`,
  });
  const item = (await listJobs(ctx, { q: caseTagOf(ctx), pageSize: 100 })).json.data.find((header) => header.id === job.id);
  if (item === undefined) return;
  ctx.expect(shownPlaces(item) === shownPlaces(job), {
    title: `the list item of job ${job.id} shows other places than a GET after ${where}`,
    expected: 'a header is a subset of the job with the same types and meaning (2.7); places are read from their descriptions (2.2)',
    received: `list ${shownPlaces(item)}; GET ${shownPlaces(job)}`,
  });
}

/**
 * A job made with `from`, updated in `form` by its GET result edited to `to`: the answer and a GET after it name as
 * the book does. A refusal is not judged: taking a GET result sent back is jobs.update.get-result-resent's to judge.
 */
async function editedInForm(ctx: RuleContext, book: NameBook, generated: Body, { from, to }: { from: Ids; to: Ids }, form: UpdateForm) {
  const job = await getJob(ctx, (await createJob(ctx, identify(ctx, bodyWith(generated, from)))).id);
  const res = await sendUpdate(ctx, form, job, editedGetResult(job, to));
  if ((await declinesUpdate(ctx, form, job, res)) || !isSuccess(res.status)) return;
  const label = `${formLabel(form, job)} with its GET result edited to other ids and places`;
  expectNamesFollow(ctx, book, jobOf(res), to, `the ${label} answer`);
  const read = await getJob(ctx, job.id);
  expectNamesFollow(ctx, book, read, to, `GET /jobs/${job.id} after ${label}`);
  await expectEditTaken(ctx, read, to, label);
}

/** One id-bearing field of a job, sent alone, and the ids the job holds after it. */
interface OneField {
  name: string;
  patch: Body;
  held(now: Ids): Ids;
}

/**
 * Each id-bearing field of `to` as an update of its own, the salary as its period alone (a partial salary: 4.3, only
 * the fields sent change), the routing type with its address (4.2).
 */
function oneAtATime(to: Ids): OneField[] {
  const { positionType, categories, applicantRoutingType, applicationEmail, applicationUrl } = fieldsOf(to, 0);
  const address = applicationEmail === undefined ? { applicationUrl } : { applicationEmail };
  return [
    { name: 'positionType', patch: { positionType }, held: (now) => ({ ...now, positionType: to.positionType }) },
    { name: 'categories', patch: { categories }, held: (now) => ({ ...now, categories: to.categories }) },
    { name: 'salary.period', patch: { salary: { period: { id: to.period } } }, held: (now) => ({ ...now, period: to.period }) },
    { name: 'applicantRoutingType', patch: { applicantRoutingType, ...address }, held: (now) => ({ ...now, routing: to.routing }) },
    { name: 'locations', patch: { locations: [...to.locations] }, held: (now) => ({ ...now, locations: to.locations }) },
  ];
}

/** A job made with `from`, given each field of `to` alone in `form`: every answer, and a GET after the last, names as the book does. */
async function fieldByField(ctx: RuleContext, book: NameBook, generated: Body, from: Ids, to: Ids, form: UpdateForm): Promise<void> {
  const job = await createJob(ctx, identify(ctx, bodyWith(generated, from)));
  let now = from;
  for (const field of oneAtATime(to)) {
    const { name, patch } = field;
    const res = await sendUpdate(ctx, form, job, patch);
    if (await declinesUpdate(ctx, form, job, res)) return;
    const label = `${formLabel(form, job)} with ${name} alone`;
    expectStatus(ctx, res, isSuccess, `${label} updates the job (spec 4.3)`);
    now = field.held(now);
    expectNamesFollow(ctx, book, jobOf(res), now, `the ${label} answer`);
  }
  expectNamesFollow(ctx, book, await getJob(ctx, job.id), now, `GET /jobs/${job.id} after each field alone`);
}

async function check(ctx: RuleContext, { generated, from, to, alone }: NamesCase): Promise<void> {
  const book = new NameBook();
  const made: Job[] = [];
  for (const ids of [from, to]) {
    made.push(await createJob(ctx, identify(ctx, bodyWith(generated, ids))));
    book.record(made.at(-1)!, ids);
  }
  for (const form of UPDATE_FORMS) {
    const job = await createJob(ctx, identify(ctx, bodyWith(generated, from)));
    const label = formLabel(form, job);
    const res = await sendUpdate(ctx, form, job, fieldsOf(to, 61000));
    if (await declinesUpdate(ctx, form, job, res)) continue;
    expectStatus(ctx, res, isSuccess, `${label} with other ids updates the job (spec 4.3)`);
    expectNamesFollow(ctx, book, jobOf(res), to, `the ${label} answer`);
    expectNamesFollow(ctx, book, await getJob(ctx, job.id), to, `GET /jobs/${job.id} after ${label}`);
    if (alone) await fieldByField(ctx, book, generated, from, to, form);
    await editedInForm(ctx, book, generated, { from, to }, form);
  }
  const putCreated = await ctx.api.putByReference(identify(ctx, bodyWith(generated, to)));
  expectStatus(ctx, putCreated, isSuccess, 'PUT /jobs with a new referenceId creates the job as POST does (spec 4.3)');
  expectNamesFollow(ctx, book, jobOf(putCreated), to, 'the PUT /jobs (new referenceId) answer');
  // A GET result of a job made with `from`, edited to `to`, creates too, in every create form (4.2: a GET result
  // posted creates the same values).
  const source = await getJob(ctx, made[0]!.id);
  for (const form of CREATE_FORMS) {
    const { referenceId: _own, ...edited } = editedGetResult(source, to);
    const res = await sendCreate(ctx, form, identify(ctx, edited));
    // Whether the override is declined is asked with a plain body: the edited one may be refused for what it holds.
    if ((await declinesCreate(ctx, form, bodyWith(generated, to), res)) || !isSuccess(res.status)) continue;
    const label = `${formLabel(form)} of a GET result edited to other ids and places`;
    expectNamesFollow(ctx, book, jobOf(res), to, `the ${label} answer`);
    const read = await getJob(ctx, jobOf(res).id);
    expectNamesFollow(ctx, book, read, to, `GET /jobs/${read.id} after ${label}`);
    await expectEditTaken(ctx, read, to, label);
  }
}

export const namesFollowIdsRule: Implementation = propertyRule<NamesCase>(
  {
    id: 'jobs.update.names-follow-ids',
    section: '4.3',
    level: 'must',
    title: 'A job given other ids by an update in every form, or by a PUT-create, names them as a job created with them does',
    statement: 'Request body fields are the same as POST, and its format is symmetrical with the GET result.',
  },
  {
    maxRuns: 1,
    arbitrary: namesCaseArb,
    examples: () => [{ alone: true }],
    check,
  },
);
