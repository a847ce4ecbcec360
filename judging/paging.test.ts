import { describe, expect, it } from 'vitest';
import { linkProblems, queryInteger } from './paging.js';

describe('linkProblems: a paging link judged by its meaning', () => {
  it('accepts a relative or absolute link that repeats every active filter and the page size, in any order', () => {
    expect(linkProblems('/api/v1.1/jobs?pageSize=5&page=2&status=active', { status: 'active', pageSize: 5, page: 2 })).toEqual([]);
    expect(linkProblems('https://h.example/api/v1.1/jobs?status=active&pageSize=5', { status: 'active', pageSize: 5 })).toEqual([]);
    expect(linkProblems('jobs?page=3&pageSize=5', { pageSize: 5, page: 3 })).toEqual([]);
  });

  it('reads integers as values: pageSize=050 is 50, page=+2 is 2', () => {
    expect(linkProblems('/jobs?pageSize=050&page=+2', { pageSize: 50, page: 2 })).toEqual([]);
    expect(queryInteger('050')).toBe(50);
    expect(queryInteger('5a')).toBeUndefined();
  });

  it('takes the page size in effect after a clamp, and lets a link leave out a page size the request left out', () => {
    expect(linkProblems('/jobs?page=2&pageSize=100', { pageSize: 100, pageSizeSent: true, page: 2 })).toEqual([]);
    expect(linkProblems('/jobs?page=2', { pageSize: 10, pageSizeSent: false, page: 2 })).toEqual([]);
    expect(linkProblems('/jobs?page=2', { pageSize: 10, pageSizeSent: true, page: 2 })).toEqual(['pageSize=null (in effect: 10)']);
  });

  it('lets an empty q be left out or repeated empty, reads an unencoded IRI q by its value, up to Unicode normalization', () => {
    expect(linkProblems('/jobs?page=2&pageSize=5', { q: '', pageSize: 5, page: 2 })).toEqual([]);
    expect(linkProblems('/jobs?q=&page=2&pageSize=5', { q: '', pageSize: 5, page: 2 })).toEqual([]);
    expect(linkProblems('/jobs?q=café crème&page=2&pageSize=5', { q: 'café crème', pageSize: 5, page: 2 })).toEqual([]);
    expect(linkProblems('/jobs?q=caf%C3%A9%20cr%C3%A8me&page=2&pageSize=5', { q: 'café crème', pageSize: 5, page: 2 })).toEqual([]);
    expect(linkProblems('/jobs?q=caf%C3%A9&page=2&pageSize=5', { q: 'cafe\u0301', pageSize: 5, page: 2 })).toEqual([]);
    expect(linkProblems('/jobs?q=caf%25C3%25A9&page=2&pageSize=5', { q: 'café', pageSize: 5, page: 2 })).toEqual([
      'q="caf%C3%A9" (active: "café")',
    ]);
  });

  it('names each filter the link drops, changes or adds, the page size and the page', () => {
    expect(linkProblems('/jobs?page=2&pageSize=10', { status: 'draft', pageSize: 5, page: 2 })).toEqual([
      'status=null (active: "draft")',
      'pageSize="10" (in effect: 5)',
    ]);
    expect(linkProblems('/jobs?q=undefined&page=3&pageSize=5', { pageSize: 5, page: 2 })).toEqual([
      'q="undefined" (no q filter is active)',
      'page="3" (the page: 2)',
    ]);
    expect(linkProblems('/jobs?status=active&status=draft&pageSize=5', { status: 'active', pageSize: 5 })).toEqual([
      'status given 2 times (["active","draft"])',
    ]);
  });
});
