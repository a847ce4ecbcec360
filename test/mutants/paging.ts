/**
 * @module Mutants of the paging object (spec 2.8, 4.5).
 */
import type { CoreRequest, CoreResponse } from '../../mock/index.js';
import type { Mutant, Transform } from './mutant.js';
import { isListBody, requestJson, responseJson, withJsonBody, withResponseJson, type JsonObject } from './support/json.js';
import { DEMO_KEYS, forSecondEmployer } from './support/keys.js';
import { isList, isPost } from './support/routes.js';
import { reshapeRequest } from './support/transforms.js';
import { allHeaders } from './support/relist.js';

const [FIRST_KEY, SECOND_KEY] = DEMO_KEYS as [string, string];

const STATUSES = ['active', 'archived', 'draft'];

/**
 * A server that files some refused POSTs in its counts first: `countedUnder` names the list a refused POST is counted
 * in (`all`: without q or status; a status: that filter, without q), or undefined. Each adds one to that list's total,
 * and to its pages, per key.
 */
function countsRefusedPosts(countedUnder: (req: CoreRequest, res: CoreResponse) => string | undefined): Transform {
  return (next) => {
    const phantoms = new Map<string, number>();
    return async (req) => {
      const key = req.headers['api-key'] ?? '';
      const res = await next(req);
      const under = isPost(req) ? countedUnder(req, res) : undefined;
      if (under !== undefined) phantoms.set(`${key} ${under}`, (phantoms.get(`${key} ${under}`) ?? 0) + 1);
      const body = responseJson(res);
      if (!isList(req) || req.query.get('q') || res.status !== 200 || !isListBody(body)) return res;
      const added = phantoms.get(`${key} ${req.query.get('status') || 'all'}`) ?? 0;
      if (added === 0) return res;
      const total = (body.paging.total as number) + added;
      const pages = Math.ceil(total / (body.paging.pageSize as number));
      return withResponseJson(res, { ...body, paging: { ...body.paging, total, pages } });
    };
  };
}

/** Edits the paging object (and data) of every 200 list answer. */
function rewritePaging(edit: (paging: JsonObject, data: JsonObject[], req: CoreRequest) => void): Transform {
  return (next) => async (req) => {
    const res = await next(req);
    const body = responseJson(res);
    if (!isList(req) || res.status !== 200 || !isListBody(body)) return res;
    edit(body.paging, body.data, req);
    return withResponseJson(res, body);
  };
}

/** `link` without its status parameter, the rest as it was written. */
const withoutStatus = (link: string): string => link.replace(/([?&])status=[^&]*&?/, '$1').replace(/[?&]$/, '');

/** `link` without the q and status parameters. */
function withoutFilters(link: string): string {
  const url = new URL(link);
  url.searchParams.delete('q');
  url.searchParams.delete('status');
  return url.href;
}

/** `link` whose page parameter is lost: a prefix glued to the query's first name, as a stray literal would do. */
function withPageLost(link: string): string {
  const url = new URL(link);
  url.search = `?x${url.search.slice(1)}`;
  return url.href;
}

/**
 * `link` with its q rewritten by `edit` (undefined drops it), in its own form, absolute or relative. A link without
 * q is left as it is.
 */
function withQ(link: string, edit: (q: string) => string | undefined): string {
  const base = 'http://relative.invalid';
  const url = new URL(link, base);
  const q = url.searchParams.get('q');
  if (q === null) return link;
  const edited = edit(q);
  if (edited === undefined) url.searchParams.delete('q');
  else url.searchParams.set('q', edited);
  return url.origin === base ? `${url.pathname}${url.search}` : url.href;
}

/** A letter beyond ASCII (`é`, `ß`, `日`). */
const NON_ASCII_LETTER = /(?![A-Za-z])\p{L}/u;

/** No filter active: neither q (an empty q filters nothing) nor status. */
const unfiltered = (req: CoreRequest): boolean => !req.query.get('q') && !req.query.has('status');

/**
 * With a q of compatibility characters (full-width letters), the total comes from a count over a search column kept in
 * NFKC and compared with q as sent: it counts none of the matches the page shows.
 */
const totalOverNormalizedColumn: Transform = (next) => async (req) => {
  const q = req.query.get('q') ?? '';
  const res = await next(req);
  const body = responseJson(res);
  if (!isList(req) || q === q.normalize('NFKC') || res.status !== 200 || !isListBody(body)) return res;
  const every = await allHeaders(next, req, { q, status: req.query.get('status') || undefined });
  if (!Array.isArray(every)) return res;
  const total = every.filter((job) => `${String(job.title)} ${String(job.referenceId)}`.normalize('NFKC').includes(q)).length;
  const pages = Math.ceil(total / Number(body.paging.pageSize));
  const nextLink = Number(body.paging.page) < pages ? body.paging.next : null;
  return withResponseJson(res, { ...body, paging: { ...body.paging, total, pages, next: nextLink } });
};

export const pagingMutants: Mutant[] = [
  {
    // spec 2.8: total is the number of matching jobs, whatever q holds
    name: 'paging-total-of-full-width-q-counted-over-normalized-column',
    area: 'paging',
    violates:
      '2.8: total is the number of matching jobs (here, for a q of full-width letters, a count over a column kept in NFKC, ' +
      'which q as sent matches nowhere: total 0 beside a page of matches)',
    expectedRule: 'jobs.paging.total',
    transform: totalOverNormalizedColumn,
  },
  {
    // spec 2.8: next and previous address the next and previous page, with or without filters
    name: 'paging-links-lose-page-without-filters',
    area: 'paging',
    violates: '2.8: next and previous address the next and previous page (here, with no filter active, their page is lost)',
    expectedRule: 'jobs.paging.next-follows',
    transform: rewritePaging((paging, _data, req) => {
      if (!unfiltered(req)) return;
      if (typeof paging.next === 'string') paging.next = withPageLost(paging.next);
      if (typeof paging.previous === 'string') paging.previous = withPageLost(paging.previous);
    }),
  },
  {
    // spec 2.8: next repeats the active filters and page size in its query string
    name: 'paging-next-drops-filters',
    area: 'paging',
    violates: '2.8: next repeats the active filters and page size (here without q and status)',
    expectedRule: ['jobs.paging.next-follows', 'jobs.paging.walk-all', 'jobs.paging.total', 'jobs.paging.previous-follows'],
    transform: rewritePaging((paging) => {
      if (typeof paging.next === 'string') paging.next = withoutFilters(paging.next);
    }),
  },
  {
    // spec 2.8: next repeats the active filters and page size in its query string
    name: 'paging-next-link-drops-default-page-size',
    area: 'paging',
    violates:
      '2.8: next repeats the page size in its query string (here a page size of 10, the default, is left out of next ' +
      'even where the request sent it: the link is encoded without default values)',
    expectedRule: 'jobs.paging.next-follows',
    transform: rewritePaging((paging) => {
      if (typeof paging.next === 'string') paging.next = paging.next.replace(/([?&])pageSize=10(?:&|$)/, '$1').replace(/[?&]$/, '');
    }),
  },
  {
    // spec 2.8: next repeats the active filters, for every employer
    name: 'paging-second-employer-next-drops-status',
    area: 'paging',
    violates:
      "2.8: next repeats the active filters (here the second employer's next leaves status out: the list of its plan " +
      'builds the link from q alone)',
    expectedRule: 'jobs.paging.next-follows',
    transform: forSecondEmployer(
      rewritePaging((paging) => {
        if (typeof paging.next === 'string') paging.next = withoutStatus(paging.next);
      }),
    ),
  },
  {
    // spec 2.8: next repeats the active filters and page size in its query string
    name: 'paging-links-omit-unsent-default-page-size',
    area: 'paging',
    violates:
      '2.8 (should): the links repeat the page size in their query string (here a list asked without pageSize gets links ' +
      'without it too: the links echo the parameters the request sent, not the size in effect)',
    expectedRule: 'jobs.list.page-size-default-links',
    transform: rewritePaging((paging, _data, req) => {
      if (req.query.has('pageSize')) return;
      for (const name of ['next', 'previous'] as const) {
        const link = paging[name];
        if (typeof link !== 'string') continue;
        const url = new URL(link);
        url.searchParams.delete('pageSize');
        paging[name] = url.href;
      }
    }),
  },
  {
    // spec 2.8: previous is null on the first page
    name: 'paging-previous-on-first-page',
    area: 'paging',
    violates: '2.8: previous is null on the first page (here a link to page 1)',
    expectedRule: 'jobs.paging.previous-null-first',
    transform: rewritePaging((paging, _data, req) => {
      if (paging.page === 1 && paging.previous === null) {
        const url = new URL(`${req.baseUrl}${req.path}`);
        for (const [name, value] of req.query) url.searchParams.set(name, value);
        url.searchParams.set('page', '1');
        paging.previous = url.href;
      }
    }),
  },
  {
    // spec 2.8: previous is null on the first page; 4.5: page defaults to 1
    name: 'paging-previous-on-first-page-when-page-omitted',
    area: 'paging',
    violates:
      '2.8, 4.5: previous is null on the first page, and a list without page is the first (here an omitted page is ' +
      'not taken as page 1 where previous is written: it links to page 0)',
    expectedRule: 'jobs.paging.next-follows',
    transform: rewritePaging((paging, _data, req) => {
      if (req.query.has('page') || paging.previous !== null) return;
      const url = new URL(`${req.baseUrl}${req.path}`);
      for (const [name, value] of req.query) url.searchParams.set(name, value);
      url.searchParams.set('page', '0');
      paging.previous = url.href;
    }),
  },
  {
    // spec 2.8: total is the number of matching jobs
    name: 'paging-total-counts-the-page',
    area: 'paging',
    violates: '2.8: paging.total is the total number of matching jobs (here the number on this page)',
    expectedRule: ['jobs.paging.total', 'jobs.list.page-size-default'],
    transform: rewritePaging((paging, data) => {
      paging.total = data.length;
    }),
  },
  {
    // spec 2.8: total is the number of matching jobs; 4.5: q matches the title, whatever the referenceId
    name: 'paging-q-total-leaves-out-jobs-without-reference',
    area: 'paging',
    violates:
      '2.8: total is the number of matching jobs (here, with q and no status, a count that joins the referenceIds leaves ' +
      'out the jobs without one that match by title, though the page lists them)',
    expectedRule: 'jobs.paging.total',
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = responseJson(res);
      const q = req.query.get('q');
      if (!isList(req) || !q || req.query.get('status') || res.status !== 200 || !isListBody(body)) return res;
      const matching = await allHeaders(next, req, { q });
      const unreferenced = Array.isArray(matching) ? matching.filter((item) => !item.referenceId).length : 0;
      if (unreferenced === 0) return res;
      const total = (body.paging.total as number) - unreferenced;
      const pages = Math.max(1, Math.ceil(total / (body.paging.pageSize as number)));
      return withResponseJson(res, { ...body, paging: { ...body.paging, total, pages } });
    },
  },
  {
    // spec 2.8: pages is the number of pages
    name: 'paging-pages-off-by-one-exact-divisor',
    area: 'paging',
    violates: '2.8: pages is the number of pages (here one too many when a pageSize above 1 divides the total exactly)',
    expectedRule: 'jobs.paging.total',
    transform: rewritePaging((paging) => {
      const { total, pageSize } = paging as { total: number; pageSize: number };
      if (pageSize > 1 && total > pageSize && total % pageSize === 0) paging.pages = total / pageSize + 1;
    }),
  },
  {
    // spec 2.8: next repeats the active filters; q encoded twice is another filter (a space becomes %2520)
    name: 'paging-next-link-double-encodes-q',
    area: 'paging',
    violates: '2.8: next repeats the active filters in its query string (here q is percent-encoded twice: another filter)',
    expectedRule: 'jobs.paging.q-characters',
    transform: rewritePaging((paging) => {
      if (typeof paging.next === 'string') paging.next = withQ(paging.next, encodeURIComponent);
    }),
  },
  {
    // spec 2.8: next repeats the active filters, whatever characters q holds
    name: 'paging-next-link-drops-non-ascii-q',
    area: 'paging',
    violates: '2.8: next repeats the active filters in its query string (here it drops a q holding a letter beyond ASCII)',
    expectedRule: 'jobs.paging.q-characters',
    transform: rewritePaging((paging) => {
      if (typeof paging.next === 'string') paging.next = withQ(paging.next, (q) => (NON_ASCII_LETTER.test(q) ? undefined : q));
    }),
  },
  {
    // spec 2.8: next repeats the active filters, with or without q
    name: 'paging-next-drops-status-without-q',
    area: 'paging',
    violates: '2.8: next repeats the active filters and page size (here, without q, it drops status)',
    expectedRule: ['jobs.paging.next-follows', 'jobs.paging.walk-all'],
    transform: rewritePaging((paging, _data, req) => {
      if (!req.query.get('q') && typeof paging.next === 'string') {
        const url = new URL(paging.next);
        url.searchParams.delete('status');
        paging.next = url.href;
      }
    }),
  },
  {
    // spec 2.8: pages is the number of pages, a short last page included
    name: 'paging-pages-floored',
    area: 'paging',
    violates: '2.8: pages is the number of pages (here total / pageSize rounded down, so a short last page is not counted)',
    expectedRule: 'jobs.paging.total',
    transform: rewritePaging((paging) => {
      const { total, pageSize } = paging as { total: number; pageSize: number };
      paging.pages = Math.max(1, Math.floor(total / pageSize));
    }),
  },
  {
    // spec 4.5: page is an Int32 the list takes with the other filters; past the end it shows no other page
    name: 'paging-largest-page-with-q-serves-first',
    area: 'paging',
    violates:
      '4.5: the page asked is the page served (here a page past 1,000 with q serves page 1, as a search backend that caps its offset)',
    expectedRule: 'jobs.paging.total',
    transform: reshapeRequest(isList, (req) => {
      const query = new URLSearchParams(req.query);
      if (!query.get('q') || Number(query.get('page')) <= 1000) return req;
      query.set('page', '1');
      return { ...req, query };
    }),
  },
  {
    // spec 2.8: next repeats the page size in effect, which after a clamp is not the size asked for
    name: 'paging-next-repeats-page-size-asked-when-clamped',
    area: 'paging',
    violates: '2.8: next repeats the page size in effect (here pageSize=101 is clamped to 100, and next asks for 101 again)',
    expectedRule: 'jobs.list.page-size-over-max',
    transform: rewritePaging((paging, _data, req) => {
      const asked = req.query.get('pageSize');
      if (typeof paging.next !== 'string' || asked === null || Number(asked) === paging.pageSize) return;
      const url = new URL(paging.next);
      url.searchParams.set('pageSize', asked);
      paging.next = url.href;
    }),
  },
  {
    // spec 4.5, 8: pageSize maximum 100, a page of that size holds 100 jobs
    name: 'paging-page-of-100-cut-at-50',
    area: 'paging',
    violates: '4.5, 8: a page of pageSize 100 holds 100 jobs when as many match (here 50, as a backend capped lower than its paging says)',
    expectedRule: 'jobs.list.page-size-100',
    transform: rewritePaging((_paging, data) => {
      data.splice(50);
    }),
  },
  {
    // spec 2.8, 7: total is the number of matching jobs, and a refused write creates none
    name: 'paging-refused-status-counted-in-total',
    area: 'paging',
    violates:
      '2.8, 4.2: total is the number of matching jobs (here a POST refused for a status outside the three bumps the ' +
      "employer's count first: each adds one to total, and to pages, on the list without q or status)",
    expectedRule: 'jobs.paging.refused-writes-count-nothing',
    transform: countsRefusedPosts((req, res) => {
      const status = requestJson(req)?.status;
      const refused = res.status >= 400 && res.status < 500;
      return refused && typeof status === 'string' && !STATUSES.includes(status) ? 'all' : undefined;
    }),
  },
  {
    // spec 2.8, 4.2: total is the number of matching jobs, and a POST refused as a duplicate creates none
    name: 'paging-duplicate-post-counted-in-status-total',
    area: 'paging',
    violates:
      '2.8, 4.2: total is the number of matching jobs (here a POST refused for a referenceId that exists bumps the count of ' +
      'the status it carried, draft when omitted, before the unique check: the list by that status counts one more)',
    expectedRule: 'jobs.paging.refused-writes-count-nothing',
    transform: countsRefusedPosts((req, res) => {
      if (res.status !== 409) return undefined;
      const status = requestJson(req)?.status;
      return typeof status === 'string' && STATUSES.includes(status) ? status : 'draft';
    }),
  },
  {
    // spec 5.3, 7: a refused write creates nothing, for either employer
    name: 'paging-second-employer-refused-post-files-job-for-first',
    area: 'paging',
    violates:
      "5.3, 8: title at most 256 characters, and the list holds the key's employer's jobs (here the second employer's POST " +
      'of a longer title is refused, but a job with the title cut to 256 is filed for the first employer)',
    expectedRule: 'jobs.paging.refused-writes-count-nothing',
    transform: (next) => async (req) => {
      const body = isPost(req) && req.headers['api-key'] === SECOND_KEY ? requestJson(req) : undefined;
      const res = await next(req);
      if (typeof body?.title === 'string' && [...body.title].length > 256 && res.status >= 400 && res.status < 500) {
        const title = [...body.title].slice(0, 256).join('');
        await next(withJsonBody({ ...req, headers: { ...req.headers, 'api-key': FIRST_KEY } }, { ...body, title }));
      }
      return res;
    },
  },
  {
    // spec 2.8: total is the number of matching jobs, however many there are
    name: 'paging-unfiltered-total-wraps-at-256',
    area: 'paging',
    violates:
      '2.8: total is the number of matching jobs (here the count of a list without q or status is kept in a byte: from 256 ' +
      'jobs on it wraps, and pages with it)',
    expectedRule: 'jobs.list.many-jobs',
    transform: rewritePaging((paging, _data, req) => {
      const total = paging.total as number;
      if (req.query.get('q') || req.query.get('status') || total < 256) return;
      paging.total = total % 256;
      paging.pages = Math.ceil((total % 256) / (paging.pageSize as number));
      if ((paging.page as number) >= (paging.pages as number)) paging.next = null;
    }),
  },
];
