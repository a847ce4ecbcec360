import { describe, expect, it } from 'vitest';
import { queryProblems } from './paging.js';

describe('queryProblems', () => {
  it('accepts a relative or absolute link that repeats every active filter and the page size, in any order', () => {
    expect(queryProblems('/api/v1.1/jobs?pageSize=5&page=2&status=active', { status: 'active', pageSize: 5 })).toEqual([]);
    expect(
      queryProblems('https://h.example/api/v1.1/jobs?status=active&pageSize=5', { status: 'active', pageSize: 5, q: undefined }),
    ).toEqual([]);
  });

  it('names each active parameter the link drops or changes', () => {
    expect(queryProblems('/api/v1.1/jobs?page=2&pageSize=10', { status: 'draft', pageSize: 5 })).toEqual([
      'status=null (active: draft)',
      'pageSize="10" (active: 5)',
    ]);
  });
});
