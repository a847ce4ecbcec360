/**
 * The conditional rules of the spec, each both ways: the condition met and
 * not met, the dependent field present and absent.
 */
import { describe, expect, test } from 'vitest';
import { validators } from './index.js';
import { exampleJob, exampleJobCreate, exampleUrlJob } from './spec-examples.js';
import { issuesOf, withValue } from './test-helpers.test-support.js';

const { applicationUrl: _url, ...withoutUrl } = exampleJobCreate;
const emailRouted = { ...withoutUrl, applicantRoutingType: { id: 1 }, applicationEmail: 'jobs@acme.example' };
const urlRouted = { ...exampleJobCreate, applicantRoutingType: { id: 2 }, applicationUrl: 'https://acme.example/apply' };

describe('§4.2 applicationEmail is required when applicantRoutingType.id is 1', () => {
  test('routing 1 with an email passes', () => {
    expect(issuesOf(validators.jobCreate(emailRouted))).toEqual([]);
  });
  test.each([
    ['absent', undefined],
    ['null', null],
    ['empty', ''],
  ])('routing 1 with the email %s is rejected at /applicationEmail', (_name, value) => {
    expect(issuesOf(validators.jobCreate(withValue(emailRouted, '/applicationEmail', value)))).toContainEqual(
      expect.objectContaining({ path: '/applicationEmail' }),
    );
  });
  test('routing 2 needs no email', () => {
    expect(issuesOf(validators.jobCreate(urlRouted))).toEqual([]);
    expect('applicationEmail' in urlRouted).toBe(false);
  });
  test('routing 1 needs no URL, and a URL given alongside is not an error', () => {
    expect(issuesOf(validators.jobCreate({ ...emailRouted, applicationUrl: null }))).toEqual([]);
  });
});

describe('§4.2 applicationUrl is required when applicantRoutingType.id is 2', () => {
  test('routing 2 with an http(s) URL passes', () => {
    expect(issuesOf(validators.jobCreate(urlRouted))).toEqual([]);
    expect(issuesOf(validators.jobCreate({ ...urlRouted, applicationUrl: 'http://acme.example' }))).toEqual([]);
  });
  test.each([
    ['absent', undefined, 'required'],
    ['null', null, 'type'],
    ['without scheme', 'acme.example/apply', 'pattern'],
  ])('routing 2 with the URL %s is rejected at /applicationUrl (%s)', (_name, value, rule) => {
    expect(issuesOf(validators.jobCreate(withValue(urlRouted, '/applicationUrl', value)))).toContainEqual(
      expect.objectContaining({ path: '/applicationUrl', rule }),
    );
  });
  test('routing 1 needs no URL', () => {
    expect('applicationUrl' in emailRouted).toBe(false);
    expect(issuesOf(validators.jobCreate(emailRouted))).toEqual([]);
  });
});

describe('§2.5 salary.period.id is required when salary.amount is given', () => {
  test('amount with period passes', () => {
    expect(issuesOf(validators.salaryInput({ amount: 50000, period: { id: 1 } }))).toEqual([]);
  });
  test('amount without period is rejected as /salary/period dependentRequired', () => {
    expect(issuesOf(validators.jobCreate(withValue(exampleJobCreate, '/salary', { amount: 50000 })))).toEqual([
      expect.objectContaining({ path: '/salary/period', rule: 'dependentRequired' }),
    ]);
  });
  test('a period without its id is rejected', () => {
    expect(issuesOf(validators.salaryInput({ amount: 1, period: {} }))).toContainEqual(
      expect.objectContaining({ path: '/period/id', rule: 'required' }),
    );
  });
  test('without amount, no period is needed', () => {
    expect(issuesOf(validators.salaryInput({ plusCommission: true }))).toEqual([]);
    expect(issuesOf(validators.salaryInput({ period: { id: 3 } }))).toEqual([]);
  });
  test('salary null (no salary defined) passes', () => {
    expect(issuesOf(validators.jobCreate({ ...exampleJobCreate, salary: null }))).toEqual([]);
  });
});

describe('§2.1 responses: the routing field that does not apply is null', () => {
  test.each([
    ['routing 1 with an applicationUrl', exampleJob, '/applicationUrl', 'https://acme.example/apply'],
    ['routing 1 with applicationEmail null', exampleJob, '/applicationEmail', null],
    ['routing 2 with an applicationEmail', exampleUrlJob, '/applicationEmail', 'jobs@acme.example'],
    ['routing 2 with applicationUrl null', exampleUrlJob, '/applicationUrl', null],
  ])('%s is rejected', (_name, job, path, value) => {
    expect(issuesOf(validators.job(withValue(job, path, value)))).toContainEqual(expect.objectContaining({ path, rule: 'type' }));
  });
  test('each routing type with its own field set and the other null passes', () => {
    expect(issuesOf(validators.job(exampleJob))).toEqual([]);
    expect(issuesOf(validators.job(exampleUrlJob))).toEqual([]);
  });
});

describe("requiredness on create (spec: not shown; the mock's choice, stated in job-create.schema.json)", () => {
  test.each(['title', 'description', 'locations', 'categories', 'positionType', 'applicantRoutingType'])(
    'a create body without %s is rejected, a partial update without it passes',
    (field) => {
      const body = withValue(exampleJobCreate, `/${field}`, undefined);
      expect(issuesOf(validators.jobCreate(body))).toContainEqual(expect.objectContaining({ path: `/${field}`, rule: 'required' }));
      expect(issuesOf(validators.jobUpdate(body))).toEqual([]);
    },
  );
  test.each(['referenceId', 'closeDate', 'confidential', 'autoRefresh', 'status', 'salary'])('%s is optional on create', (field) => {
    expect(issuesOf(validators.jobCreate(withValue(exampleJobCreate, `/${field}`, undefined)))).toEqual([]);
  });
});
