import { describe, expect, it } from 'vitest';
import type { Paging } from '../../schemas/types.gen.js';
import { Verdicts } from './check.js';
import type { ObservedExchange } from './observed-exchange.js';
import { checkPaging } from './paging-checks.js';

const x = {
  record: () => ({ request: { method: 'GET', url: 'http://t/api/v1.1/jobs', headers: {} }, durationMs: 0 }),
} as unknown as ObservedExchange;

function broken(query: string, length: number, paging: Partial<Paging>): string[] {
  const out = new Verdicts('server');
  checkPaging(x, out, new URLSearchParams(query), length, {
    total: 12,
    page: 1,
    pages: 3,
    pageSize: 5,
    previous: null,
    next: '?page=2&pageSize=5',
    ...paging,
  });
  return out.list.filter((v) => !v.ok).map((v) => v.ruleId);
}

describe('checkPaging', () => {
  it('passes consistent pages, whatever the links look like', () => {
    expect(broken('pageSize=5', 5, {})).toEqual([]);
    expect(broken('pageSize=5&page=3', 2, { page: 3, previous: '/api/v1.1/jobs?page=2&pageSize=5', next: null })).toEqual([]);
    expect(broken('', 0, { total: 0, pages: 0, pageSize: 10, next: null })).toEqual([]);
    expect(broken('', 0, { total: 0, pages: 1, pageSize: 10, next: null })).toEqual([]);
  });

  it('finds a total that disagrees with the pages, a wrong page length, links at the ends, the default page size', () => {
    expect(broken('pageSize=5', 5, { total: 5 })).toEqual(['jobs.paging.total']);
    expect(broken('pageSize=5', 4, {})).toEqual(['jobs.paging.page-length']);
    expect(broken('pageSize=5', 5, { previous: '?page=0' })).toEqual(['jobs.paging.previous-null-first']);
    expect(broken('pageSize=5&page=3', 2, { page: 3, previous: '?page=2', next: '?page=4' })).toEqual(['jobs.paging.next-null-last']);
    expect(broken('', 10, { total: 30, pages: 2, pageSize: 20, next: '?page=2' })).toEqual([
      'jobs.list.page-size-default',
      'jobs.paging.page-length',
    ]);
    expect(broken('pageSize=500', 5, {})).toEqual([]);
    expect(broken('pageSize=500', 5, { pageSize: 500, pages: 1, next: null })).toContain('jobs.list.page-size-over-max');
  });
});
