/**
 * @module The open forms test/suite/open-choices.test.ts proves, one row per form: the mock's choices that set it,
 * the rules it touches, and what the run must record. A row whose every choice one of the sweep's settings holds
 * (test/support/mock-settings.ts: the named profiles and other-forms) is proven by that setting's whole-registry run
 * in test/suite/mock-sweep.test.ts, which checks the row's observation and written form there; the PR gate runs the
 * other rows alone, the nightly tier all of them.
 */
import { expect } from 'vitest';
import { exampleJobCreate } from '../../../schemas/index.js';
import type { ConformanceReport } from '../../../schemas/types.gen.js';
import { choicesOf } from '../../support/mock-settings.js';

export interface OpenChoice {
  /** The form the spec leaves open, and where. */
  form: string;
  choices: Readonly<Record<string, string>>;
  only: string[];
  /** An observation the run must record: [topic, observed]. */
  observed?: [string, string];
  /** What the mock writes in this form for a job created with closeDate 2026-12-02: [field, pattern]; proves the row meets the form. */
  writes?: [string, RegExp];
}

/** Every rule that reads a job's dates: created, updated, listed, paged, copied and modelled. */
const DATE_RULES = [
  'jobs.create.*',
  'jobs.put-create.*',
  'jobs.update.*',
  'jobs.lifecycle.*',
  'jobs.roundtrip.*',
  'jobs.list.*',
  'jobs.paging.*',
  'jobs.model.lifecycle',
];

/** The reference-list shapes of the lists.shape switch, as a row's name writes them. */
const REFERENCE_LIST_SHAPES = {
  'items-count': '{items, count}',
  named: '{positionTypes: [...]}, {categories: [...]}',
  paged: 'pages of 3 items linked by paging.next',
} as const;

export const OPEN_CHOICES: OpenChoice[] = [
  {
    form: 'paging links as relative URLs (2.8 "String (URL)")',
    choices: { 'paging.link-form': 'relative', 'paging.param-order': 'page-first' },
    only: ['jobs.paging.*', 'jobs.list.*'],
    observed: ['paging-link-form', 'relative URL'],
  },
  {
    form: 'a description stored re-serialized (<br> back as <br/>; 2.1)',
    choices: { 'description.form': 'reserialized' },
    only: [
      'jobs.create.explicit-values',
      'jobs.put-create.creates',
      'jobs.update.changes-field',
      'jobs.update.by-reference',
      'jobs.model.lifecycle',
      'jobs.roundtrip.*',
      'jobs.html.*',
    ],
  },
  {
    form: 'maxAmount as a plain number (2.5 states four places for amount only)',
    choices: { 'salary.max-amount-form': 'plain' },
    only: ['jobs.limits.salary-four-decimals', 'jobs.update.*'],
    observed: ['salary.max-amount-form', 'another decimal form'],
  },
  {
    form: 'extra read-only fields in the header and the full Job (2.7, 2.1)',
    choices: { 'header.extra-fields': 'job-fields', 'job.extra-fields': 'updated-at' },
    only: [
      'jobs.list.*',
      'jobs.paging.*',
      'jobs.update.*',
      'jobs.create.*',
      'jobs.lifecycle.*',
      'jobs.roundtrip.*',
      'jobs.model.lifecycle',
    ],
    observed: ['header.extra-fields', 'autoRefresh, closeDate'],
  },
  {
    form: 'dates in whole seconds with +00:00, closeDate normalized (2.1 "Date, ISO 8601")',
    choices: { 'dates.precision': 'seconds', 'dates.zone': 'offset', 'dates.close-date': 'normalized' },
    only: ['jobs.create.*', 'jobs.update.*', 'jobs.lifecycle.*', 'jobs.roundtrip.*', 'jobs.list.*', 'jobs.model.lifecycle'],
  },
  {
    form: 'dates in minutes only, no seconds (2.1 "Date, ISO 8601"; Java OffsetDateTime.toString at zero seconds)',
    choices: { 'dates.precision': 'minutes', 'dates.close-date': 'normalized' },
    only: DATE_RULES,
    writes: ['closeDate', /^2026-12-02T00:00Z$/],
  },
  {
    form: 'dates with six fraction digits (2.1: any ISO 8601 form)',
    choices: { 'dates.precision': 'micros' },
    only: DATE_RULES,
    writes: ['publishDate', /T\d\d:\d\d:\d\d\.\d{6}Z$/],
  },
  {
    form: 'dates with nine fraction digits, closeDate normalized (2.1: any ISO 8601 form)',
    choices: { 'dates.precision': 'nanos', 'dates.close-date': 'normalized' },
    only: DATE_RULES,
    writes: ['closeDate', /^2026-12-02T00:00:00\.000000000Z$/],
  },
  {
    form: 'every date-time in a fixed -05:00 offset: a sent date back as its midnight UTC there (2.1)',
    choices: { 'dates.zone': 'minus-five', 'dates.close-date': 'normalized' },
    only: DATE_RULES,
    writes: ['closeDate', /^2026-12-01T19:00:00\.000-05:00$/],
  },
  {
    form: 'every date-time at +0530, the offset without a colon (2.1: any ISO 8601 form)',
    choices: { 'dates.zone': 'plus-0530', 'dates.precision': 'seconds' },
    only: DATE_RULES,
    writes: ['publishDate', /T\d\d:\d\d:\d\d\+0530$/],
  },
  {
    form: 'q matching word prefixes of the title and prefixes of the referenceId (4.5)',
    choices: { 'q.match': 'word-prefix' },
    only: ['jobs.list.*', 'jobs.paging.*', 'jobs.model.lifecycle', 'jobs.isolation.*', 'jobs.concurrency.*'],
  },
  {
    form: 'q matching one whole word of the title (words end at white space only) or the whole referenceId (4.5)',
    choices: { 'q.match': 'word' },
    only: [
      'jobs.list.*',
      'jobs.paging.*',
      'jobs.model.lifecycle',
      'jobs.isolation.*',
      'jobs.concurrency.*',
      'jobs.create.*',
      'jobs.update.*',
      'jobs.auth.*',
      'jobs.limits.*',
    ],
    observed: ['q.match', 'whole word (of the title, or the whole referenceId) only'],
  },
  {
    form: 'jobs with equal publishDates oldest first (4.5 orders by publishDate only)',
    choices: { 'order.ties': 'id-asc', 'dates.precision': 'seconds' },
    only: ['jobs.list.*', 'jobs.paging.*', 'jobs.model.lifecycle'],
  },
  {
    form: 'a deleted job answering 410 (4.4, 7.2 show no code)',
    choices: { 'status.deleted-job': '410' },
    only: ['jobs.lifecycle.*', 'jobs.model.lifecycle'],
    observed: ['status.deleted-job', '410'],
  },
  {
    form: 'a DELETE of a job already deleted answering 204 again (4.4 gives 204, shows nothing for a job gone)',
    choices: { 'status.repeated-delete': '204' },
    only: [
      'jobs.lifecycle.*',
      'jobs.robustness.odd-ids',
      'jobs.robustness.near-miss-ids',
      'jobs.robustness.prefixed-ids',
      'jobs.isolation.*',
      'jobs.create.deleted-reference-reusable',
      'jobs.protocol.*',
      'jobs.model.lifecycle',
    ],
    observed: ['status.repeated-delete', 'reference: 204'],
  },
  {
    form: "a confidential job's employer name masked (2.1: true if the employer name is confidential)",
    choices: { 'job.confidential-employer': 'masked' },
    only: [
      'jobs.create.*',
      'jobs.put-create.*',
      'jobs.update.*',
      'jobs.lifecycle.*',
      'jobs.roundtrip.*',
      'jobs.list.*',
      'jobs.isolation.*',
      'jobs.model.lifecycle',
    ],
    observed: ['employer.confidential-name', 'hidden as "Confidential"'],
  },
  {
    form: 'descriptions with every non-ASCII character as a numeric character reference (2.1: the same tree, text may be re-serialized)',
    choices: { 'description.form': 'numeric-references' },
    only: [
      'jobs.html.*',
      'jobs.robustness.unicode-preserved',
      'jobs.create.*',
      'jobs.update.*',
      'jobs.roundtrip.*',
      'jobs.model.lifecycle',
    ],
  },
  {
    form: 'JSON bodies pretty-printed with the keys of every object sorted (4: bodies are JSON)',
    choices: { 'json.format': 'pretty-sorted' },
    only: ['jobs.*'],
  },
  {
    form: 'JSON bodies pretty-printed with the keys of every object reversed (4: bodies are JSON)',
    choices: { 'json.format': 'pretty-reversed' },
    only: ['jobs.*'],
  },
  {
    form: 'PUT-create answering 200 (4.3: not shown)',
    choices: { 'status.put-create': '200' },
    only: ['jobs.put-create.*', 'jobs.concurrency.*', 'jobs.roundtrip.put-create', 'jobs.model.lifecycle'],
  },
  {
    form: "locations written as the list's canonical City, PC (2.2)",
    choices: { 'locations.description': 'canonical' },
    only: ['jobs.create.*', 'jobs.update.*', 'jobs.list.header-values', 'jobs.roundtrip.*', 'jobs.model.lifecycle'],
  },
  ...Object.entries(REFERENCE_LIST_SHAPES).map(([shape, looks]): OpenChoice => ({
    form: `reference lists as ${looks} (4.6: shape not shown)`,
    choices: { 'lists.shape': shape },
    only: ['jobs.reference.*', 'jobs.create.*', 'jobs.update.*', 'jobs.put-create.*', 'jobs.limits.*', 'jobs.model.*'],
    observed:
      shape === 'items-count'
        ? ['reference-list-shape.categories', '{items: [...], count}, 20 items']
        : shape === 'named'
          ? ['reference-list-shape.position types', '{positionTypes: [...]}, 7 items']
          : [
              'reference-list-shape.categories',
              '{data: [...], paging}, 20 items, 7 pages by paging.next, absolute links, each previous link one page back',
            ],
  })),
  {
    form: 'locations written with a country suffix, `Red Deer, AB, Canada` (2.2)',
    choices: { 'locations.description': 'country-suffix' },
    only: [
      'jobs.reference.*',
      'jobs.create.*',
      'jobs.update.*',
      'jobs.put-create.*',
      'jobs.limits.*',
      'jobs.list.header-values',
      'jobs.roundtrip.*',
      'jobs.model.*',
    ],
  },
  {
    // Every rule that reads or sends back an amount; the owner of the form (jobs.limits.amount-as-number) warns, by design.
    form: 'salary amounts written as decimal strings, `"52000.0000"` (2.5: "Decimal")',
    choices: { 'salary.amount-form': 'string' },
    only: [
      'jobs.create.*',
      'jobs.update.*',
      'jobs.put-create.*',
      'jobs.limits.salary-four-decimals',
      'jobs.limits.salary-period-required',
      'jobs.roundtrip.*',
      'jobs.model.*',
    ],
    observed: ['salary.max-amount-form', 'four places'],
  },
  {
    form: 'error bodies as RFC 9457 problem details (7.2 shows no error body)',
    choices: { 'errors.body': 'problem', 'status.duplicate-reference': '400' },
    only: ['jobs.create.duplicate-reference-rejected'],
    observed: [
      'error-body-shape',
      '400: {code: text, detail: text, errors: [1 × {message: text, path: text, rule: text}], status: number, title: text, type: text}',
    ],
  },
  {
    form: 'error bodies with a message alone (7.2 shows no error body)',
    choices: { 'errors.body': 'message', 'status.duplicate-reference': '422' },
    only: ['jobs.create.duplicate-reference-rejected'],
    observed: ['error-body-shape', '422: {message: text}'],
  },
];

/** True when the mock setting `setting` (of MOCK_SETTINGS) sets every choice of `row`: its whole-registry run meets the row's form. */
export function settingHolds(setting: string, row: OpenChoice): boolean {
  const choices = choicesOf(setting);
  return Object.entries(row.choices).every(([name, value]) => choices[name] === value);
}

/** The rows a setting's whole-registry run proves: every choice in the setting. */
export const rowsProvenBy = (setting: string): OpenChoice[] => OPEN_CHOICES.filter((row) => settingHolds(setting, row));

/** Checks that `report` recorded the row's observation, `[topic, observed]`; `where` says how to replay the run. */
export function expectObserved(report: ConformanceReport, [topic, value]: [string, string], where = ''): void {
  expect(
    report.observations.filter((o) => o.topic === topic).map((o) => o.observed),
    where,
  ).toContain(value);
}

/** Creates a job with closeDate 2026-12-02 on the mock at `baseUrl` and checks that it is written in the row's form. */
export async function expectWrittenForm(baseUrl: string, [field, form]: [string, RegExp]): Promise<void> {
  const res = await fetch(`${baseUrl}/api/v1.1/jobs`, {
    method: 'POST',
    headers: { 'API-Key': 'demo-key-1', 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...exampleJobCreate, referenceId: undefined, closeDate: '2026-12-02' }),
  });
  expect(((await res.json()) as Record<string, unknown>)[field], `${field} written`).toMatch(form);
}
