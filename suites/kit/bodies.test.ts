import { describe, expect, it } from 'vitest';
import { validatorFor } from '../../schemas/index.js';
import { asCreateInput } from './bodies.js';

const createBody = validatorFor<unknown>('job-create.schema.json');

/** A job as a GET returns it: objects with their names, places with their ids, the amount a decimal string. */
const GOT = {
  id: 42,
  referenceId: 'jc1-ref',
  employer: { id: 101, name: 'Maple Leaf Staffing' },
  title: 'jc1-ref Cook',
  publishDate: '2026-12-01T05:02:31.690Z',
  closeDate: '2027-04-15',
  confidential: false,
  autoRefresh: false,
  status: 'draft',
  locations: [{ id: 17, name: 'Charlottetown, PE', description: 'Charlottetown, PE', type: 'city' }],
  categories: [{ id: 3, name: 'Hospitality' }],
  positionType: { id: 1, name: 'Full-time' },
  salary: { amount: '52000.5000', maxAmount: null, period: { id: 1, name: 'Yearly', unit: 'year' }, plusCommission: false },
  description: '<p>Cook</p>',
  applicantRoutingType: { id: 1, name: 'Email' },
  applicationEmail: 'jobs@example.com',
  applicationUrl: null,
};

describe('asCreateInput', () => {
  it('keeps the request fields only, each named object by its id, each place by its description, amounts as numbers', () => {
    const input = asCreateInput(GOT);
    expect(input).not.toHaveProperty('id');
    expect(input).not.toHaveProperty('employer');
    expect(input).not.toHaveProperty('publishDate');
    expect(input.positionType).toEqual({ id: 1 });
    expect(input.applicantRoutingType).toEqual({ id: 1 });
    expect(input.categories).toEqual([{ id: 3 }]);
    expect(input.locations).toEqual([{ description: 'Charlottetown, PE' }]);
    expect(input.salary).toEqual({ amount: 52000.5, maxAmount: null, period: { id: 1 }, plusCommission: false });
    expect(input.title).toBe(GOT.title);
    expect(createBody(input).ok).toBe(true);
  });

  it('leaves a salary of null as null', () => {
    expect(asCreateInput({ ...GOT, salary: null }).salary).toBeNull();
  });
});
