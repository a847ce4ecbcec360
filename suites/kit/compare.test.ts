import { describe, expect, it } from 'vitest';
import { changedFields, keptValueProblems, sameText } from './compare.js';
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
});

describe('keptValueProblems', () => {
  it('accepts a description that comes back re-serialized, not one that lost content', () => {
    expect(keptValueProblems({ description: '<p>a<br>b</p>' }, { description: '<p>a<br/>b</p>' })).toEqual([]);
    expect(keptValueProblems({ description: '<p>a<br>b</p>' }, { description: '<p>ab</p>' })).toHaveLength(1);
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
