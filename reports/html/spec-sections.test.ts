import { describe, expect, it } from 'vitest';
import { compareSections, sectionKey } from './spec-sections.js';

describe('sectionKey', () => {
  it.each([
    ['4.2', '4.2'],
    ['4.3 form 2', '4.3'],
    ['2.1.1', '2.1'],
    ['§ 5', '5'],
    ['8', '8'],
    ['10.1', '10.1'],
  ])('%s belongs to %s', (section, key) => expect(sectionKey(section)).toBe(key));
});

describe('compareSections', () => {
  it('orders numerically', () => {
    expect(['4.10', '4.2', '10', '2.1', '9', '2'].sort(compareSections)).toEqual(['2', '2.1', '4.2', '4.10', '9', '10']);
  });
});
