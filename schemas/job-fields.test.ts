import { describe, expect, it } from 'vitest';
import { JOB_FIELDS, JOB_HEADER_FIELDS, JOB_INPUT_FIELDS } from './job-fields.js';
import { exampleJob, headerOf } from './spec-examples.js';

describe('the job field lists read from the schemas', () => {
  it('the full Job has the fields of the spec 2.1 example, in its order', () => {
    expect(JOB_FIELDS).toEqual(Object.keys(exampleJob));
  });

  it('the header has the fields spec 2.7 names, each a field of the full job', () => {
    expect(JOB_HEADER_FIELDS).toEqual(Object.keys(headerOf(exampleJob)));
    for (const field of JOB_HEADER_FIELDS) expect(JOB_FIELDS).toContain(field);
  });

  it('a write takes every field of the job but the ones the service sets (spec 4.2: id, employer, publishDate)', () => {
    expect(JOB_INPUT_FIELDS).toEqual(JOB_FIELDS.filter((f) => !['id', 'employer', 'publishDate'].includes(f)));
  });

  it('the lists are frozen: no caller can change what another reads', () => {
    expect(Object.isFrozen(JOB_FIELDS)).toBe(true);
  });
});
