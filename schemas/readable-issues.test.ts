/**
 * Readable issues: one line per real cause, with path, rule and limit. ajv's
 * per-branch noise of a failed oneOf/anyOf is dropped, the cause kept.
 */
import { describe, expect, test } from 'vitest';
import { formatIssues, readableIssues, SCHEMA_BASE, validators } from './index.js';
import { exampleJob, exampleJobCreate } from './spec-examples.js';
import { createAjv } from './validators.js';
import { issuesOf } from './test-helpers.test-support.js';

describe('oneOf [salary object, null]', () => {
  test('a missing period reports /salary/period dependentRequired and nothing else', () => {
    const issues = issuesOf(validators.jobUpdate({ salary: { amount: 5 } }));
    expect(issues).toEqual([
      { path: '/salary/period', rule: 'dependentRequired', message: 'must have property period when property amount is present' },
    ]);
    expect(formatIssues(issues)).toBe('/salary/period dependentRequired: must have property period when property amount is present');
    expect(formatIssues(issues)).not.toMatch(/must be null|oneOf/);
  });

  test('a cause deeper in the object is reported at its own path with its limit', () => {
    expect(issuesOf(validators.jobUpdate({ salary: { amount: 5, period: { id: 9 } } }))).toEqual([
      { path: '/salary/period/id', rule: 'enum', limit: [1, 2, 3, 4, 5], message: 'must be equal to one of the allowed values' },
    ]);
    expect(issuesOf(validators.jobUpdate({ salary: { amount: -1, period: { id: 1 } } }))).toEqual([
      { path: '/salary/amount', rule: 'minimum', limit: 0, message: 'must be >= 0' },
    ]);
  });

  test('a value of neither type reads as one line naming both types', () => {
    const issues = issuesOf(validators.jobUpdate({ salary: 'none' }));
    expect(issues).toEqual([{ path: '/salary', rule: 'type', limit: ['object', 'null'], message: 'must be object or null' }]);
    expect(formatIssues(issues)).toBe('/salary type (["object","null"]): must be object or null');
  });

  test('other issues of the same body are kept, in order', () => {
    const issues = issuesOf(validators.jobCreate({ ...exampleJobCreate, title: 'x'.repeat(257), salary: { amount: 5 } }));
    expect(issues.map((i) => `${i.path} ${i.rule}`)).toEqual(['/title maxLength', '/salary/period dependentRequired']);
  });
});

describe('anyOf alternatives', () => {
  test('a date in no ISO 8601 form reads as one line naming the format', () => {
    expect(issuesOf(validators.jobUpdate({ closeDate: 'tomorrow' }))).toEqual([
      { path: '/closeDate', rule: 'format', limit: 'iso-8601', message: 'must match format "iso-8601"' },
    ]);
  });

  test('a reference list item missing its name: the array branch explains it, the object branch is noise', () => {
    expect(issuesOf(validators.positionTypeList([{ id: 1 }]))).toEqual([
      { path: '/0/name', rule: 'required', message: "must have required property 'name'" },
    ]);
  });

  test('a reference list of the wrong type names both accepted types', () => {
    expect(issuesOf(validators.categoryList('x'))).toEqual([
      { path: '', rule: 'type', limit: ['array', 'object'], message: 'must be array or object' },
    ]);
  });
});

describe('readableIssues on raw ajv errors', () => {
  const compile = (name: string, schema: object) => {
    const validate = createAjv().compile({ $id: `${SCHEMA_BASE}test-${name}.schema.json`, ...schema });
    return (data: unknown) => (validate(data) ? [] : readableIssues(validate.errors ?? []));
  };

  test('a oneOf matched by several branches keeps its own line (that is the cause)', () => {
    const check = compile('both', { oneOf: [{ type: 'number' }, { type: 'integer' }] });
    expect(check(1)).toEqual([expect.objectContaining({ path: '', rule: 'oneOf' })]);
  });

  test('nested alternatives: the innermost real cause survives', () => {
    const check = compile('nested', {
      type: 'object',
      properties: {
        a: {
          anyOf: [{ type: 'null' }, { type: 'object', properties: { b: { oneOf: [{ type: 'null' }, { type: 'string', maxLength: 2 }] } } }],
        },
      },
    });
    expect(check({ a: { b: 'abc' } })).toEqual([
      { path: '/a/b', rule: 'maxLength', limit: 2, message: 'must NOT have more than 2 characters' },
    ]);
    expect(check({ a: { b: 7 } })).toEqual([{ path: '/a/b', rule: 'type', limit: ['null', 'string'], message: 'must be null or string' }]);
  });

  test('a required property is reported at its own path', () => {
    const check = compile('required', { type: 'object', required: ['title'] });
    expect(check({})).toEqual([{ path: '/title', rule: 'required', message: "must have required property 'title'" }]);
  });

  test('the failed if of an if/then is not reported, its then is', () => {
    const check = compile('if', { if: { required: ['a'] }, then: { required: ['b'] } });
    expect(check({ a: 1 })).toEqual([{ path: '/b', rule: 'required', message: "must have required property 'b'" }]);
  });
});

test('formatIssues prints the root as /', () => {
  expect(formatIssues([{ path: '', rule: 'type', limit: 'object', message: 'must be object' }])).toBe('/ type ("object"): must be object');
});

describe('formatIssues with the validated data: each line says what it received', () => {
  test('a null publishDate reads "got null"', () => {
    const job = { ...exampleJob, publishDate: null };
    expect(formatIssues(issuesOf(validators.job(job)), { data: job })).toBe('/publishDate type ("string"): must be string, got null');
  });

  test('a missing property reads "got nothing", a wrong type its value', () => {
    const { title: _dropped, ...untitled } = exampleJobCreate;
    expect(formatIssues(issuesOf(validators.jobCreate(untitled)), { data: untitled })).toContain(
      "/title required: must have required property 'title', got nothing",
    );
    expect(formatIssues(issuesOf(validators.jobUpdate({ salary: 'none' })), { data: { salary: 'none' } })).toBe(
      '/salary type (["object","null"]): must be object or null, got "none"',
    );
  });

  test('a long string is told by its length, never cut (a cut secret would escape redaction)', () => {
    const data = { salary: 's'.repeat(300) };
    expect(formatIssues(issuesOf(validators.jobUpdate(data)), { data })).toMatch(/, got a string of 300 characters$/);
  });

  test('objects and arrays are told by their size', () => {
    expect(formatIssues(issuesOf(validators.jobUpdate({ salary: [1, 2] })), { data: { salary: [1, 2] } })).toMatch(
      /, got an array of 2 items$/,
    );
    expect(formatIssues(issuesOf(validators.job(null)), { data: null })).toMatch(/^\/ type .*, got null$/);
  });
});
