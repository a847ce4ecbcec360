import { describe, expect, it } from 'vitest';
import * as fc from 'fast-check';
import { validators } from '../../schemas/index.js';
import {
  assertProduceCorrectValues,
  assertSameValuesGivenSameSeed,
  assertShrinksStayInvalid,
} from './arbitrary-assertions.test-support.js';
import { PARTIAL_SALARY_FIELDS, salaryInputArb, salaryMergeCaseArb, salaryWithoutPeriodArb } from './salary.js';
import { salaryPeriodIds } from './schema-limits.js';

const atMostFourDecimals = /^\d+(\.\d{1,4})?$/;

describe('salaryInputArb', () => {
  it('gives the same salaries for the same seed', () => {
    assertSameValuesGivenSameSeed(salaryInputArb);
  });

  it('passes salary-input.schema.json: positive, four decimals at most, max >= amount, a known period', () => {
    assertProduceCorrectValues(salaryInputArb, (salary) => {
      const result = validators.salaryInput(salary);
      expect(result.ok, JSON.stringify(result)).toBe(true);
      expect(salary.amount).toBeGreaterThan(0);
      expect(JSON.stringify(salary.amount)).toMatch(atMostFourDecimals);
      if (typeof salary.maxAmount === 'number') {
        expect(JSON.stringify(salary.maxAmount)).toMatch(atMostFourDecimals);
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

describe('amounts with three and four decimals (2.5: four places are kept)', () => {
  it('draws amounts with three and four decimals, and the largest one with four', () => {
    const decimals = new Set(
      fc.sample(salaryInputArb, { seed: 1, numRuns: 300 }).map((s) => (String(s.amount).split('.')[1] ?? '').length),
    );
    expect(decimals).toContain(3);
    expect(decimals).toContain(4);
    expect(fc.sample(salaryInputArb, { seed: 2, numRuns: 500 }).map((s) => s.amount)).toContain(499_999.9999);
  });
});

describe('salaryMergeCaseArb', () => {
  it('sends part of a salary, never all of it, an amount always with its period, over a whole stored salary', () => {
    assertSameValuesGivenSameSeed(salaryMergeCaseArb());
    assertProduceCorrectValues(salaryMergeCaseArb(), ({ base, patch, fields }) => {
      expect(validators.salaryInput(base).ok).toBe(true);
      expect(Object.keys(patch).sort()).toEqual([...fields].sort());
      expect(fields.length).toBeLessThan(4);
      if ('amount' in patch) expect(patch.period).toBeDefined();
      if (patch.period) expect(patch.period.id).not.toBe(base.period.id);
      if (patch.plusCommission !== undefined) expect(patch.plusCommission).toBe(!base.plusCommission);
    });
  });

  it('covers every part alone', () => {
    for (const fields of PARTIAL_SALARY_FIELDS) expect(fc.sample(salaryMergeCaseArb(fields), 1)[0]!.fields).toEqual(fields);
  });
});
