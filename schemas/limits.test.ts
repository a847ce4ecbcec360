/**
 * Every field and limit of spec sections 2, 4.2 and 8, checked at its boundary:
 * the last accepted value and the first rejected one, with the issue's path,
 * rule and limit. Each row starts from a spec example shape (spec-examples.ts)
 * and changes one field. Length limits count Unicode code points (ajv's
 * maxLength does), so strings are built from astral characters.
 */
import { describe, expect, test } from 'vitest';
import { loadSchema, validators } from './index.js';
import { exampleDelete, exampleJob, exampleJobCreate, examplePaging, exampleUrlJob, headerOf } from './spec-examples.js';
import { astral, issuesOf, withValue } from './test-helpers.test-support.js';

type SchemaName = keyof typeof validators;

type Check =
  /** n code points accepted, n+1 rejected. `make` builds a valid string of n code points (patterns). */
  | { kind: 'maxLength'; max: number; make?: (n: number) => string }
  | { kind: 'minLength'; min: number; make?: (n: number) => string }
  /** min and max items accepted, min-1 and max+1 rejected. */
  | { kind: 'items'; min: number; max: number }
  /** integer bounds: min and max accepted, min-1 and max+1 rejected (a missing bound is not checked). */
  | { kind: 'range'; min?: number; max?: number }
  | { kind: 'enum'; values: readonly unknown[]; outside: readonly unknown[] }
  /** values of the right and wrong type or format. */
  | { kind: 'values'; accepted: readonly unknown[]; rejected: readonly unknown[] };

interface Row {
  section: string;
  schema: SchemaName;
  path: string;
  check: Check;
  /** The valid document the row changes; default: the schema's example. */
  base?: unknown;
}

const INT32 = { kind: 'range', min: -2147483648, max: 2147483647 } as const;
const BOOLEAN = { kind: 'values', accepted: [true, false], rejected: ['true', 0, null] } as const;
const DATE = {
  kind: 'values',
  accepted: ['2024-03-01', '2024-03-01T09:30:00Z', '2024-03-01T09:30:00.123-05:00', '2024-03-01T09:30:00'],
  rejected: ['2024-02-30', '01/03/2024', 'tomorrow', '', 20240301],
} as const;
const STATUS = { kind: 'enum', values: ['active', 'archived', 'draft'], outside: ['closed', 'Active', ''] } as const;
const url = (n: number): string => 'https://' + 'é'.repeat(n - 8);
const city = (n: number): string => 'Saint-' + 'É'.repeat(n - 6);

const bases: Partial<Record<SchemaName, unknown>> = {
  job: exampleJob,
  jobCreate: exampleJobCreate,
  jobUpdate: {},
  jobUpdateByReference: { referenceId: 'ACME-2024-001' },
  jobDelete: exampleDelete,
  jobHeader: headerOf(exampleJob),
  paging: examplePaging,
  listQuery: {},
  location: exampleJob.locations[0],
  locationInput: { description: 'Toronto, ON' },
  category: exampleJob.categories[0],
  positionType: exampleJob.positionType,
  employer: exampleJob.employer,
  salary: exampleJob.salary,
  salaryInput: { amount: 1, period: { id: 1 } },
  salaryPeriod: { id: 1, name: 'Yearly', unit: 'year' },
  applicantRoutingType: { id: 1, name: 'Email' },
};

const rows: Row[] = [
  // 2.1 Job (full), as returned; limits repeated in 8.
  { section: '2.1', schema: 'job', path: '/id', check: INT32 },
  { section: '2.1, 8', schema: 'job', path: '/referenceId', check: { kind: 'maxLength', max: 50 } },
  { section: '2.1', schema: 'job', path: '/referenceId', check: { kind: 'values', accepted: ['', null], rejected: [7] } },
  { section: '2.1', schema: 'job', path: '/employer/id', check: INT32 },
  { section: '2.1, 8', schema: 'job', path: '/employer/name', check: { kind: 'maxLength', max: 128 } },
  { section: '2.1, 8', schema: 'job', path: '/title', check: { kind: 'maxLength', max: 256 } },
  { section: '2.1', schema: 'job', path: '/publishDate', check: DATE },
  { section: '2.1', schema: 'job', path: '/closeDate', check: DATE },
  { section: '2.1', schema: 'job', path: '/confidential', check: BOOLEAN },
  { section: '2.1', schema: 'job', path: '/autoRefresh', check: BOOLEAN },
  { section: '2.1, 3', schema: 'job', path: '/status', check: STATUS },
  {
    section: '2.1, 8',
    schema: 'job',
    path: '/status',
    check: { kind: 'maxLength', max: 10, make: (n) => (n === 10 ? 'active' : 'archivedxyz') },
  },
  { section: '2.1, 8', schema: 'job', path: '/locations', check: { kind: 'items', min: 1, max: 3 } },
  { section: '2.1, 8', schema: 'job', path: '/categories', check: { kind: 'items', min: 1, max: 3 } },
  { section: '2.1, 2.4', schema: 'job', path: '/positionType/id', check: INT32 },
  {
    section: '2.1, 2.5',
    schema: 'job',
    path: '/salary',
    check: { kind: 'values', accepted: [null, exampleJob.salary], rejected: [0, 'none', {}] },
  },
  {
    section: '2.1, 8',
    schema: 'job',
    path: '/description',
    check: { kind: 'values', accepted: ['', 'x'.repeat(200_000)], rejected: [null] },
  },
  { section: '2.1, 2.6', schema: 'job', path: '/applicantRoutingType/id', check: { kind: 'enum', values: [1], outside: [0, 3] } },
  {
    section: '2.1, 2.6',
    schema: 'job',
    path: '/applicantRoutingType/id',
    base: exampleUrlJob,
    check: { kind: 'enum', values: [2], outside: [0, 3] },
  },
  { section: '2.1, 8', schema: 'job', path: '/applicationEmail', check: { kind: 'maxLength', max: 50 } },
  { section: '2.1, 8', schema: 'job', path: '/applicationUrl', base: exampleUrlJob, check: { kind: 'maxLength', max: 200, make: url } },
  {
    section: '2.1',
    schema: 'job',
    path: '/applicationUrl',
    base: exampleUrlJob,
    check: { kind: 'values', accepted: ['http://a.example', 'https://a.example/x'], rejected: ['a.example', 'ftp://a.example', null] },
  },
  // 2.2 Location, as returned.
  { section: '2.2', schema: 'location', path: '/id', check: INT32 },
  { section: '2.2, 8', schema: 'location', path: '/name', check: { kind: 'maxLength', max: 256 } },
  { section: '2.2, 8', schema: 'location', path: '/description', check: { kind: 'maxLength', max: 300 } },
  { section: '2.2, 8', schema: 'location', path: '/type', check: { kind: 'maxLength', max: 50 } },
  { section: '2.2', schema: 'location', path: '/type', check: { kind: 'values', accepted: ['Province', null], rejected: [1] } },
  // 2.2 Location on input: description only, '<City>' or '<City>, <ProvinceCode>'.
  { section: '2.2, 8', schema: 'locationInput', path: '/description', check: { kind: 'maxLength', max: 300, make: city } },
  { section: '2.2', schema: 'locationInput', path: '/description', check: { kind: 'minLength', min: 1, make: () => 'X' } },
  {
    section: '2.2',
    schema: 'locationInput',
    path: '/description',
    check: {
      kind: 'values',
      accepted: [
        'Toronto',
        'Toronto, ON',
        'Montréal, QC',
        "St. John's, NL",
        '100 Mile House, BC',
        'Iqaluit, NU',
        'Whitehorse, YT',
        'Trois-Rivières',
      ],
      rejected: ['Toronto, XX', 'Toronto,ON', 'Toronto, on', 'Paris, France', ', ON', ' Toronto', 'Toronto, ON, Canada'],
    },
  },
  // 2.3 Category, 2.4 Position type, employer (2.1).
  { section: '2.3', schema: 'category', path: '/id', check: INT32 },
  { section: '2.3, 8', schema: 'category', path: '/name', check: { kind: 'maxLength', max: 40 } },
  { section: '2.4', schema: 'positionType', path: '/id', check: INT32 },
  { section: '2.4, 8', schema: 'positionType', path: '/name', check: { kind: 'maxLength', max: 10 } },
  { section: '2.1, 8', schema: 'employer', path: '/name', check: { kind: 'maxLength', max: 128 } },
  // 2.5 Salary, as returned: a "Decimal" as a number or a plain decimal string (the string form is a should rule's).
  {
    section: '2.5',
    schema: 'salary',
    path: '/amount',
    check: {
      kind: 'values',
      accepted: [0, 85000.1234, '85000', '85000.0000', '-1.5'],
      rejected: [null, '8.5e4', ' 85000', '85,000', '', '.5', 'x'],
    },
  },
  {
    section: '2.5',
    schema: 'salary',
    path: '/maxAmount',
    check: { kind: 'values', accepted: [null, 95000.5, '95000', '95000.5000'], rejected: ['9.5e4', '95000 ', 'null'] },
  },
  { section: '2.5', schema: 'salary', path: '/period/id', check: { kind: 'enum', values: [1, 2, 3, 4, 5], outside: [0, 6] } },
  { section: '2.5', schema: 'salary', path: '/period/name', check: { kind: 'maxLength', max: 50 } },
  { section: '2.5', schema: 'salary', path: '/period/unit', check: { kind: 'maxLength', max: 50 } },
  { section: '2.5', schema: 'salary', path: '/plusCommission', check: BOOLEAN },
  { section: '2.5', schema: 'salaryPeriod', path: '/id', check: { kind: 'enum', values: [1, 2, 3, 4, 5], outside: [0, 6, 1.5] } },
  // 2.6 Applicant routing type.
  { section: '2.6', schema: 'applicantRoutingType', path: '/id', check: { kind: 'enum', values: [1, 2], outside: [0, 3, '1'] } },
  { section: '2.6', schema: 'applicantRoutingType', path: '/name', check: { kind: 'maxLength', max: 50 } },
  // 2.7 Job header: the same types as the job.
  { section: '2.7', schema: 'jobHeader', path: '/referenceId', check: { kind: 'maxLength', max: 50 } },
  { section: '2.7', schema: 'jobHeader', path: '/title', check: { kind: 'maxLength', max: 256 } },
  { section: '2.7', schema: 'jobHeader', path: '/locations', check: { kind: 'items', min: 1, max: 3 } },
  { section: '2.7', schema: 'jobHeader', path: '/status', check: STATUS },
  // 2.8 Paging; 8: pageSize maximum 100.
  { section: '2.8, 8', schema: 'paging', path: '/pageSize', check: { kind: 'range', min: 1, max: 100 } },
  { section: '2.8', schema: 'paging', path: '/page', check: { kind: 'range', min: 1 } },
  { section: '2.8', schema: 'paging', path: '/total', check: { kind: 'range', min: 0 } },
  { section: '2.8', schema: 'paging', path: '/pages', check: { kind: 'range', min: 0 } },
  {
    section: '2.8',
    schema: 'paging',
    path: '/previous',
    check: { kind: 'values', accepted: [null, 'https://jobs.example/api/v1.1/jobs?page=1'], rejected: [1, 'not a url'] },
  },
  {
    section: '2.8',
    schema: 'paging',
    path: '/next',
    check: { kind: 'values', accepted: [null, 'http://127.0.0.1:4010/api/v1.1/jobs?q=x&pageSize=5&page=3'], rejected: [false] },
  },
  // 4.2 request fields (POST /jobs and PUT create).
  { section: '4.2, 8', schema: 'jobCreate', path: '/referenceId', check: { kind: 'maxLength', max: 50 } },
  { section: '4.2, 8', schema: 'jobCreate', path: '/title', check: { kind: 'maxLength', max: 256 } },
  { section: '4.2', schema: 'jobCreate', path: '/title', check: { kind: 'minLength', min: 1 } },
  { section: '4.2', schema: 'jobCreate', path: '/closeDate', check: DATE },
  { section: '4.2', schema: 'jobCreate', path: '/confidential', check: BOOLEAN },
  { section: '4.2', schema: 'jobCreate', path: '/autoRefresh', check: BOOLEAN },
  { section: '4.2', schema: 'jobCreate', path: '/status', check: STATUS },
  { section: '4.2, 8', schema: 'jobCreate', path: '/locations', check: { kind: 'items', min: 1, max: 3 } },
  { section: '4.2, 8', schema: 'jobCreate', path: '/locations/0/description', check: { kind: 'maxLength', max: 300, make: city } },
  { section: '4.2, 8', schema: 'jobCreate', path: '/categories', check: { kind: 'items', min: 1, max: 3 } },
  { section: '4.2', schema: 'jobCreate', path: '/categories/0/id', check: INT32 },
  { section: '4.2', schema: 'jobCreate', path: '/positionType/id', check: INT32 },
  {
    section: '4.2',
    schema: 'jobCreate',
    path: '/salary/amount',
    check: { kind: 'values', accepted: [0, 0.5, 1e9], rejected: ['25', -0.0001] },
  },
  {
    section: '4.2',
    schema: 'jobCreate',
    path: '/salary/maxAmount',
    check: { kind: 'values', accepted: [null, 0, 30.25], rejected: ['30'] },
  },
  { section: '4.2', schema: 'jobCreate', path: '/salary/period/id', check: { kind: 'enum', values: [1, 2, 3, 4, 5], outside: [0, 6] } },
  { section: '4.2', schema: 'jobCreate', path: '/salary/plusCommission', check: BOOLEAN },
  { section: '4.2', schema: 'jobCreate', path: '/salary', check: { kind: 'values', accepted: [null], rejected: ['none', []] } },
  {
    section: '4.2, 8',
    schema: 'jobCreate',
    path: '/description',
    check: { kind: 'values', accepted: ['', '<p>x</p>'.repeat(20_000)], rejected: ['<span>x</span>', 5] },
  },
  {
    section: '4.2',
    schema: 'jobCreate',
    path: '/applicantRoutingType/id',
    base: { ...exampleJobCreate, applicationEmail: 'a@b.example' },
    check: { kind: 'enum', values: [1, 2], outside: [0, 3] },
  },
  { section: '4.2, 8', schema: 'jobCreate', path: '/applicationEmail', check: { kind: 'maxLength', max: 50 } },
  { section: '4.2, 8', schema: 'jobCreate', path: '/applicationUrl', check: { kind: 'maxLength', max: 200, make: url } },
  {
    section: '4.2',
    schema: 'jobCreate',
    path: '/applicationUrl',
    check: { kind: 'values', accepted: ['http://x', 'https://x.example/a?b=c'], rejected: ['x.example', 'HTTPS//x', 'mailto:a@b.example'] },
  },
  // 4.3 partial update and PUT /jobs; 4.4 DELETE /jobs body.
  { section: '4.3', schema: 'jobUpdate', path: '/title', check: { kind: 'maxLength', max: 256 } },
  { section: '4.3, 8', schema: 'jobUpdate', path: '/referenceId', check: { kind: 'maxLength', max: 50 } },
  {
    section: '4.3',
    schema: 'jobUpdate',
    path: '/locations',
    base: { locations: [{ description: 'Halifax, NS' }] },
    check: { kind: 'items', min: 1, max: 3 },
  },
  { section: '4.3', schema: 'jobUpdateByReference', path: '/referenceId', check: { kind: 'maxLength', max: 50 } },
  { section: '4.3', schema: 'jobUpdateByReference', path: '/referenceId', check: { kind: 'minLength', min: 1 } },
  { section: '4.4, 8', schema: 'jobDelete', path: '/referenceId', check: { kind: 'maxLength', max: 50 } },
  { section: '4.4', schema: 'jobDelete', path: '/referenceId', check: { kind: 'minLength', min: 1 } },
  // 4.5 list query; 8: pageSize default 10 (maximum 100 is the page size in effect: the mock clamps, see list-query.schema.json).
  { section: '4.5, 8', schema: 'listQuery', path: '/pageSize', check: { kind: 'range', min: 1 } },
  { section: '4.5, 8', schema: 'listQuery', path: '/page', check: { kind: 'range', min: 1, max: 2147483647 } },
  { section: '4.5', schema: 'listQuery', path: '/status', check: STATUS },
  { section: '4.5', schema: 'listQuery', path: '/q', check: { kind: 'values', accepted: ['', 'widget', astral(300)], rejected: [1] } },
];

interface Case {
  name: string;
  value: unknown;
  /** undefined: accepted; otherwise the rule (and limit) of the expected issue at the row's path. */
  reject?: { rule?: string; limit?: unknown };
}

function casesOf(check: Check): Case[] {
  switch (check.kind) {
    case 'maxLength': {
      const make = check.make ?? astral;
      return [
        { name: `${check.max} code points`, value: make(check.max) },
        { name: `${check.max + 1} code points`, value: make(check.max + 1), reject: { rule: 'maxLength', limit: check.max } },
      ];
    }
    case 'minLength': {
      const make = check.make ?? astral;
      return [
        { name: `${check.min} code points`, value: make(check.min) },
        { name: `${check.min - 1} code points`, value: '', reject: { rule: 'minLength', limit: check.min } },
      ];
    }
    case 'items':
      return [check.min, check.max]
        .map((n): Case => ({ name: `${n} items`, value: n }))
        .concat([
          { name: `${check.min - 1} items`, value: check.min - 1, reject: { rule: 'minItems', limit: check.min } },
          { name: `${check.max + 1} items`, value: check.max + 1, reject: { rule: 'maxItems', limit: check.max } },
        ]);
    case 'range': {
      const cases: Case[] = [];
      if (check.min !== undefined) {
        cases.push({ name: `${check.min}`, value: check.min });
        cases.push({ name: `${check.min - 1}`, value: check.min - 1, reject: { rule: 'minimum', limit: check.min } });
      }
      if (check.max !== undefined) {
        cases.push({ name: `${check.max}`, value: check.max });
        cases.push({ name: `${check.max + 1}`, value: check.max + 1, reject: { rule: 'maximum', limit: check.max } });
      }
      return cases;
    }
    case 'enum':
      return [
        ...check.values.map((v): Case => ({ name: JSON.stringify(v), value: v })),
        ...check.outside.map((v): Case => ({ name: JSON.stringify(v), value: v, reject: {} })),
      ];
    case 'values':
      return [
        ...check.accepted.map((v): Case => ({ name: JSON.stringify(v).slice(0, 40), value: v })),
        ...check.rejected.map((v): Case => ({ name: JSON.stringify(v).slice(0, 40), value: v, reject: {} })),
      ];
  }
}

/** Items counts become arrays of copies of the base's first item (or the example's, when the base has none). */
function valueAt(row: Row, base: unknown, value: unknown): unknown {
  if (row.check.kind !== 'items') return value;
  const existing = row.path
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], base);
  const item = (existing as unknown[])[0];
  return Array.from({ length: value as number }, () => structuredClone(item));
}

describe.each(rows)('§$section $schema $path ($check.kind)', (row) => {
  const base = row.base ?? bases[row.schema];
  const validate = validators[row.schema] as (data: unknown) => ReturnType<typeof validators.job>;

  test('the base document is valid', () => {
    expect(issuesOf(validate(base))).toEqual([]);
  });

  test.each(casesOf(row.check))('$name', ({ value, reject }) => {
    const result = validate(withValue(base, row.path, valueAt(row, base, value)));
    if (reject === undefined) {
      expect(issuesOf(result)).toEqual([]);
      return;
    }
    expect(result.ok).toBe(false);
    const issues = issuesOf(result);
    const expected: Record<string, unknown> = { path: row.path };
    if (reject.rule !== undefined) expected.rule = reject.rule;
    if ('limit' in reject) expected.limit = reject.limit;
    // The issue names the field itself (or a member of it, for nested objects and arrays).
    expect(issues.some((issue) => issue.path === row.path || issue.path.startsWith(`${row.path}/`))).toBe(true);
    if (reject.rule !== undefined) expect(issues).toContainEqual(expect.objectContaining(expected));
  });
});

describe('§8 length limits count Unicode code points, not UTF-16 units', () => {
  const fifty = astral(50);
  test('50 astral emoji are 100 UTF-16 units but 50 code points', () => {
    expect(fifty.length).toBe(100);
    expect([...fifty].length).toBe(50);
  });
  test.each(['jobCreate', 'jobUpdate', 'jobDelete', 'job', 'jobHeader'] as const)(
    '%s: referenceId of 50 emoji accepted, 51 rejected',
    (name) => {
      const base = bases[name];
      const validate = validators[name] as (data: unknown) => ReturnType<typeof validators.job>;
      expect(issuesOf(validate(withValue(base, '/referenceId', fifty)))).toEqual([]);
      expect(issuesOf(validate(withValue(base, '/referenceId', astral(51))))).toContainEqual(
        expect.objectContaining({ path: '/referenceId', rule: 'maxLength', limit: 50 }),
      );
    },
  );
});

test('every schema with a length or count limit in sections 2, 4.2 and 8 has a row', () => {
  const covered = new Set(rows.map((r) => r.schema));
  for (const name of [
    'job',
    'jobCreate',
    'jobUpdate',
    'jobUpdateByReference',
    'jobDelete',
    'jobHeader',
    'paging',
    'listQuery',
    'location',
    'locationInput',
    'category',
    'positionType',
    'employer',
    'salary',
    'salaryPeriod',
    'applicantRoutingType',
  ] as const) {
    expect(covered, name).toContain(name);
  }
});

describe('§8 values that are not validation limits are stated in the schemas, for the mock and the suite to read', () => {
  const at = (file: string, pointer: string) =>
    pointer
      .split('/')
      .slice(1)
      .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], loadSchema(file));
  test.each([
    [
      '§3, 8 default job lifetime: 60 days after publishDate',
      'job-input-fields.schema.json',
      '/properties/closeDate/x-default-days-after-publish-date',
      60,
    ],
    ['§2.1, 8 auto-refresh interval: 7 days', 'job-input-fields.schema.json', '/properties/autoRefresh/x-refresh-interval-days', 7],
    ['§4.2 confidential default false', 'job-input-fields.schema.json', '/properties/confidential/default', false],
    ['§4.2 autoRefresh default false', 'job-input-fields.schema.json', '/properties/autoRefresh/default', false],
    ['§3, 4.2 status default draft', 'job-input-fields.schema.json', '/properties/status/default', 'draft'],
    ['§4.2 salary.plusCommission default false', 'salary-input.schema.json', '/properties/plusCommission/default', false],
    ['§4.5, 8 pageSize default 10', 'list-query.schema.json', '/properties/pageSize/default', 10],
    ['§4.5, 8 pageSize maximum 100 (in effect)', 'list-query.schema.json', '/properties/pageSize/x-maximum-in-effect', 100],
    ['§4.5, 8 page default 1', 'list-query.schema.json', '/properties/page/default', 1],
  ])('%s', (_name, file, pointer, value) => {
    expect(at(file, pointer)).toBe(value);
  });
});
