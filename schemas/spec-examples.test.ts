/**
 * The spec's own shapes pass their schemas (sections 2, 4), and each shape is
 * rejected once it loses what makes it valid, so none of these can pass vacuously.
 */
import { describe, expect, test } from 'vitest';
import { loadSchema, validators } from './index.js';
import {
  createBodyFromJob,
  exampleDelete,
  exampleJob,
  exampleJobCreate,
  exampleJobList,
  examplePaging,
  exampleUpdates,
  exampleUrlJob,
  headerOf,
} from './spec-examples.js';
import { issuesOf, withValue } from './test-helpers.test-support.js';

describe('§2.1 Job (full)', () => {
  test.each([
    ['routing type 1 (Email)', exampleJob],
    ['routing type 2 (URL), no salary, referenceId null', exampleUrlJob],
    ['referenceId "" (described as empty when none given)', { ...exampleJob, referenceId: '' }],
  ])('%s passes', (_name, job) => {
    expect(issuesOf(validators.job(job))).toEqual([]);
  });

  test.each(Object.keys(exampleJob))('a job without %s is rejected', (field) => {
    expect(issuesOf(validators.job(withValue(exampleJob, `/${field}`, undefined)))).toContainEqual(
      expect.objectContaining({ path: `/${field}`, rule: 'required' }),
    );
  });
});

describe('§4.2 POST /jobs body', () => {
  test('the request fields as a client writes them pass', () => {
    expect(issuesOf(validators.jobCreate(exampleJobCreate))).toEqual([]);
  });

  test.each([
    ['routing type 1', exampleJob],
    ['routing type 2', exampleUrlJob],
  ])('symmetry: a GET result (%s) without id and referenceId is a valid create body', (_name, job) => {
    expect(issuesOf(validators.jobCreate(createBodyFromJob(job)))).toEqual([]);
  });

  test('symmetry: a GET result with id and referenceId still passes (read-only fields are ignored)', () => {
    expect(issuesOf(validators.jobCreate(exampleJob))).toEqual([]);
  });

  test('a body that is not an object is rejected', () => {
    expect(issuesOf(validators.jobCreate([exampleJobCreate]))).toContainEqual(expect.objectContaining({ path: '', rule: 'type' }));
  });
});

describe('§4.3 PUT bodies', () => {
  test.each(exampleUpdates)('partial update %j passes', (body) => {
    expect(issuesOf(validators.jobUpdate(body))).toEqual([]);
  });

  test('an empty partial update passes the field rules (it changes nothing)', () => {
    expect(issuesOf(validators.jobUpdate({}))).toEqual([]);
  });

  test('PUT /jobs: referenceId plus status identifies the job', () => {
    expect(issuesOf(validators.jobUpdateByReference(exampleUpdates[2]))).toEqual([]);
  });

  test.each([
    ['only title', exampleUpdates[0]],
    ['referenceId null', { referenceId: null, status: 'active' }],
  ])('PUT /jobs without a usable referenceId (%s) is rejected', (_name, body) => {
    expect(issuesOf(validators.jobUpdateByReference(body))).toContainEqual(expect.objectContaining({ path: '/referenceId' }));
  });

  test('PUT /jobs that creates: a full create body with referenceId passes both rule sets', () => {
    expect(issuesOf(validators.jobUpdateByReference(exampleJobCreate))).toEqual([]);
    expect(issuesOf(validators.jobCreate(exampleJobCreate))).toEqual([]);
  });
});

describe('§4.4 DELETE /jobs body', () => {
  test('referenceId identifies the job', () => {
    expect(issuesOf(validators.jobDelete(exampleDelete))).toEqual([]);
  });
  test('without referenceId it is rejected', () => {
    expect(issuesOf(validators.jobDelete({}))).toContainEqual(expect.objectContaining({ path: '/referenceId', rule: 'required' }));
  });
});

describe('§2.7 job header and §4.5 list', () => {
  test('a header is exactly the listed fields of the job', () => {
    expect(Object.keys(headerOf(exampleJob)).sort()).toEqual(
      ['id', 'referenceId', 'employer', 'title', 'publishDate', 'locations', 'confidential', 'status'].sort(),
    );
    expect(issuesOf(validators.jobHeader(headerOf(exampleJob)))).toEqual([]);
  });

  test('a header with an extra field passes the schema (only jobs.list.header-fields judges the fields)', () => {
    expect(issuesOf(validators.jobHeader({ ...headerOf(exampleJob), updatedAt: '2025-01-10T08:00:00Z' }))).toEqual([]);
  });

  test.each(Object.keys(headerOf(exampleJob)))('a header without %s is rejected', (field) => {
    expect(issuesOf(validators.jobHeader(withValue(headerOf(exampleJob), `/${field}`, undefined)))).toContainEqual(
      expect.objectContaining({ path: `/${field}`, rule: 'required' }),
    );
  });

  test('a list page passes; its headers and paging are checked', () => {
    expect(issuesOf(validators.jobList(exampleJobList))).toEqual([]);
    const { title: _title, ...withoutTitle } = headerOf(exampleJob);
    expect(issuesOf(validators.jobList({ ...exampleJobList, data: [withoutTitle] }))).toContainEqual(
      expect.objectContaining({ path: '/data/0/title', rule: 'required' }),
    );
    expect(issuesOf(validators.jobList({ data: [] }))).toContainEqual(expect.objectContaining({ path: '/paging', rule: 'required' }));
  });

  test('§2.8 the first page has previous null; a later page has both links', () => {
    expect(issuesOf(validators.paging(examplePaging))).toEqual([]);
    const middle = {
      ...examplePaging,
      page: 2,
      previous: 'https://jobs.example/api/v1.1/jobs?page=1',
      next: 'https://jobs.example/api/v1.1/jobs?page=3',
    };
    expect(issuesOf(validators.paging(middle))).toEqual([]);
  });

  test('§2.8 "String (URL)": a relative link passes too; a string that is no URL reference does not', () => {
    const relative = { ...examplePaging, page: 2, previous: '/api/v1.1/jobs?page=1&pageSize=10', next: '?page=3&pageSize=10' };
    expect(issuesOf(validators.paging(relative))).toEqual([]);
    expect(issuesOf(validators.paging({ ...examplePaging, next: 'not a url' }))).toContainEqual(expect.objectContaining({ path: '/next' }));
  });
});

describe('§4.6 reference lists (shape not shown: bare array or {data})', () => {
  const periods = (loadSchema('salary-period.schema.json')['x-periods'] as { id: number; name: string }[]).map((p) => ({
    ...p,
    unit: p.name.toLowerCase(),
  }));
  const routing = loadSchema('applicant-routing-type.schema.json')['x-routing-types'] as { id: number; name: string }[];
  const lists = {
    positionTypeList: [exampleJob.positionType, { id: 2, name: 'Part time' }],
    categoryList: exampleJob.categories,
    locationList: exampleUrlJob.locations,
    salaryPeriodList: periods,
    applicantRoutingTypeList: routing,
  } as const;

  test.each(Object.entries(lists))('%s: bare array and {data} pass, an item without name fails', (name, items) => {
    const validate = validators[name as keyof typeof lists];
    expect(issuesOf(validate(items))).toEqual([]);
    expect(issuesOf(validate({ data: items }))).toEqual([]);
    expect(issuesOf(validate([{ id: 1 }]))).toContainEqual(expect.objectContaining({ path: '/0/name', rule: 'required' }));
    expect(issuesOf(validate({ items }))).toContainEqual(expect.objectContaining({ path: '/data', rule: 'required' }));
  });

  test('§2.5 the salary period table has the five ids with their meanings', () => {
    expect(periods.map((p) => [p.id, p.name])).toEqual([
      [1, 'Yearly'],
      [2, 'Monthly'],
      [3, 'Weekly'],
      [4, 'Daily'],
      [5, 'Hourly'],
    ]);
  });

  test('§2.6 the routing type table has 1 Email and 2 URL', () => {
    expect(routing).toEqual([
      { id: 1, name: 'Email' },
      { id: 2, name: 'URL' },
    ]);
  });
});

describe("the mock's error body (spec 7.2: format not shown)", () => {
  const body = {
    status: 400,
    code: 'validation_failed',
    message: 'title is too long',
    fieldErrors: [{ path: '/title', rule: 'maxLength', limit: 256, message: 'must NOT have more than 256 characters' }],
  };
  test('passes, with 4xx and 5xx statuses', () => {
    expect(issuesOf(validators.error(body))).toEqual([]);
    expect(issuesOf(validators.error({ ...body, status: 599 }))).toEqual([]);
  });
  test.each([399, 600])('status %i is rejected', (status) => {
    expect(issuesOf(validators.error({ ...body, status }))).toContainEqual(expect.objectContaining({ path: '/status' }));
  });
});

describe('the conformance report', () => {
  const report = {
    tool: { name: 'jobs-conformance', version: '0.1.0' },
    specVersion: '1.1',
    target: { baseUrl: 'http://127.0.0.1:4010/api/v1.1' },
    seed: 42,
    runs: 10,
    startedAt: '2024-03-01T09:00:00Z',
    finishedAt: '2024-03-01T09:00:05Z',
    durationMs: 5000,
    verdict: 'passed',
    summary: { total: 1, passed: 1, failed: 0, skipped: 0, disabled: 0, known: 0, warning: 0, error: 0, mismatches: 0, requests: 3 },
    rules: [
      {
        id: 'jobs.create.location-header',
        section: '4.2',
        area: 'create',
        title: '201 with Location',
        level: 'must',
        status: 'passed',
        durationMs: 12,
        cases: 1,
        mismatches: [],
      },
    ],
    observations: [],
    cleanup: { created: 1, deleted: 1, leftover: [] },
    replayCommand: 'jobs-conformance --seed 42',
  };
  test('a minimal passing report passes', () => {
    expect(issuesOf(validators.report(report))).toEqual([]);
  });
  test('a key outside the schema is rejected (the report schema is closed)', () => {
    expect(issuesOf(validators.report({ ...report, summary: { ...report.summary, warnings: 0 } }))).not.toEqual([]);
  });
  test('a rule id that is not dotted lowercase kebab-case segments is rejected', () => {
    expect(issuesOf(validators.report(withValue(report, '/rules/0/id', 'Create Location')))).toContainEqual(
      expect.objectContaining({ path: '/rules/0/id', rule: 'pattern' }),
    );
  });
});
