import { describe, expect, it } from 'vitest';
import { derivedNegatives } from '../arbitraries/schema-negatives.js';
import type { ReferenceData } from '../contract/rule.js';
import { patchFor } from '../kit/negative-bodies.js';
import { dealtOver, withAloneInObject } from './schema-negatives.js';

describe('dealtOver', () => {
  const forms = ['id', 'reference', 'override'] as const;

  it('deals every value once, in turn over the forms, one counter across the fields', () => {
    const hands = dealtOver([['a1', 'a2'], ['b1'], ['c1', 'c2', 'c3', 'c4']], forms);
    expect(hands).toEqual([
      { values: ['a1'], form: 'id' },
      { values: ['a2'], form: 'reference' },
      { values: ['b1'], form: 'override' },
      { values: ['c1', 'c4'], form: 'id' },
      { values: ['c2'], form: 'reference' },
      { values: ['c3'], form: 'override' },
    ]);
  });

  it('gives every form a value of a class that has as many values as there are forms', () => {
    const nulls = [['title null'], ['description null'], ['status null']];
    expect(new Set(dealtOver(nulls, forms).map((hand) => hand.form))).toEqual(new Set(forms));
  });

  it('leaves out fields with no value', () => {
    expect(dealtOver([[], ['x']], forms)).toEqual([{ values: ['x'], form: 'id' }]);
  });
});

describe('withAloneInObject', () => {
  const values = derivedNegatives();
  const alone = withAloneInObject(values).filter((value) => value.alone);

  it('adds a period id outside 1 to 5 alone in the salary, which a partial update merges into the stored one', () => {
    const outside = alone.find((value) => value.field.startsWith('salary.period.id') && value.value === 6);
    expect(outside?.field).toBe('salary.period.id alone in salary');
    const refs: ReferenceData = { categoryIds: [1], positionTypeIds: [1] };
    expect(patchFor(outside!, { salary: { amount: 1, period: { id: 1 } } }, refs, 'jc1-k0')).toEqual({ salary: { period: { id: 6 } } });
  });

  it('keeps every value as it was, and adds none that a partial object may read as not sent, nor an array entry', () => {
    expect(withAloneInObject(values).slice(0, values.length)).toEqual(values);
    expect(alone.length).toBeGreaterThan(0);
    for (const value of alone) {
      expect(['null', 'empty']).not.toContain(value.kind);
      expect(value.path[1]).not.toBe('[]');
      expect(value.level).toBe('must');
      expect(value.path.length).toBeGreaterThan(1);
    }
  });
});
