/**
 * @module Every string field round-trips every character class (spec 2.1, 2.7, 4.2, 4.3): what is written comes
 * back as the same value on every read path, the write's own answer (POST 201, PUT 200), GET /jobs/{id}, the
 * list item (title, referenceId, locations are in the header), the answer of a later PUT, and the answers and reads
 * after a status change in each update form, which sends the status alone (3: other fields unchanged). The classes come
 * from suites/arbitraries/character-classes.ts; each is sent in every run (the rule's examples), then drawn.
 * Values compare through the judging kit: text up to Unicode normalization (NFC), the description by HTML
 * content, the URL with its scheme in any case, places as the server resolves them.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import { CLASS_EXAMPLES, classDescription, classSampleArb, REFUSABLE_CLASSES, type ClassSample } from '../arbitraries/character-classes.js';
import type { LocationInput } from '../arbitraries/location.js';
import { caseTagOf, createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { sameEmail, sameHtmlContent, sameLocations, sameText, sameUrl, show } from '../../judging/compare.js';
import { expectStatus, isClientError, isSuccess, jobOf, responseLine } from '../kit/http.js';
import { createJob, expectRemoved, getJob, listAllJobs } from '../kit/jobs.js';
import {
  CREATE_FORMS,
  declinesCreate,
  formLabel,
  ID_FORMS,
  PUT_CREATES,
  sendCreate,
  sendUnlessDeclined,
  REFERENCE_FORMS,
  UPDATE_FORMS,
  type CreateForm,
  type UpdateForm,
} from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

/** What the job must hold after the writes so far. */
interface Written {
  title: string;
  referenceId: string;
  description?: string;
  applicationEmail?: string;
  applicationUrl?: string;
  locations: readonly LocationInput[];
}

/** The fields of `job` (a full job, or a list item with `header`) that do not hold what was written. */
function differences(written: Written, job: Record<string, unknown>, header: boolean): string[] {
  const differs: string[] = [];
  const note = (field: string, sent: unknown): number => differs.push(`${field}: sent ${show(sent)}, got ${show(job[field])}`);
  // Text up to Unicode normalization: a server may store `é` composed or decomposed (sameText).
  if (!sameText(job.title, written.title)) note('title', written.title);
  if (!sameText(job.referenceId, written.referenceId)) note('referenceId', written.referenceId);
  if (!sameLocations(written.locations, job.locations)) note('locations', written.locations);
  if (header) return differs;
  if (written.description !== undefined && !(typeof job.description === 'string' && sameHtmlContent(written.description, job.description)))
    note('description', written.description);
  if (written.applicationEmail !== undefined && !sameEmail(job.applicationEmail, written.applicationEmail))
    note('applicationEmail', written.applicationEmail);
  if (written.applicationUrl !== undefined && !sameUrl(job.applicationUrl, written.applicationUrl))
    note('applicationUrl', written.applicationUrl);
  return differs;
}

/** Fails unless `job`, read by `path`, holds what was written. */
function expectKept(ctx: RuleContext, written: Written, job: Record<string, unknown>, path: string, what: string, header = false): void {
  const differs = differences(written, job, header);
  ctx.expect(differs.length === 0, {
    title: `${path} changed ${what}`,
    expected: `${path} returns every string field as written (spec 2.1 and 2.7: strings; 4.2, 4.3: the body is symmetrical with the GET result)`,
    received: differs.join('\n'),
  });
}

/** The list item of job `id`, from the case's own jobs; fails when the list misses it. */
async function listItemOf(ctx: RuleContext, id: number): Promise<Record<string, unknown>> {
  const item = (await listAllJobs(ctx, { q: caseTagOf(ctx) })).find((header) => header.id === id);
  ctx.expect(item !== undefined, {
    title: `job ${id} is missing from the list`,
    expected: 'the list has every job of the employer matching q (spec 4.5)',
    received: `no item with id ${id}`,
  });
  return item;
}

/** Reads the job back by GET and in the list, and checks both. */
async function expectReadsKept(ctx: RuleContext, written: Written, id: number, what: string): Promise<void> {
  expectKept(ctx, written, await getJob(ctx, id), `GET /jobs/${id}`, what);
  expectKept(ctx, written, await listItemOf(ctx, id), `the list item of job ${id}`, what, true);
}

/** The body of one class: every plain string field carries its text, the address and places hold it where they can. */
function classBody(ctx: RuleContext, generated: Body, sample: ClassSample): { body: Body & { referenceId: string }; plain: string } {
  const identified = identify(ctx, generated);
  const { applicationEmail: _email, applicationUrl: _url, ...rest } = identified;
  const body = {
    ...rest,
    ...sample.routing,
    ...(sample.locations ? { locations: [...sample.locations] } : {}),
    // Active, so that its status can change (3: the transitions from draft are not shown).
    status: 'active',
    referenceId: `${identified.referenceId}-${sample.text}`,
    title: scopedTitle(ctx, identified.referenceId, sample.text),
    description: classDescription(sample.text, sample.characterClass),
  };
  return { body, plain: identified.referenceId };
}

function writtenOf(body: Body & { referenceId: string }): Written {
  return {
    title: body.title as string,
    referenceId: body.referenceId,
    description: body.description as string,
    ...(typeof body.applicationEmail === 'string' ? { applicationEmail: body.applicationEmail } : {}),
    ...(typeof body.applicationUrl === 'string' ? { applicationUrl: body.applicationUrl } : {}),
    locations: body.locations as LocationInput[],
  };
}

/**
 * Creates the class's body by POST or by a PUT with a new referenceId, plainly or through the method override (4.3:
 * it behaves as POST). The spec restricts no character of a referenceId, but this suite records a refusal of an
 * unusual one (jobs.robustness.reference-id-characters does too) and goes on with the plain referenceId: the other
 * fields still carry the class. A class a server may refuse outright (REFUSABLE_CLASSES) is recorded when refused,
 * and the case ends there: undefined; so does a target that declines the override (`canonical`, a plain valid body,
 * shows it: declinesCreate).
 */
async function createClassJob(
  ctx: RuleContext,
  form: CreateForm,
  body: Body & { referenceId: string },
  { plain, sample, canonical }: { plain: string; sample: ClassSample; canonical: Body },
): Promise<(Job & { referenceId: string }) | undefined> {
  const res = await sendCreate(ctx, form, body);
  if (await declinesCreate(ctx, form, canonical, res)) return undefined;
  if (isClientError(res.status) && body.referenceId !== plain) {
    ctx.observe({ topic: 'reference-id-characters', section: '2.1', observed: `${JSON.stringify(body.referenceId)}: ${res.status}` });
    return createClassJob(ctx, form, { ...body, referenceId: plain }, { plain, sample, canonical });
  }
  if (isClientError(res.status) && REFUSABLE_CLASSES.has(sample.characterClass)) {
    ctx.observe({ topic: 'string-characters-refused', section: '2.1', observed: `${sample.characterClass}: ${res.status}` });
    return undefined;
  }
  if (form === 'post') expectStatus(ctx, res, 201, 'POST /jobs with string fields of any characters creates the job: 201 (spec 2.1, 4.2)');
  else expectStatus(ctx, res, isSuccess, `${formLabel(form)} with string fields of any characters creates the job (spec 4.3)`);
  observeSpelling(ctx, body, jobOf(res));
  return { ...jobOf(res), referenceId: body.referenceId };
}

/**
 * A description and a place may come back in another spelling of the same content (the HTML re-serialized, a
 * place in its canonical name): 2.1 gives the markup's rules and the place's meaning, not the text. Recorded.
 */
function observeSpelling(ctx: RuleContext, body: Body, job: Job): void {
  const sentPlaces = (body.locations as LocationInput[]).map((location) => location.description);
  const keptPlaces = job.locations.map((location) => location.description);
  const description = job.description === body.description ? 'as sent' : 'respelled';
  const places = sentPlaces.every((place) => keptPlaces.includes(place)) ? 'as sent' : 'respelled';
  ctx.observe({ topic: 'job.spelling', section: '2.1', observed: `description ${description}, location descriptions ${places}` });
}

const characterClasses: Implementation = propertyRule<{ generated: Body; sample: ClassSample }>(
  {
    id: 'jobs.roundtrip.character-classes',
    section: '4.3',
    level: 'must',
    title:
      'Every string field keeps HTML-special characters, backslashes, letters beyond ASCII, combining marks, ' +
      'characters beyond the BMP, inner white space, capitals and line ends on every write and read path, and DELETE /jobs finds its referenceId',
    statement: 'Request body fields are the same as POST, and its format is symmetrical with the GET result.',
  },
  {
    independentCases: true,
    maxRuns: 3,
    arbitrary: (ctx) => fc.record({ generated: createBodyArb(ctx), sample: classSampleArb }),
    examples: () => CLASS_EXAMPLES.map((sample) => ({ sample })),
    check: async (ctx: RuleContext, { generated, sample }) => {
      const { body, plain } = classBody(ctx, generated, sample);
      const created = await createClassJob(ctx, 'post', body, { plain, sample, canonical: generated });
      if (created === undefined) return;
      const id = created.id;
      const written: Written = { ...writtenOf(body), referenceId: created.referenceId };
      const what = `${sample.characterClass} text`;
      expectKept(ctx, written, created, 'the POST /jobs answer', what);
      await expectReadsKept(ctx, written, id, what);

      // Each update form writes the class again, the address too (every write path of every field); its answer still
      // holds the fields it did not touch. PUT /jobs names the job by the referenceId as written, class and all.
      const { applicantRoutingType: _routing, ...address } = sample.routing;
      for (const [i, form] of UPDATE_FORMS.entries()) {
        const text = `${sample.text}${UPDATE_MARKS[i]}`;
        const patch = { title: scopedTitle(ctx, plain, text), description: classDescription(text, sample.characterClass), ...address };
        const res = await sendUnlessDeclined(ctx, form, { job: created, patch, fresh: identify(ctx, generated) });
        if (res === undefined) continue;
        const label = formLabel(form, created);
        expectStatus(ctx, res, 200, `${label} with string fields of any characters answers 200 and the job (spec 4.3)`);
        ctx.expect(jobOf(res).id === id, {
          title: `${label} answered job ${jobOf(res).id}, not ${id}`,
          expected: 'the job it names is updated (spec 4.3)',
          received: responseLine(res),
        });
        Object.assign(written, patch);
        expectKept(ctx, written, jobOf(res), `the ${label} answer`, what);
      }
      await expectReadsKept(ctx, written, id, what);
      await statusChangesKeepText(ctx, { created, generated, written, what });

      // A PUT with a new referenceId creates the class's job as POST does (4.3), and DELETE /jobs names it by the
      // referenceId as written (4.4): the job is gone after it.
      for (const form of PUT_CREATES) {
        const fresh = classBody(ctx, generated, sample);
        const made = await createClassJob(ctx, form, fresh.body, { plain: fresh.plain, sample, canonical: generated });
        if (made === undefined) continue;
        const madeWritten: Written = { ...writtenOf(fresh.body), referenceId: made.referenceId };
        expectKept(ctx, madeWritten, made, `the ${formLabel(form)} answer`, what);
        await expectReadsKept(ctx, madeWritten, made.id, what);
        await expectDeletedByReference(ctx, made);
      }
    },
  },
);

/**
 * The class's job, active, archived and re-published in turn, one update form each, with the status alone (3: "Other
 * fields unchanged"): each answer, then a GET and the list item, still hold every string field as written. A server
 * that rewrites the row on a status change, and normalizes the text it writes again, shows here.
 */
async function statusChangesKeepText(
  ctx: RuleContext,
  { created, generated, written, what }: { created: Job & { referenceId: string }; generated: Body; written: Written; what: string },
): Promise<void> {
  let status: Job['status'] = 'active';
  for (const form of UPDATE_FORMS) {
    const next: Job['status'] = status === 'active' ? 'archived' : 'active';
    const res = await sendUnlessDeclined(ctx, form, { job: created, patch: { status: next }, fresh: identify(ctx, generated) });
    if (res === undefined) continue;
    const label = `${formLabel(form, created)} with status ${next} only`;
    expectStatus(ctx, res, 200, `${label} changes the status: 200 and the job (spec 3, 4.3)`);
    status = next;
    expectKept(ctx, written, jobOf(res), `the ${label} answer`, what);
  }
  await expectReadsKept(ctx, written, created.id, what);
}

/** Marks that make each update form's text its own: a write that did not land shows the last one's. */
const UPDATE_MARKS = ['.', '!', '?', ';'];

async function expectDeletedByReference(ctx: RuleContext, made: Job & { referenceId: string }): Promise<void> {
  const deleted = await ctx.api.deleteByReference(made.referenceId);
  expectStatus(ctx, deleted, 204, 'DELETE /jobs by the referenceId as written removes the job: 204 with no body (spec 4.4)');
  await expectRemoved(ctx, made.id, deleted, {
    title: `job ${made.id} is still there after DELETE /jobs by referenceId ${JSON.stringify(made.referenceId)}`,
    expected: 'the job with that referenceId is removed (spec 3, 4.4): GET answers a client error',
  });
}

/** White space at both ends of a title or a referenceId, ASCII and not (a no-break space). */
const END_SPACES = { before: '  ', after: ' \u00A0' };

const titleEndWhiteSpace: Implementation = propertyRule(
  // should: 4.2's symmetry holds for a server that trims (a trimmed title posted back is itself), and 2.1 says
  // only "String": keeping the spaces is the faithful choice, trimming them a defensible one.
  {
    id: 'jobs.roundtrip.title-end-white-space',
    section: '2.1',
    level: 'should',
    title: 'A title keeps the white space at its ends on every write and read path',
    statement: 'Good practice; the spec says: title | String, max 256 | Job title.',
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const body = identify(ctx, generated);
      const spaced = (text: string): string => `${END_SPACES.before}${scopedTitle(ctx, body.referenceId, text)}${END_SPACES.after}`;
      const written: Written = { title: spaced('spaced'), referenceId: body.referenceId, locations: body.locations as LocationInput[] };
      const created = await createJob(ctx, { ...body, title: written.title });
      const what = 'the white space at the ends of the title';
      expectKept(ctx, written, created, 'the POST /jobs answer', what);
      await expectReadsKept(ctx, written, created.id, what);
      for (const form of UPDATE_FORMS) {
        const title = spaced(form);
        const res = await sendUnlessDeclined(ctx, form, { job: created, patch: { title }, fresh: identify(ctx, generated) });
        if (res === undefined) continue;
        written.title = title;
        const label = formLabel(form, created);
        expectStatus(ctx, res, 200, `${label} with a title answers 200 and the job (spec 4.3)`);
        expectKept(ctx, written, jobOf(res), `the ${label} answer`, what);
      }
      await expectReadsKept(ctx, written, created.id, what);
      // And each PUT /jobs that creates (4.3: it behaves as POST).
      for (const form of PUT_CREATES) {
        const fresh = identify(ctx, generated);
        const title = spaced(form);
        const res = await sendCreate(ctx, form, { ...fresh, title });
        if (await declinesCreate(ctx, form, generated, res)) continue;
        const label = formLabel(form);
        expectStatus(ctx, res, isSuccess, `${label} with a title creates the job (spec 4.3)`);
        const made: Written = { title, referenceId: fresh.referenceId, locations: fresh.locations as LocationInput[] };
        expectKept(ctx, made, jobOf(res), `the ${label} answer`, what);
        await expectReadsKept(ctx, made, jobOf(res).id, what);
      }
    },
  },
);

const referenceIdEndWhiteSpace: Implementation = propertyRule(
  // should, as the title's: 2.1 says only "String", and a server that trims a referenceId on every write and every
  // lookup names its jobs consistently; keeping the spaces is the faithful choice, trimming them a defensible one.
  {
    id: 'jobs.roundtrip.reference-id-end-white-space',
    section: '2.1',
    level: 'should',
    title:
      'A referenceId keeps the white space at its ends on every create and rename path and every read, and PUT /jobs names its job by it',
    statement: "Good practice; the spec says: referenceId | String, max 50 | Employer's unique id for the job.",
  },
  {
    maxRuns: 1,
    arbitrary: (ctx) => createBodyArb(ctx),
    check: async (ctx: RuleContext, generated) => {
      const what = 'the white space at the ends of the referenceId';
      for (const form of CREATE_FORMS) {
        const body = identify(ctx, generated);
        const referenceId = `${END_SPACES.before}${body.referenceId}${END_SPACES.after}`;
        const res = await sendCreate(ctx, form, { ...body, referenceId });
        if (await declinesCreate(ctx, form, generated, res)) continue;
        const label = formLabel(form);
        expectStatus(ctx, res, isSuccess, `${label} with white space at the ends of the referenceId creates the job (spec 4.2, 4.3)`);
        const created = { ...jobOf(res), referenceId };
        const written: Written = { title: body.title as string, referenceId, locations: body.locations as LocationInput[] };
        expectKept(ctx, written, created, `the ${label} answer`, what);
        await expectReadsKept(ctx, written, created.id, what);
        await expectNamedByReference(ctx, created, form);
      }
      // A rename to such a referenceId in each form that names the job by id (PUT /jobs names it by the one it has).
      const body = identify(ctx, generated);
      const job = await createJob(ctx, body);
      let title = job.title;
      for (const form of ID_FORMS) {
        const referenceId = `${END_SPACES.before}${ctx.referenceId()}${END_SPACES.after}`;
        const res = await sendUnlessDeclined(ctx, form, { job, patch: { referenceId }, fresh: identify(ctx, generated) });
        if (res === undefined) continue;
        const label = formLabel(form);
        expectStatus(ctx, res, 200, `${label} renaming the job to a referenceId with white space at its ends answers 200 (spec 4.3)`);
        const written: Written = { title, referenceId, locations: body.locations as LocationInput[] };
        expectKept(ctx, written, jobOf(res), `the ${label} answer`, what);
        await expectReadsKept(ctx, written, job.id, what);
        title = (await expectNamedByReference(ctx, { ...job, referenceId }, form)) ?? title;
      }
    },
  },
);

/**
 * Fails unless PUT /jobs in each form (the override's where honoured) names `job` by its referenceId as written, each
 * with a new title; the last title taken, if any.
 */
async function expectNamedByReference(ctx: RuleContext, job: Job, written: UpdateForm | CreateForm): Promise<string | undefined> {
  let taken: string | undefined;
  for (const update of REFERENCE_FORMS) {
    const patch = { title: scopedTitle(ctx, job.referenceId ?? '', `${written} ${update}`) };
    const updated = await sendUnlessDeclined(ctx, update, { job, patch, fresh: identify(ctx, {}) });
    if (updated === undefined) continue;
    expectStatus(ctx, updated, 200, `${formLabel(update, job)} names the job by its referenceId as written (spec 4.3)`);
    ctx.expect(jobOf(updated).id === job.id, {
      title: `${formLabel(update, job)} answered job ${jobOf(updated).id}, not ${job.id}`,
      expected: 'the job with that referenceId, white space and all, is updated (spec 4.3)',
      received: responseLine(updated),
    });
    taken = patch.title;
  }
  return taken;
}

export const characterClassRules: Implementation[] = [characterClasses, titleEndWhiteSpace, referenceIdEndWhiteSpace];
