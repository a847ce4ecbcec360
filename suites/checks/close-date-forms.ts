/**
 * @module closeDate through every form and offset of ISO 8601 that every mainstream date parser reads (spec 2.1
 * "Date, ISO 8601"; the reading notes: any ISO 8601 form), on every write path and every read of it: the POST answer and a GET, the answer
 * of each update form and each PUT-create (the method override's where the target honours it), and a GET after each.
 * A date comes back as that day under either reading (its written date or its UTC date); a date-time as the same
 * instant, to the precision the answer writes (judging/dates.ts keepsDate). Each form goes out in every run (the
 * rule's examples), then drawn ones. The forms parsers disagree on are open: taken and kept, or refused.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { Body, RuleContext } from '../contract/rule.js';
import {
  CLOSE_DATE_FORMS,
  closeDateFormArb,
  futureInstantArb,
  UNCOMMON_FORMS,
  writeCloseDate,
  type CloseDateForm,
  type Instant,
} from '../arbitraries/close-date-forms.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { keepsDate, show } from '../../judging/compare.js';
import { instantMs } from '../../judging/dates.js';
import { DAY_MS, HOUR_MS } from '../../schemas/time-units.js';
import { expectStatus, isSuccess, jobOf } from '../kit/http.js';
import { createJob, getJob } from '../kit/jobs.js';
import { openValuesRule, type OpenValue } from '../kit/kept-or-refused.js';
import { formLabel, isCreateForm, LATER_FORMS, sendUnlessDeclined } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';

function expectCloseDate(ctx: RuleContext, sent: string, job: Job, path: string, form: string): void {
  ctx.expect(typeof job.closeDate === 'string' && keepsDate(sent, job.closeDate), {
    title: `${path} changed a closeDate sent in the form "${form}"`,
    expected:
      'the closeDate sent: the same day for a date, the same instant for a date-time, in any ISO 8601 spelling (spec 2.1 "Date, ISO 8601"; 4.2, 4.3)',
    received: `sent ${show(sent)}, got ${show(job.closeDate)}`,
  });
}

interface FormCase {
  generated: Body;
  form: CloseDateForm;
  /** One instant per write: POST, each update form, each PUT-create. */
  instants: Instant[];
}

const closeDateForms: Implementation = propertyRule<FormCase>(
  {
    id: 'jobs.roundtrip.close-date-forms',
    section: '2.1',
    level: 'must',
    title: 'A closeDate in every ISO 8601 form and offset comes back as the same day or instant on every write and read path',
    statement: 'closeDate | Date, ISO 8601 | Date the job closes.',
  },
  {
    independentCases: true,
    maxRuns: 3,
    arbitrary: (ctx) =>
      fc.record({
        generated: createBodyArb(ctx),
        form: closeDateFormArb,
        instants: fc.array(futureInstantArb(), { minLength: 1 + LATER_FORMS.length, maxLength: 1 + LATER_FORMS.length }),
      }),
    // Every form in every run; the instants stay drawn.
    examples: () => CLOSE_DATE_FORMS.map((form) => ({ form })),
    check: async (ctx: RuleContext, { generated, form, instants }) => {
      const [onPost, ...later] = instants.map((instant) => writeCloseDate(instant.ms, instant.nanos, form));
      const body = identify(ctx, { ...generated, closeDate: onPost });
      const created = await createJob(ctx, body);
      expectCloseDate(ctx, onPost!, created, 'the POST /jobs answer', form.name);
      expectCloseDate(ctx, onPost!, await getJob(ctx, created.id), `GET /jobs/${created.id}`, form.name);
      for (const [i, write] of LATER_FORMS.entries()) {
        const closeDate = later[i]!;
        const res = await sendUnlessDeclined(ctx, write, { job: created, patch: { closeDate }, fresh: identify(ctx, generated) });
        if (res === undefined) continue;
        const label = formLabel(write, created);
        expectStatus(ctx, res, isCreateForm(write) ? isSuccess : 200, `${label} with a closeDate takes it and answers the job (spec 4.3)`);
        expectCloseDate(ctx, closeDate, jobOf(res), `the ${label} answer`, form.name);
        expectCloseDate(ctx, closeDate, await getJob(ctx, jobOf(res).id), `GET /jobs/${jobOf(res).id} after ${label}`, form.name);
      }
    },
  },
);

/**
 * closeDates before the job's publishDate, derived from the publishDate the target gave (never the suite's clock):
 * well before it, the publish day itself (the nearest date that is not before it, read to its end), and a
 * date-time just before it.
 */
function closeDatesBefore(publishDate: string): Array<[string, string]> {
  const publish = instantMs(publishDate);
  const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
  return [
    ['a date 3 days before publishDate', day(publish - 3 * DAY_MS)],
    ['the publish day as a date', day(publish)],
    ['a date-time an hour before publishDate', new Date(publish - HOUR_MS).toISOString()],
  ];
}

/** What an open-closeDate rule sends, and how a refusal is recorded. */
interface OpenCloseDates {
  /** The closeDates to send, in words and written, derived from the publishDate the target gave. */
  datesFor(publishDate: string): Array<[string, string]>;
  /** Why either answer passes. */
  statement: string;
  topic: 'close-date.before-publish' | 'close-date.calendar-edge' | 'close-date.uncommon-form';
  /** The section the observation names. */
  section: string;
}

/** A closeDate as an open value: kept as that day or instant, or refused with the closeDate as it was. */
function openCloseDate(ctx: RuleContext, open: OpenCloseDates, what: string, closeDate: string): OpenValue {
  return {
    what,
    statement: open.statement,
    sent: { closeDate },
    observe: (path, answer) => ctx.observe({ topic: open.topic, section: open.section, observed: `${path}, ${what}: ${answer}` }),
  };
}

/**
 * A rule that sends each of `open`'s closeDates on POST, PUT-create and every update form (kept-or-refused.ts); with
 * `bounded`, dates in order of distance, of which a path may refuse only those beyond all it takes.
 */
function openCloseDateRule(entry: RuleEntry, open: OpenCloseDates, options: { bounded?: boolean; status?: 'active' } = {}): Implementation {
  return openValuesRule(
    entry,
    (ctx, job) => open.datesFor(job.publishDate).map(([what, closeDate]) => openCloseDate(ctx, open, what, closeDate)),
    options,
  );
}

const CLOSE_DATE_STATEMENT = 'closeDate | Date ISO 8601 | Can be set explicitly. Default is 60 days after `publishDate`.';

// Whether a closeDate before publishDate is accepted is not stated: recorded per path and kind of value.
const closeDateBeforePublish = openCloseDateRule(
  {
    id: 'jobs.roundtrip.close-date-before-publish',
    section: '2.1',
    level: 'must',
    title: 'A closeDate before publishDate is kept as sent or refused without effect, on POST, PUT-create and every update path (observed)',
    statement: CLOSE_DATE_STATEMENT,
  },
  {
    datesFor: closeDatesBefore,
    statement: 'spec 2.1: closeDate is the "Date the job closes" and can be set explicitly; nothing bounds it by publishDate',
    topic: 'close-date.before-publish',
    section: '2.1',
  },
  // Active jobs: one whose closeDate has passed is still listed under the status every read shows (closing on
  // closeDate is open, 3; filing it apart from what it shows is not).
  { status: 'active' },
);

/** The first leap year's 29 February (at noon UTC) after `nowMs`. */
function nextLeapDay(nowMs: number): string {
  for (let year = new Date(nowMs).getUTCFullYear(); ; year++) {
    const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
    if (leap && Date.UTC(year, 1, 29, 12) > nowMs) return `${year}-02-29T12:00:00Z`;
  }
}

/**
 * closeDates at the edges of calendars and clocks, each after the publishDate, nearest first: the next 29 February,
 * the turn of a year (a week-based year is another year on 30 December), the first second a signed 32-bit count of
 * seconds cannot hold (2038-01-19T03:14:08Z), and the last day of a four-digit year.
 */
function calendarEdges(publishDate: string): Array<[string, string]> {
  const publish = instantMs(publishDate);
  const year = new Date(publish).getUTCFullYear() + 1;
  const edges: Array<[string, string]> = [
    ['the next 29 February', nextLeapDay(publish)],
    ['30 December, a day of the next week-based year', `${year}-12-30T12:00:00Z`],
    ['the last second of a year', `${year}-12-31T23:59:59Z`],
    ['the first second past a 32-bit count of seconds', '2038-01-19T03:14:08Z'],
    ['the last day of year 9999', '9999-12-31'],
  ];
  return edges.sort(([, a], [, b]) => instantMs(a) - instantMs(b));
}

// How far ahead a job may close is not stated (a server may cap it): recorded per path and date; a date taken is
// kept, and a date refused lies beyond every date the path took (a cap, not a valid day refused).
const closeDateCalendarEdges = openCloseDateRule(
  {
    id: 'jobs.roundtrip.close-date-calendar-edges',
    section: '2.1',
    level: 'must',
    title:
      'A closeDate on 29 February, at the turn of a year, past 2038-01-19 or in year 9999 is kept as sent, or refused without effect ' +
      'beyond every date the path takes, on every write path (observed)',
    statement: CLOSE_DATE_STATEMENT,
  },
  {
    datesFor: calendarEdges,
    statement: 'spec 2.1: closeDate is a "Date, ISO 8601" that can be set explicitly, with no latest date stated',
    topic: 'close-date.calendar-edge',
    section: '2.1',
  },
  { bounded: true },
);

/** A date-time 40 days after the publishDate, at a minute and second that are not zero, in each uncommon form. */
function uncommonForms(publishDate: string): Array<[string, string]> {
  const at = instantMs(publishDate) + 40 * DAY_MS + 17 * 60_000 + 23_000;
  return UNCOMMON_FORMS.map((form) => [`a closeDate in the form "${form.name}"`, writeCloseDate(at - (at % 1000), 0, form)]);
}

// Which of the forms date parsers disagree on a server reads is the choice of its parser: recorded per path and form;
// one taken is kept as the day or instant it names.
const closeDateUncommonForms = openCloseDateRule(
  {
    id: 'jobs.roundtrip.close-date-uncommon-forms',
    section: '2.1',
    level: 'must',
    title:
      'A closeDate in a form date parsers disagree on (the basic format, a comma fraction, no seconds, an offset in hours or ' +
      'without a colon, a lower-case t and z, a space for T, no zone) is kept as the same day or instant, or refused without ' +
      'effect, on every write path (observed)',
    statement: CLOSE_DATE_STATEMENT,
  },
  {
    datesFor: uncommonForms,
    statement:
      'spec 2.1: closeDate is a "Date, ISO 8601"; the reading notes leave its form to the server, and mainstream parsers differ on these',
    topic: 'close-date.uncommon-form',
    section: '2.1',
  },
);

export const closeDateFormRules: Implementation[] = [
  closeDateForms,
  closeDateBeforePublish,
  closeDateCalendarEdges,
  closeDateUncommonForms,
];
