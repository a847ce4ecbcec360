/**
 * @module Reads a reference list (spec 4.6) whole, whatever its form: the spec
 * shows neither the shape of the lists nor whether they are paged. The items
 * are a bare array, or the one array of items in an object (`data`, `items`,
 * `positionTypes`, ...) beside any count or paging metadata, at the top or one
 * object deep (`{_embedded: {positionTypes: [...]}}`). Further pages are read
 * through a `next` link (in the body, or a Link header rel=next), or by asking
 * for `page=N+1` while the body says there are more (a total, a page count, a
 * has-more flag), at most MAX_LIST_PAGES requests. A list that could not be
 * read to its end is marked not whole: an id outside what was read may still
 * be listed, so no rule may call such an id unknown.
 */
import type { ApiResponse, Client } from '../contract/rule.js';

/** The most requests (pages) one list read sends: a reference list is small; a paging loop must end. */
export const MAX_LIST_PAGES = 50;

/** Where a body keeps its items. */
export type ListBody =
  | { kind: 'items'; items: unknown[]; shape: string; key: readonly string[] }
  | { kind: 'ambiguous'; shape: string }
  | { kind: 'none'; shape: string };

export interface ListRead {
  /** The first response: its status says whether the list can be read at all. */
  first: ApiResponse;
  /** Every response read, the first included. */
  responses: ApiResponse[];
  /** The items of every page read, in order (a repeated item is kept twice). */
  items: unknown[];
  /** The first page's shape: `bare array`, `{items: [...], count}`, `{data: [...], paging}`. */
  shape: string;
  /** How further pages were reached (`paging.next`, `Link header`, `page query`); undefined for one page. */
  pagedBy?: string;
  /** False when the list could not be read to its end (the page cap, a failing page): `cut` says why. */
  whole: boolean;
  cut?: string;
  /** Why the first response gives no list (not 200, no array of items, two candidate arrays); undefined when it does. */
  problem?: string;
}

type Json = Record<string, unknown>;

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** An array that holds list items: objects with an integer id (an empty array holds none). */
function holdsItems(value: unknown[]): boolean {
  return value.length > 0 && value.every((item) => isObject(item) && Number.isInteger(item.id));
}

/** `{a: [...], b}`: the keys of an object, the array-valued ones marked (and first), one object deep. */
function describe(json: Json, depth = 0): string {
  // Arrays first, then by name: the order a server writes its keys in is no part of the shape.
  const entries = Object.entries(json).sort(
    ([a, x], [b, y]) => Number(Array.isArray(y)) - Number(Array.isArray(x)) || (a < b ? -1 : a > b ? 1 : 0),
  );
  const parts = entries.map(([key, value]) => {
    if (Array.isArray(value)) return `${key}: [...]`;
    if (depth === 0 && isObject(value) && Object.values(value).some(Array.isArray)) return `${key}: ${describe(value, 1)}`;
    return key;
  });
  return `{${parts.join(', ')}}`;
}

/** The array-valued properties of an object, as key paths. */
function arraysIn(json: Json, prefix: readonly string[] = []): Array<{ key: string[]; items: unknown[] }> {
  return Object.entries(json)
    .filter(([, v]) => Array.isArray(v))
    .map(([k, v]) => ({ key: [...prefix, k], items: v as unknown[] }));
}

/**
 * Where a reference list body keeps its items: the body itself when it is an
 * array; else the one array-valued property (or, when there are several, the
 * one that holds objects with integer ids); else the same one object deep.
 * Two candidate arrays make the list ambiguous.
 *
 * @example
 * findListItems({ items: [{ id: 1, name: 'a' }], count: 1 }); // { kind: 'items', items: [...], shape: '{items: [...], count}', key: ['items'] }
 */
export function findListItems(json: unknown): ListBody {
  if (Array.isArray(json)) return { kind: 'items', items: json, shape: 'bare array', key: [] };
  if (!isObject(json)) return { kind: 'none', shape: json === undefined ? 'no JSON body' : `JSON ${json === null ? 'null' : typeof json}` };
  const shape = describe(json);
  let arrays = arraysIn(json);
  if (arrays.length === 0) arrays = Object.entries(json).flatMap(([k, v]) => (isObject(v) ? arraysIn(v, [k]) : []));
  const chosen = arrays.length === 1 ? arrays : arrays.filter((a) => holdsItems(a.items));
  if (chosen.length === 1) return { kind: 'items', items: chosen[0]!.items, shape, key: chosen[0]!.key };
  return arrays.length === 0 ? { kind: 'none', shape } : { kind: 'ambiguous', shape };
}

/** The distinct integer ids of the items. */
export function itemIds(items: readonly unknown[]): number[] {
  const ids = items.map((item) => (isObject(item) ? item.id : undefined)).filter((id): id is number => Number.isInteger(id));
  return [...new Set(ids)];
}

/** The objects that may hold paging metadata: the body and its object-valued properties (`paging`, `meta`, `links`, `_links`). */
function metadataObjects(json: unknown): Array<{ name: string; value: Json }> {
  if (!isObject(json)) return [];
  return [
    { name: '', value: json },
    ...Object.entries(json)
      .filter(([, v]) => isObject(v))
      .map(([k, v]) => ({ name: `${k}.`, value: v as Json })),
  ];
}

/** The body's `next` link (a string, or `{href}` as HAL writes it): `found` is false when no object has a `next` key at all. */
function nextInBody(json: unknown): { found: boolean; link?: string; where?: string } {
  for (const { name, value } of metadataObjects(json)) {
    if (!Object.hasOwn(value, 'next')) continue;
    const link = linkText(value.next);
    return { found: true, ...(link ? { link, where: `${name}next` } : {}) };
  }
  return { found: false };
}

/** The target of a `Link: <url>; rel="next"` header (RFC 8288), or undefined. */
export function nextInLinkHeader(header: string | undefined): string | undefined {
  for (const match of (header ?? '').matchAll(/<([^>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*"?([^";,]+(?:\s+[^";,]+)*)"?/i.exec(match[2] ?? '')?.[1];
    if (rel?.toLowerCase().split(/\s+/).includes('next')) return match[1];
  }
  return undefined;
}

const TOTAL_KEYS = [
  'total',
  'count',
  'totalCount',
  'total_count',
  'totalItems',
  'total_items',
  'totalElements',
  'totalResults',
  'total_results',
];
const PAGES_KEYS = ['pages', 'totalPages', 'total_pages', 'pageCount', 'page_count', 'lastPage', 'last_page'];
const MORE_KEYS = ['hasMore', 'has_more', 'hasNext', 'has_next', 'more'];

/** Whether the body says items follow the `seen` ones read in `page` pages: a larger total, a later last page, a has-more flag. */
function saysMore(json: unknown, seen: number, page: number): boolean {
  for (const { value } of metadataObjects(json)) {
    if (MORE_KEYS.some((k) => value[k] === true)) return true;
    if (TOTAL_KEYS.some((k) => typeof value[k] === 'number' && value[k] > seen)) return true;
    if (PAGES_KEYS.some((k) => typeof value[k] === 'number' && value[k] > page)) return true;
  }
  return false;
}

/**
 * The number of items a body says the whole list holds (a total, not `count`, which some lists give per page), or
 * undefined where it says none.
 *
 * @example
 * statedTotal({ data: [], paging: { total: 20, page: 1 } }); // 20
 */
export function statedTotal(json: unknown): number | undefined {
  for (const { value } of metadataObjects(json)) {
    const key = TOTAL_KEYS.find((name) => name !== 'count' && typeof value[name] === 'number');
    if (key !== undefined) return value[key] as number;
  }
  return undefined;
}

/** A new item: by id when it has one, else always (an id-less list is read as given). */
function countNew(items: readonly unknown[], known: Set<number>): number {
  let fresh = 0;
  for (const item of items) {
    const id = isObject(item) ? item.id : undefined;
    if (!Number.isInteger(id)) fresh++;
    else if (!known.has(id as number)) {
      known.add(id as number);
      fresh++;
    }
  }
  return fresh;
}

/**
 * Reads the list at `path` page by page. Links to another origin are followed
 * on the target's own origin: the key never leaves it.
 *
 * @example
 * const read = await readReferenceList(client, '/categories');
 * if (read.problem === undefined) itemIds(read.items);
 */
export async function readReferenceList(
  client: Client,
  path: string,
  options: { maxPages?: number; apiKey?: null } = {},
): Promise<ListRead> {
  const maxPages = options.maxPages ?? MAX_LIST_PAGES;
  const keyOption = options.apiKey === null ? { apiKey: null } : {};
  const first = await client.request({ method: 'GET', path, ...keyOption });
  const where = `GET ${new URL(client.apiRoot + path).pathname}`;
  const body = findListItems(first.json);
  const read: ListRead = { first, responses: [first], items: [], shape: body.shape, whole: true };
  if (first.status !== 200) return { ...read, whole: false, problem: `${where} answered ${first.status}` };
  if (body.kind === 'none') return { ...read, whole: false, problem: `${where} holds no array of items (${body.shape})` };
  if (body.kind === 'ambiguous') {
    return {
      ...read,
      whole: false,
      problem: `${where} holds more than one array of items, ${body.shape}: which one is the list is ambiguous`,
    };
  }
  const known = new Set<number>();
  read.items.push(...body.items);
  countNew(body.items, known);
  const root = new URL(client.apiRoot);
  const visited = new Set([first.exchange.request.url]);
  for (let last = first, page = 1; ; page++) {
    const inBody = nextInBody(last.json);
    const linked = inBody.link ?? (inBody.found ? undefined : nextInLinkHeader(last.headers.link));
    const byQuery = !inBody.found && linked === undefined && saysMore(last.json, read.items.length, page);
    if (linked === undefined && !byQuery) return read;
    if (read.responses.length >= maxPages) return { ...read, whole: false, cut: `more pages after ${maxPages} (the cap)` };
    read.pagedBy ??= linked === undefined ? 'page query' : inBody.link !== undefined ? inBody.where : 'Link header';
    let next: ApiResponse;
    if (linked !== undefined) {
      const url = new URL(linked, last.exchange.request.url);
      const target = `${root.origin}${url.pathname}${url.search}`;
      if (visited.has(target)) return { ...read, whole: false, cut: `page ${page} links back to a page already read (${linked})` };
      visited.add(target);
      next = await client.request({ method: 'GET', path: target, ...keyOption });
    } else {
      next = await client.request({ method: 'GET', path, query: { page: page + 1 }, ...keyOption });
    }
    read.responses.push(next);
    const nextBody = findListItems(next.json);
    if (next.status !== 200 || nextBody.kind !== 'items') {
      return {
        ...read,
        whole: false,
        cut: `page ${page + 1} answered ${next.status} ${nextBody.kind === 'items' ? '' : `(${nextBody.shape})`}`.trim(),
      };
    }
    read.items.push(...nextBody.items);
    if (countNew(nextBody.items, known) === 0) {
      // A server that ignores `page` serves page 1 again; a link that leads to an empty page ends the list.
      if (linked !== undefined && nextBody.items.length === 0) return read;
      return { ...read, whole: false, cut: `page ${page + 1} adds no new item although the body says there are more` };
    }
    last = next;
  }
}

/** A link as a body writes it: a string, or `{href}` as HAL writes it; undefined for null or anything else. */
function linkText(value: unknown): string | undefined {
  return typeof value === 'string' ? value : isObject(value) && typeof value.href === 'string' ? value.href : undefined;
}

/** Whether a link is an absolute URL (it has a scheme) or a reference relative to the page. */
const linkForm = (link: string): string => (/^[a-z][a-z\d+.-]*:/i.test(link) ? 'absolute' : 'relative');

/** The page a body's `previous` (or `prev`) link names (its `page` parameter, else the link itself), or `none`. */
function previousOf(json: unknown): string {
  for (const { value } of metadataObjects(json)) {
    const key = ['previous', 'prev'].find((name) => Object.hasOwn(value, name));
    if (key === undefined) continue;
    const link = linkText(value[key]);
    return link === undefined ? 'none' : (new URL(link, 'http://list.invalid/').searchParams.get('page') ?? link);
  }
  return 'none';
}

/**
 * How a paged list links its pages: the form of its next links, and where its previous links lead when any page
 * has one (page N back to N-1, and none on page 1, is said in a word; any other is listed).
 */
function describeLinks(read: ListRead): string {
  const next = nextInBody(read.first.json).link;
  const form = next === undefined ? '' : `, ${linkForm(next)} links`;
  const back = read.responses.map((res, index) => ({ page: index + 1, to: previousOf(res.json) }));
  if (back.every(({ to }) => to === 'none')) return form;
  const odd = back.filter(({ page, to }) => to !== (page === 1 ? 'none' : String(page - 1)));
  const previous =
    odd.length === 0 ? 'each previous link one page back' : `previous links ${odd.map(({ page, to }) => `${page} -> ${to}`).join(', ')}`;
  return `${form}, ${previous}`;
}

/**
 * One line for an observation: the shape, how many items were read (and how many distinct ids, when an item came
 * twice), and, over more than one page, how they were reached and linked.
 *
 * @example
 * describeListRead(read); // '{data: [...], paging}, 61 items, 7 pages by paging.next, absolute links, each previous link one page back'
 */
export function describeListRead(read: ListRead): string {
  const distinct = itemIds(read.items).length;
  const twice = distinct > 0 && distinct < read.items.length ? ` (${distinct} distinct)` : '';
  const items = read.problem === undefined ? `, ${read.items.length} items${twice}` : '';
  const pages = read.responses.length > 1 ? `, ${read.responses.length} pages by ${read.pagedBy}${describeLinks(read)}` : '';
  return `${read.shape}${items}${pages}${read.whole ? '' : ` (not read whole: ${read.cut ?? read.problem})`}`;
}
