import { describe, expect, it } from 'vitest';
import { inputLimits, jobStatuses, provinceCodes, routingTypeIds, salaryPeriodIds } from './schema-limits.js';

// The generators read these from the schemas; here they are held against the spec text once.
describe('schema limits', () => {
  it('match spec 8 and 4.2', () => {
    expect(inputLimits).toMatchObject({
      referenceIdMax: 50,
      titleMax: 256,
      applicationEmailMax: 50,
      applicationUrlMax: 200,
      locationsMin: 1,
      locationsMax: 3,
      categoriesMin: 1,
      categoriesMax: 3,
      locationDescriptionMax: 300,
    });
  });

  it('match the tables of spec 2.2, 2.5, 2.6 and 3', () => {
    expect(salaryPeriodIds).toEqual([1, 2, 3, 4, 5]);
    expect(routingTypeIds).toEqual({ email: 1, url: 2 });
    expect([...jobStatuses].sort()).toEqual(['active', 'archived', 'draft']);
    expect(provinceCodes).toHaveLength(13);
  });
});
