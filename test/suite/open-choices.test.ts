/**
 * No over-reach: where the spec leaves a form open, the
 * rules that once failed a conformant server over it pass against the mock
 * set to the other form. Each row runs only the rules that form touches, and
 * where the suite records the form it saw, the row checks that observation,
 * so a row cannot pass without meeting the form.
 */
import { describe, expect, it } from 'vitest';
import { CHOICE_SWITCHES, createMockServer, resolveChoices } from '../../mock/index.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import { exampleJobCreate } from '../../schemas/index.js';
import { runConformance } from '../../suites/engine/run-conformance.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };
const SEED = 11_002;

interface OpenChoice {
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

const OPEN_CHOICES: OpenChoice[] = [
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
  ...(['items-count', 'named', 'paged'] as const).map((shape): OpenChoice => ({
    form: `reference lists as ${shape === 'items-count' ? '{items, count}' : shape === 'named' ? '{positionTypes: [...]}, {categories: [...]}' : 'pages of 3 items linked by paging.next'} (4.6: shape not shown)`,
    choices: { 'lists.shape': shape },
    only: ['jobs.reference.*', 'jobs.create.*', 'jobs.update.*', 'jobs.put-create.*', 'jobs.limits.*', 'jobs.model.*'],
    observed:
      shape === 'items-count'
        ? ['reference-list-shape.categories', '{items: [...], count}']
        : shape === 'named'
          ? ['reference-list-shape.position types', '{positionTypes: [...]}']
          : ['reference-list-shape.categories', '{data: [...], paging}, 7 pages by paging.next'],
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
];

function failures(report: ConformanceReport): string[] {
  return report.rules
    .filter((rule) => rule.status !== 'passed' && rule.status !== 'skipped') // failed, warning or error
    .map(
      (rule) =>
        `${rule.id} ${rule.status}: ${rule.mismatches[0]?.title ?? rule.errorMessage ?? ''}\n  ${rule.mismatches[0]?.received ?? ''}`,
    );
}

describe('the suite accepts every form the spec leaves open', () => {
  // Every value of every switch is proven somewhere in the gate: by a named profile of the sweep
  // (test/suite/mock-sweep.test.ts runs reference, alt and lenient whole) or by a row here.
  it('has a row or a named profile for every value of every switch', () => {
    const proven = new Set(OPEN_CHOICES.flatMap(({ choices }) => Object.entries(choices).map(([name, value]) => `${name}=${value}`)));
    for (const profile of ['reference', 'alt', 'lenient']) {
      for (const [name, value] of Object.entries(resolveChoices({ profile }).choices)) proven.add(`${name}=${value}`);
    }
    const values = [...CHOICE_SWITCHES.values()].flatMap((s) => Object.keys(s.values).map((value) => `${s.name}=${value}`));
    expect(values.filter((value) => !proven.has(value))).toEqual([]);
  });

  it.each(OPEN_CHOICES)(
    '$form',
    async ({ choices, only, observed, writes }) => {
      await using mock = await createMockServer({ port: 0, choices });
      if (writes) {
        const [field, form] = writes;
        const res = await fetch(`${mock.url}/api/v1.1/jobs`, {
          method: 'POST',
          headers: { 'API-Key': KEYS.apiKey, 'Content-Type': 'application/json' },
          body: JSON.stringify({ ...exampleJobCreate, referenceId: undefined, closeDate: '2026-12-02' }),
        });
        expect(((await res.json()) as Record<string, unknown>)[field]).toMatch(form);
      }
      const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: SEED, runs: 4, only });
      expect(report.rules.length).toBeGreaterThan(0);
      expect(failures(report), `seed ${SEED}, choices ${JSON.stringify(choices)}`).toEqual([]);
      if (observed) {
        const [topic, value] = observed;
        expect(report.observations.filter((o) => o.topic === topic).map((o) => o.observed)).toContain(value);
      }
    },
    120_000,
  );
});

describe('a paged reference list (4.6): unknown ids are drawn outside every page', () => {
  const OUT_OF_RANGE = ['jobs.create.rejects-out-of-range', 'jobs.update.rejects-out-of-range', 'jobs.put-create.rejects-invalid'];

  it.each([1, 2, 3, 7, 42, 1001, 2024, 31_337])(
    'seed %i: the out-of-range rules pass against pages of 3',
    async (seed) => {
      await using mock = await createMockServer({ port: 0, choices: { 'lists.shape': 'paged', 'paging.link-form': 'relative' } });
      const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed, only: OUT_OF_RANGE });
      expect(report.rules.map((rule) => rule.id).sort()).toEqual([...OUT_OF_RANGE].sort());
      expect(failures(report), `seed ${seed}`).toEqual([]);
      expect(report.observations.find((o) => o.topic === 'reference-list-shape.categories')?.observed).toBe(
        '{data: [...], paging}, 7 pages by paging.next',
      );
    },
    120_000,
  );
});
