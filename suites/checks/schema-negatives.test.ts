import { describe, expect, it } from 'vitest';
import { dealtOver } from './schema-negatives.js';

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
