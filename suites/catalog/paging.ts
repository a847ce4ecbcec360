/** @module The catalog's paging rules: paging the list (spec 4.5). */
import type { CatalogEntry } from './entry.js';

export const pagingEntries: readonly CatalogEntry[] = [
  {
    id: 'jobs.paging.total',
    section: '2.8',
    level: 'must',
    area: 'paging',
    title:
      'paging.total, pages, page, pageSize and the page length describe the matching jobs, in every combination of the list parameters',
    statement: 'total | Int | Total number of matching jobs. … pages | Int | Number of pages. … pageSize | Int | Page size in effect.',
    exclusive: true,
  },
  {
    id: 'jobs.paging.page-length',
    section: '4.5',
    level: 'must',
    area: 'paging',
    title: 'Each page holds pageSize jobs, the last one the rest',
    statement: 'pageSize | Int | Page size in effect.',
  },
  {
    id: 'jobs.paging.previous-null-first',
    section: '2.8',
    level: 'must',
    area: 'paging',
    title: 'previous is null on the first page',
    statement: 'Address of the previous page. Null on the first page.',
  },
  {
    id: 'jobs.paging.next-null-last',
    section: '2.8',
    level: 'must',
    area: 'paging',
    title: 'next is null on the last page',
    statement: 'next | String (URL) or null | Address of the next page.',
  },
  {
    id: 'jobs.paging.next-follows',
    section: '2.8',
    level: 'must',
    area: 'paging',
    title:
      'next and previous address the pages either side, repeat the filters and the page size in effect, and are null at the ends, in every combination of the list parameters',
    statement: 'Address of the next page. It repeats the active filters and page size in its query string.',
    exclusive: true,
  },
  {
    id: 'jobs.paging.previous-follows',
    section: '2.8',
    level: 'must',
    area: 'paging',
    title: 'previous leads to the page before',
    statement: 'Address of the previous page.',
  },
  {
    id: 'jobs.paging.walk-all',
    section: '4.5',
    level: 'must',
    area: 'paging',
    title: 'Walking every page through next yields each matching job once',
    statement: 'Total number of matching jobs. … Address of the next page.',
  },
  {
    id: 'jobs.paging.page-param',
    section: '4.5',
    level: 'must',
    area: 'paging',
    title: 'page=k returns the k-th page',
    statement: 'page | Int | Current page number.',
  },
];
