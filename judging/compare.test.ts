import { describe, expect, it } from 'vitest';
import {
  changedFields,
  cityOf,
  headerDifferences,
  keptValueProblems,
  sameCity,
  sameCollection,
  sameFieldValue,
  sameLocations,
  samePlaces,
  sameText,
} from './compare.js';
import { sameDate } from './dates.js';

describe('sameDate', () => {
  it('compares two date-times as instants, whatever their spelling', () => {
    expect(sameDate('2026-01-01T08:00:00Z', '2026-01-01T08:00:00.000+00:00')).toBe(true);
    expect(sameDate('2026-01-01T10:00:00+02:00', '2026-01-01T08:00:00Z')).toBe(true);
    expect(sameDate('2026-01-01T08:00:00Z', '2026-01-01T08:00:01Z')).toBe(false);
    expect(sameDate('2026-01-01T08:00:00.123Z', '2026-01-01T08:00:00.124Z')).toBe(false);
  });

  it('compares by calendar day when either side is a bare date', () => {
    expect(sameDate('2026-01-01', '2026-01-01T23:00:00Z')).toBe(true);
    expect(sameDate('2026-01-01', '2026-01-02T08:00:00Z')).toBe(false);
  });
});

describe('changedFields', () => {
  const job = { id: 1, publishDate: '2026-01-01T08:00:00.000Z', description: '<p>a<br>b</p>', title: 't' };

  it('sees a publishDate moved within the same day (read-only instants compare exactly)', () => {
    expect(changedFields(job, { ...job, publishDate: '2026-01-01T09:30:00.000Z' })).toEqual(['publishDate']);
  });

  it('ignores spelling: the same instant, the same HTML content', () => {
    expect(changedFields(job, { ...job, publishDate: '2026-01-01T08:00:00+00:00', description: '<p>a<br/>b</p>' })).toEqual([]);
  });

  it("compares only the spec's Job fields: a target's own read-only field may change", () => {
    expect(changedFields({ ...job, updatedAt: 'a' }, { ...job, updatedAt: 'b' })).toEqual([]);
    expect(changedFields(job, { ...job, title: 'u' })).toEqual(['title']);
  });

  it("compares a confidential job's employer by id only: the name may be masked (2.1)", () => {
    const open = { ...job, confidential: false, employer: { id: 7, name: 'Maple Leaf Staffing' } };
    const masked = { ...open, confidential: true, employer: { id: 7, name: 'Confidential' } };
    expect(changedFields(open, masked)).toEqual(['confidential']);
    expect(changedFields(masked, { ...masked, employer: { id: 8, name: 'Confidential' } })).toEqual(['employer']);
    expect(changedFields(open, { ...open, employer: { id: 7, name: 'Confidential' } })).toEqual(['employer']);
  });
});

describe('headerDifferences', () => {
  const job = {
    id: 1,
    title: 't',
    status: 'active',
    confidential: false,
    autoRefresh: true,
    closeDate: '2026-03-01',
    description: '<p>d</p>',
  };
  const item = { id: 1, title: 't', status: 'active', confidential: false };

  it("compares the header fields of 2.7, and leaves the job's other fields out where the item does not carry them", () => {
    expect(headerDifferences(item, job)).toEqual([]);
    expect(headerDifferences({ ...item, status: 'archived' }, job)).toEqual(['status']);
  });

  it('compares every other Job field the item carries: a list item is a subset of the job (2.7)', () => {
    expect(headerDifferences({ ...item, autoRefresh: true, closeDate: '2026-03-01T00:00:00Z' }, job)).toEqual([]);
    expect(headerDifferences({ ...item, autoRefresh: false }, job)).toEqual(['autoRefresh']);
  });
});

describe('locations and categories as collections (spec 2.1 states no order)', () => {
  const toronto = { id: 3, name: 'Toronto', description: 'Toronto, ON', type: 'city' };
  const levis = { id: 9, name: 'Lévis', description: 'Lévis, QC', type: 'city' };

  it('finds no change when only the order differs', () => {
    const posted = {
      id: 1,
      locations: [levis, toronto],
      categories: [
        { id: 5, name: 'b' },
        { id: 2, name: 'a' },
      ],
    };
    const fetched = {
      id: 1,
      locations: [toronto, levis],
      categories: [
        { id: 2, name: 'a' },
        { id: 5, name: 'b' },
      ],
    };
    expect(changedFields(posted, fetched)).toEqual([]);
  });

  it('counts each item: a repeated or a missing one is a change', () => {
    expect(sameCollection([{ id: 1 }, { id: 1 }], [{ id: 1 }, { id: 2 }])).toBe(false);
    expect(sameCollection([{ id: 1 }], [{ id: 1 }, { id: 1 }])).toBe(false);
    expect(changedFields({ categories: [{ id: 1 }, { id: 2 }] }, { categories: [{ id: 1 }, { id: 3 }] })).toEqual(['categories']);
  });

  it('compares the locations of two jobs by place, never by record id', () => {
    expect(
      samePlaces(
        [levis, toronto],
        [
          { ...toronto, id: 40 },
          { ...levis, id: 41 },
        ],
      ),
    ).toBe(true);
    expect(samePlaces([levis], [{ ...levis, type: 'town' }])).toBe(false);
    expect(samePlaces([levis, levis], [levis, toronto])).toBe(false);
  });
});

describe('keptValueProblems', () => {
  it('accepts a description that comes back re-serialized, not one that lost content', () => {
    expect(keptValueProblems({ description: '<p>a<br>b</p>' }, { description: '<p>a<br/>b</p>' })).toEqual([]);
    expect(keptValueProblems({ description: '<p>a<br>b</p>' }, { description: '<p>ab</p>' })).toHaveLength(1);
  });

  it('takes a referenceId sent as "" back as null or "" (2.1: both describe none), and no other value', () => {
    expect(keptValueProblems({ referenceId: '' }, { referenceId: null })).toEqual([]);
    expect(keptValueProblems({ referenceId: null }, { referenceId: '' })).toEqual([]);
    expect(keptValueProblems({ referenceId: '' }, { referenceId: 'jc1-r0' })).toEqual(['referenceId: sent "", got "jc1-r0"']);
    expect(keptValueProblems({ title: '' }, { title: null })).toHaveLength(1);
  });
});

describe('locations (spec 2.2: the server resolves the place and writes it in its own form)', () => {
  it('reads the city before the first comma, without case, accents or extra spaces', () => {
    expect(cityOf('Trois-Rivières, QC')).toBe('trois-rivieres');
    expect(cityOf('  Red   Deer ')).toBe('red deer');
    expect(cityOf('Red Deer, AB, Canada')).toBe('red deer');
    expect(cityOf('St. John\u2019s, NL')).toBe("st. john's");
  });

  it.each([
    ['Red Deer, AB', { description: 'Red Deer, AB, Canada' }],
    ['Red Deer, AB', { name: 'Red Deer, AB', description: 'Red Deer' }],
    ['Toronto', { description: 'Toronto, ON' }],
    ['Toronto, ON', { description: 'Toronto (ON)' }],
    ['Montréal, QC', { description: 'Montreal, QC, Canada' }],
    ["St. John's, NL", { description: 'St. John\u2019s, Newfoundland and Labrador' }],
    ['Windsor, NS', { name: 'Windsor', description: 'Windsor, NS, Canada' }],
  ])('%s is the place %j', (sent, returned) => {
    expect(sameCity(sent, returned)).toBe(true);
    expect(keptValueProblems({ locations: [{ description: sent }] }, { locations: [returned] })).toEqual([]);
  });

  it.each([
    ['Kingston, ON', { description: 'Kingstonville, ON' }],
    ['Red Deer, AB', { description: 'Calgary, AB, Canada' }],
    ['Gander, NL', { name: "St. John's, NL", description: "St. John's, NL" }],
    ['Windsor, NS', { name: 'Windsor', description: 'Windsor, ON' }],
    ['Victoria, PE', { name: 'Victoria, BC', description: 'Victoria, BC, Canada' }],
  ])('%s is not the place %j', (sent, returned) => {
    expect(sameCity(sent, returned)).toBe(false);
    expect(keptValueProblems({ locations: [{ description: sent }] }, { locations: [returned] })).toHaveLength(1);
  });

  it('needs as many locations as were sent, each sent place among them', () => {
    const sent = [{ description: 'Calgary, AB' }, { description: 'Regina, SK' }];
    expect(sameLocations(sent, [{ description: 'Regina, SK, Canada' }, { description: 'Calgary, AB, Canada' }])).toBe(true);
    expect(sameLocations(sent, [{ description: 'Calgary, AB' }])).toBe(false);
    expect(sameLocations(sent, [{ description: 'Calgary, AB' }, { description: 'Calgary, AB' }])).toBe(false);
    expect(sameLocations(sent, null)).toBe(false);
  });
});

describe('sameText', () => {
  it('is the same text up to Unicode normalization, and nothing looser', () => {
    expect(sameText('Cafe\u0301 😀', 'Café 😀')).toBe(true);
    expect(sameText('Café', 'Cafe')).toBe(false);
    expect(sameText('a', undefined)).toBe(false);
  });
});

describe('salary amounts', () => {
  it('are compared to the fourth decimal: 1234.5678 is not 1234.57', () => {
    const job = { salary: { amount: 1234.57, maxAmount: null, period: { id: 1 }, plusCommission: false } };
    expect(keptValueProblems({ salary: { amount: 1234.5678 } }, job)).toHaveLength(1);
    expect(keptValueProblems({ salary: { amount: 1234.57 } }, job)).toEqual([]);
  });
});

describe('a referenceId of none (spec 2.1: described as "", shown as null; a consumer accepts both)', () => {
  it('reads null and "" as the same, and neither as the text "null" or a referenceId', () => {
    expect(sameFieldValue('referenceId', null, '')).toBe(true);
    expect(sameFieldValue('referenceId', '', null)).toBe(true);
    expect(sameFieldValue('referenceId', null, 'null')).toBe(false);
    expect(sameFieldValue('referenceId', '', 'r-1')).toBe(false);
    expect(sameFieldValue('title', null, '')).toBe(false);
  });
});
