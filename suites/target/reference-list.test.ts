import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outOfRangeViolationArbs } from '../arbitraries/violations.js';
import { discoverReferenceData } from './discovery.js';
import { SuiteError } from '../contract/errors.js';
import { Observations } from '../contract/observations.js';
import { describeListRead, findListItems, itemIds, nextInLinkHeader, readReferenceList, statedTotal } from './reference-list.js';
import type { ApiResponse, Client, RequestOptions } from '../contract/rule.js';

const ROOT = 'http://target.test/api/v1.1';

interface Page {
  status?: number;
  json: unknown;
  headers?: Record<string, string>;
}

/** A client that answers each URL (path and query, under the API root) from `pages`; 404 for the rest. */
function fakeClient(pages: Record<string, Page>): Client & { asked: string[] } {
  const asked: string[] = [];
  return {
    apiRoot: ROOT,
    asked,
    async request<T>(options: RequestOptions): Promise<ApiResponse<T>> {
      const url = /^https?:/.test(options.path) ? new URL(options.path) : new URL(ROOT + options.path);
      for (const [name, value] of Object.entries(options.query ?? {}))
        if (value !== undefined) url.searchParams.append(name, String(value));
      const key = `${url.pathname.slice('/api/v1.1'.length)}${url.search}`;
      asked.push(key);
      const page = pages[key] ?? { status: 404, json: { message: 'not found' } };
      return {
        status: page.status ?? 200,
        headers: page.headers ?? {},
        text: JSON.stringify(page.json),
        json: page.json as T,
        exchange: {
          request: { method: 'GET', url: url.href, headers: {} },
          response: { status: page.status ?? 200, headers: {}, body: null },
        } as never,
      };
    },
  };
}

const items = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ id: from + i, name: `n${from + i}` }));

describe('findListItems: every reasonable shape (spec 4.6: not shown)', () => {
  it.each([
    ['a bare array', items(1, 2), 'bare array', []],
    ['{data}', { data: items(1, 2) }, '{data: [...]}', ['data']],
    ['{items, count}', { items: items(1, 2), count: 2 }, '{items: [...], count}', ['items']],
    [
      '{count, items}: the same shape whatever order the keys come in',
      { count: 2, items: items(1, 2) },
      '{items: [...], count}',
      ['items'],
    ],
    ['a named key', { positionTypes: items(1, 2) }, '{positionTypes: [...]}', ['positionTypes']],
    ['paging beside the data', { data: items(1, 2), paging: { next: null } }, '{data: [...], paging}', ['data']],
    ['an empty links array beside the items', { results: items(1, 2), links: [] }, '{links: [...], results: [...]}', ['results']],
    [
      'HAL, one object deep',
      { _embedded: { categories: items(1, 2) }, _links: { self: { href: '/categories' } } },
      '{_embedded: {categories: [...]}, _links}',
      ['_embedded', 'categories'],
    ],
  ])('%s', (_form, json, shape, key) => {
    expect(findListItems(json)).toEqual({ kind: 'items', items: items(1, 2), shape, key });
  });

  it('calls two arrays of items ambiguous, and names the shape', () => {
    expect(findListItems({ categories: items(1, 2), featured: items(3, 3) })).toEqual({
      kind: 'ambiguous',
      shape: '{categories: [...], featured: [...]}',
    });
  });

  it('finds nothing in an object without arrays, or in a scalar', () => {
    expect(findListItems({ message: 'x' })).toEqual({ kind: 'none', shape: '{message}' });
    expect(findListItems('x').kind).toBe('none');
    expect(findListItems(undefined).kind).toBe('none');
  });
});

describe('statedTotal: the size of the whole list, where a body states it', () => {
  it('reads a total at the top or one object deep, in any of its spellings', () => {
    expect(statedTotal({ data: [], paging: { total: 20, page: 1 } })).toBe(20);
    expect(statedTotal({ items: [], totalElements: 7 })).toBe(7);
    expect(statedTotal({ _meta: { total_count: 3 } })).toBe(3);
  });

  it('reads no total from a count, which a list may give per page, nor from a body without one', () => {
    expect(statedTotal({ items: [{ id: 1 }], count: 1 })).toBeUndefined();
    expect(statedTotal([{ id: 1 }])).toBeUndefined();
    expect(statedTotal({ data: [], paging: { page: 1, next: null } })).toBeUndefined();
  });
});

describe('nextInLinkHeader (RFC 8288)', () => {
  it('finds rel=next among other relations, quoted or not', () => {
    expect(nextInLinkHeader('</c?page=1>; rel="prev", </c?page=3>; rel="next"')).toBe('/c?page=3');
    expect(nextInLinkHeader('<http://x/c?page=2>; rel=next')).toBe('http://x/c?page=2');
    expect(nextInLinkHeader('</c?page=9>; rel="last next"')).toBe('/c?page=9');
    expect(nextInLinkHeader('</c?page=1>; rel="prev"')).toBeUndefined();
    expect(nextInLinkHeader(undefined)).toBeUndefined();
  });
});

describe('readReferenceList: every page', () => {
  it('follows a next link in a paging object, relative or absolute', async () => {
    const client = fakeClient({
      '/categories': { json: { data: items(1, 2), paging: { next: '/api/v1.1/categories?page=2' } } },
      '/categories?page=2': { json: { data: items(3, 4), paging: { next: `${ROOT}/categories?page=3` } } },
      '/categories?page=3': { json: { data: items(5, 5), paging: { next: null } } },
    });
    const read = await readReferenceList(client, '/categories');
    expect(itemIds(read.items)).toEqual([1, 2, 3, 4, 5]);
    expect(read.whole).toBe(true);
    expect(describeListRead(read)).toBe('{data: [...], paging}, 5 items, 3 pages by paging.next, relative links');
  });

  it('describes where previous links lead, and an item read twice', async () => {
    const paged = (back: Array<string | null>, second = items(3, 4)) =>
      fakeClient({
        '/categories': { json: { data: items(1, 2), paging: { previous: back[0], next: `${ROOT}/categories?page=2` } } },
        '/categories?page=2': { json: { data: second, paging: { previous: back[1], next: '/api/v1.1/categories?page=3' } } },
        '/categories?page=3': { json: { data: items(5, 5), paging: { previous: back[2], next: null } } },
      });
    const described = async (client: Client) => describeListRead(await readReferenceList(client, '/categories'));
    const back = [null, '/api/v1.1/categories?page=1', `${ROOT}/categories?page=2`];
    expect(await described(paged(back))).toBe(
      '{data: [...], paging}, 5 items, 3 pages by paging.next, absolute links, each previous link one page back',
    );
    expect(await described(paged(['/api/v1.1/categories?page=0', back[1]!, '/api/v1.1/categories?page=3']))).toBe(
      '{data: [...], paging}, 5 items, 3 pages by paging.next, absolute links, previous links 1 -> 0, 3 -> 3',
    );
    expect(await described(paged(back, items(1, 4)))).toBe(
      '{data: [...], paging}, 7 items (5 distinct), 3 pages by paging.next, absolute links, each previous link one page back',
    );
  });

  it('follows a HAL next link and a Link header', async () => {
    const hal = fakeClient({
      '/c': { json: { _embedded: { c: items(1, 1) }, _links: { next: { href: '/api/v1.1/c?p=2' } } } },
      '/c?p=2': { json: { _embedded: { c: items(2, 2) }, _links: {} } },
    });
    expect(itemIds((await readReferenceList(hal, '/c')).items)).toEqual([1, 2]);
    const linked = fakeClient({
      '/c': { json: items(1, 1), headers: { link: '</api/v1.1/c?cursor=b>; rel="next"' } },
      '/c?cursor=b': { json: items(2, 2) },
    });
    const read = await readReferenceList(linked, '/c');
    expect(itemIds(read.items)).toEqual([1, 2]);
    expect(read.pagedBy).toBe('Link header');
  });

  it('asks for page=N+1 while the body says there are more (a total, a page count)', async () => {
    const client = fakeClient({
      '/c': { json: { items: items(1, 2), count: 5 } },
      '/c?page=2': { json: { items: items(3, 4), count: 5 } },
      '/c?page=3': { json: { items: items(5, 5), count: 5 } },
    });
    const read = await readReferenceList(client, '/c');
    expect(itemIds(read.items)).toEqual([1, 2, 3, 4, 5]);
    expect(read.whole).toBe(true);
    expect(read.pagedBy).toBe('page query');
    const byPages = fakeClient({
      '/c': { json: { data: items(1, 1), meta: { page: 1, totalPages: 2 } } },
      '/c?page=2': { json: { data: items(2, 2), meta: { page: 2, totalPages: 2 } } },
    });
    expect(itemIds((await readReferenceList(byPages, '/c')).items)).toEqual([1, 2]);
  });

  it('reads one page when the body says nothing more ({items, count} with count = the items)', async () => {
    const client = fakeClient({ '/c': { json: { items: items(1, 3), count: 3 } } });
    const read = await readReferenceList(client, '/c');
    expect(client.asked).toEqual(['/c']);
    expect(read.whole).toBe(true);
  });

  it('marks the list not whole when the cap is reached, a page fails, or page=N+1 serves page 1 again', async () => {
    const endless: Record<string, Page> = {};
    for (let p = 1; p <= 10; p++)
      endless[p === 1 ? '/c' : `/c?page=${p}`] = { json: { data: items(p, p), paging: { next: `/api/v1.1/c?page=${p + 1}` } } };
    const capped = fakeClient(endless);
    const read = await readReferenceList(capped, '/c', { maxPages: 4 });
    expect(capped.asked).toHaveLength(4);
    expect(read).toMatchObject({ whole: false, cut: 'more pages after 4 (the cap)' });
    const failing = await readReferenceList(
      fakeClient({ '/c': { json: { data: items(1, 1), paging: { next: '/api/v1.1/c?page=2' } } } }),
      '/c',
    );
    expect(failing).toMatchObject({ whole: false, cut: expect.stringContaining('page 2 answered 404') });
    const ignoresPage = fakeClient({
      '/c': { json: { data: items(1, 2), total: 4 } },
      '/c?page=2': { json: { data: items(1, 2), total: 4 } },
    });
    expect(await readReferenceList(ignoresPage, '/c')).toMatchObject({ whole: false, cut: expect.stringContaining('adds no new item') });
    const loop = fakeClient({
      '/c': { json: { data: items(1, 1), next: '/api/v1.1/c?page=2' } },
      '/c?page=2': { json: { data: items(2, 2), next: '/api/v1.1/c' } },
    });
    expect(await readReferenceList(loop, '/c')).toMatchObject({ whole: false, cut: expect.stringContaining('links back') });
  });

  it('keeps the key on the target: a link to another origin is read on the target', async () => {
    const client = fakeClient({
      '/c': { json: { data: items(1, 1), paging: { next: 'https://public.example/api/v1.1/c?page=2' } } },
      '/c?page=2': { json: { data: items(2, 2) } },
    });
    expect(itemIds((await readReferenceList(client, '/c')).items)).toEqual([1, 2]);
  });
});

describe('discoverReferenceData', () => {
  const paths = { positionTypesPath: '/positiontypes', categoriesPath: '/categories', locationsPath: '/locations' };

  it('reads every page, records each shape, and the unknown ids drawn avoid every page', async () => {
    const pages: Record<string, Page> = { '/positiontypes': { json: { positionTypes: items(1, 7) } } };
    for (let p = 1; p <= 7; p++) {
      pages[p === 1 ? '/categories' : `/categories?page=${p}`] = {
        json: { data: items(3 * p - 2, Math.min(3 * p, 20)), paging: { next: p < 7 ? `/api/v1.1/categories?page=${p + 1}` : null } },
      };
    }
    const observations = new Observations();
    const refs = await discoverReferenceData(fakeClient(pages), paths, observations);
    expect(refs.categoryIds).toEqual(items(1, 20).map((i) => i.id));
    expect(refs.partial).toBeUndefined();
    expect(observations.list().map((o) => [o.topic, o.observed])).toEqual([
      ['reference-list-shape.position types', '{positionTypes: [...]}, 7 items'],
      ['reference-list-shape.categories', '{data: [...], paging}, 20 items, 7 pages by paging.next, relative links'],
    ]);
    const { category, 'position-type': positionType } = outOfRangeViolationArbs(refs);
    for (const v of fc.sample(category!, { seed: 42, numRuns: 300 })) {
      const ids = (v.patch.categories as Array<{ id: number }>).map((c) => c.id);
      expect(ids.filter((id) => !refs.categoryIds.includes(id))).toHaveLength(1);
    }
    for (const v of fc.sample(positionType!, { seed: 42, numRuns: 300 }))
      expect(refs.positionTypeIds).not.toContain((v.patch.positionType as { id: number }).id);
  });

  it('sends no unknown id of a list read only in part', async () => {
    const pages: Record<string, Page> = {
      '/positiontypes': { json: items(1, 3) },
      '/categories': { json: { data: items(1, 2), paging: { next: '/api/v1.1/categories?page=2' } } },
    };
    const refs = await discoverReferenceData(fakeClient(pages), paths);
    expect(refs.partial).toEqual({ categories: expect.stringContaining('page 2 answered 404') });
    expect(Object.keys(outOfRangeViolationArbs(refs))).not.toContain('category');
    expect(Object.keys(outOfRangeViolationArbs(refs))).toContain('position-type');
  });

  it('names the options that get past a category list it cannot find', async () => {
    const client = fakeClient({ '/positiontypes': { json: items(1, 3) } });
    const error = await discoverReferenceData(client, paths).catch((e: unknown) => e);
    expect((error as SuiteError).code).toBe('DISCOVERY_FAILED');
    expect((error as SuiteError).message).toMatch(/--categories-path.*--category-ids/);
  });

  it('takes given ids instead of reading their lists, and sends no unknown id outside them', async () => {
    const refs = await discoverReferenceData(fakeClient({}), paths, undefined, { categoryIds: [4, 5], positionTypeIds: [2] });
    expect(refs).toMatchObject({ categoryIds: [4, 5], positionTypeIds: [2] });
    expect(Object.keys(refs.partial ?? {}).sort()).toEqual(['categories', 'positionTypes']);
    expect(Object.keys(outOfRangeViolationArbs(refs))).not.toContain('category');
  });

  it('cannot run on an ambiguous list, and says why with its shape', async () => {
    const client = fakeClient({ '/positiontypes': { json: { a: items(1, 2), b: items(3, 4) } } });
    const error = await discoverReferenceData(client, paths).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SuiteError);
    expect((error as SuiteError).code).toBe('DISCOVERY_FAILED');
    expect((error as SuiteError).message).toBe(
      'cannot read the position types (spec 4.6; or give the ids with --position-type-ids): GET /api/v1.1/positiontypes holds more than one array of items, ' +
        '{a: [...], b: [...]}: which one is the list is ambiguous',
    );
  });
});
