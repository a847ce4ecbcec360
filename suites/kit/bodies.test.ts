import { describe, expect, it } from 'vitest';
import { exampleJob, validatorFor } from '../../schemas/index.js';
import { asCreateInput } from './bodies.js';

const createBody = validatorFor<unknown>('job-create.schema.json');

/** The spec's example job as a server may answer it: the amount written as a decimal string (2.5). */
const GOT = { ...exampleJob, salary: { ...exampleJob.salary!, amount: '85000.5000' } };

describe('asCreateInput', () => {
  it('keeps the request fields only, each named object by its id, each place by its description, amounts as numbers', () => {
    const input = asCreateInput(GOT);
    expect(input).not.toHaveProperty('id');
    expect(input).not.toHaveProperty('employer');
    expect(input).not.toHaveProperty('publishDate');
    expect(input.positionType).toEqual({ id: exampleJob.positionType.id });
    expect(input.applicantRoutingType).toEqual({ id: exampleJob.applicantRoutingType.id });
    expect(input.categories).toEqual(exampleJob.categories.map(({ id }) => ({ id })));
    expect(input.locations).toEqual(exampleJob.locations.map(({ description }) => ({ description })));
    expect(input.salary).toEqual({ amount: 85000.5, maxAmount: 95000, period: { id: 1 }, plusCommission: false });
    expect(input.title).toBe(exampleJob.title);
    expect(createBody(input).ok).toBe(true);
  });

  it('leaves a salary of null as null', () => {
    expect(asCreateInput({ ...GOT, salary: null }).salary).toBeNull();
  });
});
