import { describe, expect, it } from 'vitest';
import { contradictedMeanings } from './meanings.js';

describe('contradictedMeanings', () => {
  it("flags a name that is another id's meaning, in any case", () => {
    expect(contradictedMeanings({ salary: { period: { id: 1, name: 'Monthly' } } })).toEqual([
      'salary.period.id 1 is named "Monthly", the meaning of salary.period.id 2 (1 is Yearly)',
    ]);
    expect(contradictedMeanings({ applicantRoutingType: { id: 2, name: ' email ' } })).toHaveLength(1);
  });

  it("passes the id's own meaning and any other name", () => {
    expect(contradictedMeanings({ salary: { period: { id: 5, name: 'HOURLY' } }, applicantRoutingType: { id: 1, name: 'Email' } })).toEqual(
      [],
    );
    expect(
      contradictedMeanings({ salary: { period: { id: 1, name: 'Annual' } }, applicantRoutingType: { id: 2, name: 'Website' } }),
    ).toEqual([]);
    expect(contradictedMeanings({ salary: null })).toEqual([]);
  });
});
