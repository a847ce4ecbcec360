import { describe, expect, it } from 'vitest';
import { validators } from '../../schemas/index.js';
import { assertProduceCorrectValues, assertSameValuesGivenSameSeed, assertShrinksStayInvalid } from './arbitrary-assertions.test-support.js';
import { salaryInputArb, salaryWithoutPeriodArb } from './salary.js';
import { salaryPeriodIds } from './schema-limits.js';

const atMostTwoDecimals = /^\d+(\.\d{1,2})?$/;

describe('salaryInputArb', () => {
  it('gives the same salaries for the same seed', () => {
    assertSameValuesGivenSameSeed(salaryInputArb);
  });

  it('passes salary-input.schema.json: positive, two decimals at most, max >= amount, a known period', () => {
    assertProduceCorrectValues(salaryInputArb, (salary) => {
      const result = validators.salaryInput(salary);
      expect(result.ok, JSON.stringify(result)).toBe(true);
      expect(salary.amount).toBeGreaterThan(0);
      expect(JSON.stringify(salary.amount)).toMatch(atMostTwoDecimals);
      if (typeof salary.maxAmount === 'number') {
        expect(JSON.stringify(salary.maxAmount)).toMatch(atMostTwoDecimals);
        expect(salary.maxAmount).toBeGreaterThanOrEqual(salary.amount);
      }
      expect(salaryPeriodIds).toContain(salary.period?.id);
    });
  });
});

describe('salaryWithoutPeriodArb', () => {
  const failsForMissingPeriod = (salary: unknown): void => {
    const result = validators.salaryInput(salary);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.issues.map((i) => `${i.path} ${i.rule}`)).toContain('/period dependentRequired');
  };

  it('always has an amount and never a period, so it fails the schema for that reason', () => {
    assertSameValuesGivenSameSeed(salaryWithoutPeriodArb);
    assertProduceCorrectValues(salaryWithoutPeriodArb, failsForMissingPeriod);
  });

  it('still fails after shrinking', () => {
    assertShrinksStayInvalid(salaryWithoutPeriodArb, failsForMissingPeriod);
  });
});
