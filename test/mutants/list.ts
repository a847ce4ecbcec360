/**
 * @module Mutants of the job list (spec 4.5, 2.7, 5.3, 8).
 */
import { DEMO_EMPLOYERS, type CoreRequest, type CoreResponse } from '../../mock/index.js';
import type { Mutant, Transform } from './mutant.js';
import { isJobBody, isListBody, jsonResponse, requestJson, responseJson, withResponseJson, type JsonObject } from './support/json.js';
import { currentJob, jobByReference, namedJob, sideRequest } from './support/side-requests.js';
import { allHeaders, listViewOf, newestFirst, relist, withOtherEmployersJobs, type ListView } from './support/relist.js';
import {
  isAnyUpdate,
  isAnyUpdateById,
  isAnyWrite,
  isCollection,
  isDelete,
  isList,
  isOverride,
  isPost,
  isPutById,
  isPutByReference,
  jobIdOf,
} from './support/routes.js';
import { staleIndex } from './support/stale-index.js';
import { FreshJobs, madeByOverrideCreate } from './support/fresh-jobs.js';
import { answerInstead, reshapeRequest, rewriteResponseText } from './support/transforms.js';

/**
 * A list view that one create path fills wrongly: every list page is handed to `edit` with the ids of the jobs that
 * requests `creates` matches made (a 201), once there are any.
 */
function listsAfterCreates(
  creates: (req: CoreRequest) => boolean,
  edit: (page: { data: JsonObject[]; paging: JsonObject }, made: ReadonlySet<number>, req: CoreRequest) => JsonObject,
): Transform {
  return (next) => {
    const made = new Set<number>();
    return async (req) => {
      const wanted = creates(req);
      const res = await next(req);
      const job = responseJson(res);
      if (wanted && res.status === 201 && typeof job?.id === 'number') made.add(job.id);
      const page = isList(req) && made.size > 0 ? responseJson(res) : undefined;
      return isListBody(page) ? withResponseJson(res, edit(page, made, req)) : res;
    };
  };
}

/** A list mutant that edits the query before the core reads it. */
function rewriteQuery(edit: (query: URLSearchParams) => void): Mutant['transform'] {
  return (next) => async (req) => {
    if (!isList(req)) return next(req);
    const query = new URLSearchParams(req.query);
    edit(query);
    return next({ ...req, query });
  };
}

/** `items` cut into pages of `size`, the pages in reverse order: each page sorted, the walk not. */
function pagesReversed(items: JsonObject[], size: number): JsonObject[] {
  const pages: JsonObject[][] = [];
  for (let at = 0; at < items.length; at += size) pages.push(items.slice(at, at + size));
  return pages.reverse().flat();
}

/**
 * Lists filtered by status that `serves` names, from a status index that files each answer carrying a job when `files`
 * says so (its request and answer): a job written otherwise keeps the status last filed there, so a status changed
 * by such a write shows in those lists only once an answer that is filed carries the job again.
 */
function statusIndex(files: (req: CoreRequest, res: CoreResponse) => boolean, serves: (view: ListView) => boolean): Transform {
  return (next) => {
    const indexed = new Map<number, unknown>();
    const list = relist(async ({ items, view, req, next: core }) => {
      if (view.status === undefined || !serves(view)) return items;
      const every = await allHeaders(core, req, { q: view.q });
      if (!Array.isArray(every)) return items;
      return every.filter((item) => (indexed.get(item.id as number) ?? item.status) === view.status);
    })(next);
    return async (req) => {
      const res = await list(req);
      const body = responseJson(res);
      const carries = res.status >= 200 && res.status < 300 && typeof body?.id === 'number' && typeof body.status === 'string';
      if (carries && files(req, res)) indexed.set(body.id as number, body.status);
      return res;
    };
  };
}

/**
 * Lists without q filtered by status from the status each job was created with: a status index that a later
 * write (an archive by PUT) does not move, as a store that files a job under its status once would keep.
 */
const statusFromCreate = statusIndex(
  (req, res) => isPost(req) && res.status === 201,
  (view) => view.q === undefined,
);

/**
 * The archived-jobs view keeps the jobs deleted through the override on DELETE /jobs's path: that handler removes the
 * job from the store but not from the view of archived jobs, which lists it with q (matched on title or referenceId)
 * or without.
 */
const archivedViewKeepsOverrideDeletes: Mutant['transform'] = (next) => {
  const ghosts: JsonObject[] = [];
  const list = relist(({ items, view }) => {
    if (view.status !== 'archived') return items;
    const q = view.q?.toLowerCase();
    const kept = ghosts.filter((job) => q === undefined || `${String(job.title)} ${String(job.referenceId)}`.toLowerCase().includes(q));
    return [...items, ...kept].sort(newestFirst);
  })(next);
  return async (req) => {
    const ref = requestJson(req)?.referenceId;
    const gone =
      isOverride(req, 'DELETE') && isCollection(req) && typeof ref === 'string' ? await jobByReference(next, req, ref) : undefined;
    const res = await list(req);
    if (gone?.status === 'archived' && res.status === 204) ghosts.push(headerOf(gone));
    return res;
  };
};

/** `q` as an SQL LIKE pattern, unescaped: `%` any run of characters, `_` any one, matched anywhere and in any case. */
function likePattern(q: string): RegExp {
  const pieces = [...q].map((char) => (char === '%' ? '.*' : char === '_' ? '.' : char.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(pieces.join(''), 'i');
}

/** A full job as the list shows it (spec 2.7: the header's fields). */
const headerOf = ({ id, referenceId, employer, title, publishDate, locations, confidential, status }: JsonObject): JsonObject => ({
  id,
  referenceId,
  employer,
  title,
  publishDate,
  locations,
  confidential,
  status,
});

/** Employers whose last job went by DELETE /jobs: their list without q counts it until they create again. */
const lastDeleteKeepsCount: Transform = (next) => {
  const counted = new Set<string>();
  return async (req) => {
    const key = req.headers['api-key'] ?? '';
    if (isDelete(req) && isCollection(req)) {
      const head = responseJson(
        await next({ ...req, method: 'GET', path: req.path, query: new URLSearchParams('pageSize=1'), body: undefined }),
      );
      const res = await next(req);
      if (res.status === 204 && isListBody(head) && head.paging.total === 1) counted.add(key);
      return res;
    }
    if (isPost(req)) counted.delete(key);
    const res = await next(req);
    const body = counted.has(key) && isList(req) && !req.query.get('q') ? responseJson(res) : undefined;
    if (!isListBody(body) || body.paging.total !== 0) return res;
    return withResponseJson(res, { ...body, paging: { ...body.paging, total: 1, pages: 1 } });
  };
};

/** A list that decodes q once more than the URL encoded it, where that decoding succeeds (a lone `%` makes it throw). */
const qDecodedTwice: Transform = reshapeRequest(isList, (req) => {
  const q = req.query.get('q');
  if (q === null || !/%[0-9A-Fa-f]{2}/.test(q)) return req;
  let decoded: string;
  try {
    decoded = decodeURIComponent(q);
  } catch {
    return req;
  }
  const query = new URLSearchParams(req.query);
  query.set('q', decoded);
  return { ...req, query };
});

/** A list whose query parser reads an all-digit q as a number, which the term filter then skips: no term filter. */
const numericQDropped: Transform = reshapeRequest(
  (req) => isList(req) && /^\d+$/.test(req.query.get('q') ?? ''),
  (req) => {
    const query = new URLSearchParams(req.query);
    query.delete('q');
    return { ...req, query };
  },
);

/** List headers whose employer name a column of 20 characters cuts (only the second demo employer's is longer). */
const headerEmployerNameCut: Transform = (next) => async (req) => {
  const res = await next(req);
  const body = isList(req) && res.status === 200 ? responseJson(res) : undefined;
  if (!isListBody(body)) return res;
  for (const item of body.data) {
    const employer = item.employer as JsonObject | undefined;
    if (typeof employer?.name === 'string') employer.name = employer.name.slice(0, 20);
  }
  return withResponseJson(res, body);
};

/** status=archived lists the jobs an update archived last first (by when, not by publishDate); the others after them. */
const archivedByArchiveTime: Transform = (next) => {
  const archivedAt = new Map<unknown, number>();
  let clock = 0;
  const list = relist(({ items, req }) =>
    req.query.get('status') !== 'archived' ? items : [...items].sort((a, b) => (archivedAt.get(b.id) ?? 0) - (archivedAt.get(a.id) ?? 0)),
  )(next);
  return async (req) => {
    if (isList(req)) return list(req);
    const res = await next(req);
    const job = responseJson(res);
    if (isAnyUpdate(req) && res.status === 200 && isJobBody(job) && requestJson(req)?.status === 'archived')
      archivedAt.set(job.id, ++clock);
    return res;
  };
};

/**
 * A list index kept in blocks of ten: a job posted when its employer holds exactly ten starts a block at the wrong
 * end, and every list shows it last.
 */
const tenthBlockListedLast: Transform = (next) => {
  const misplaced = new Set<number>();
  return async (req) => {
    if (isPost(req)) {
      const held = responseJson(await sideRequest(next, req, 'GET', '/jobs', { query: new URLSearchParams({ pageSize: '1' }) }));
      const res = await next(req);
      const job = responseJson(res);
      if (res.status === 201 && isJobBody(job) && isListBody(held) && held.paging.total === 10) misplaced.add(job.id);
      return res;
    }
    const res = await next(req);
    const body = responseJson(res);
    if (!isList(req) || res.status !== 200 || !isListBody(body) || !body.data.some((item) => misplaced.has(item.id as number))) return res;
    const [late, rest] = [
      body.data.filter((item) => misplaced.has(item.id as number)),
      body.data.filter((item) => !misplaced.has(item.id as number)),
    ];
    return withResponseJson(res, { ...body, data: [...rest, ...late] });
  };
};

/** A search text built as `${title} ${referenceId}`: a job without a referenceId holds "null", and a q within it lists it. */
const qMatchesMissingReferenceAsNull: Transform = (next) => async (req) => {
  const q = req.query.get('q')?.toLowerCase() ?? '';
  const res = await next(req);
  const body = responseJson(res);
  if (!isList(req) || q.length < 2 || !'null'.includes(q) || res.status !== 200 || !isListBody(body)) return res;
  const query = new URLSearchParams({ pageSize: '100' });
  if (req.query.has('status')) query.set('status', req.query.get('status')!);
  const all = responseJson(await sideRequest(next, req, 'GET', '/jobs', { query }));
  const listed = new Set(body.data.map((item) => item.id));
  const extra = isListBody(all) ? all.data.filter((item) => !item.referenceId && !listed.has(item.id)) : [];
  const total = (body.paging.total as number) + extra.length;
  return withResponseJson(res, { ...body, data: [...extra, ...body.data], paging: { ...body.paging, total } });
};

/**
 * A search with an English stemmer: a q of letters alone ending in `s` also finds the titles that hold the word
 * without it, newest first among the rest.
 */
const stemsPluralQ: Transform = relist(async ({ items, view, req, next }) => {
  const q = view.q;
  if (q === undefined || !/^\p{L}{4,}s$/u.test(q)) return items;
  const stem = q.slice(0, -1).toLowerCase();
  const every = await allHeaders(next, req, { status: view.status });
  if (!Array.isArray(every)) return items;
  const holdsStem = (item: JsonObject) => String(item.title).toLowerCase().split(/\s+/).includes(stem);
  const ids = new Set(items.map((item) => item.id));
  return every.filter((item) => ids.has(item.id) || holdsStem(item));
});

/**
 * The order in which this server writes a list's parameters, the filters before the paging (page and pageSize in
 * either order); a query in another order misses the cache its writes clear.
 */
const WRITTEN_RANK: Readonly<Record<string, number>> = { q: 0, status: 1, page: 2, pageSize: 2 };

/** List answers to a query whose parameters come in another order, kept by the query as sent, and never cleared by a write. */
const reorderedQueryCachedPastWrites: Transform = (next) => {
  const kept = new Map<string, CoreResponse>();
  const inOrder = (query: URLSearchParams): boolean => {
    const ranks = [...query.keys()].flatMap((name) => (name in WRITTEN_RANK ? [WRITTEN_RANK[name]!] : []));
    return ranks.every((rank, i) => i === 0 || rank >= ranks[i - 1]!);
  };
  return async (req) => {
    if (!isList(req) || inOrder(req.query)) return next(req);
    const key = `${req.headers['api-key'] ?? ''} ${req.query.toString()}`;
    const hit = kept.get(key);
    if (hit !== undefined) return hit;
    const res = await next(req);
    if (res.status === 200) kept.set(key, res);
    return res;
  };
};

/** A q of digits read as a number first where it fits one (a query-parameter coercer): `007` is searched as `7`. */
const digitsQReadAsNumber: Transform = reshapeRequest(isList, (req) => {
  const q = req.query.get('q');
  if (q === null || !/^\d+$/.test(q) || !Number.isSafeInteger(Number(q)) || String(Number(q)) === q) return req;
  const query = new URLSearchParams(req.query);
  query.set('q', String(Number(q)));
  return { ...req, query };
});

/**
 * An index (staleIndex) that a write renaming its job by id keeps as it was when the same body changes `field` too: the
 * handler re-files the job under its new referenceId in the store and leaves the index row to the field's own
 * handler, which runs only for a write of that field alone.
 */
function indexKeptByRenamingWrite(field: 'status' | 'title'): Transform {
  const renaming = new WeakSet<CoreRequest>();
  const list = staleIndex((req) => renaming.has(req));
  return (next) => {
    const indexed = list(next);
    return async (req) => {
      const body = requestJson(req);
      const id = jobIdOf(req);
      if (isAnyUpdateById(req) && id !== undefined && typeof body?.referenceId === 'string' && field in body) {
        const before = await currentJob(next, req, id);
        if (before !== undefined && before.referenceId !== body.referenceId && before[field] !== body[field]) renaming.add(req);
      }
      return indexed(req);
    };
  };
}

/**
 * q of one word served from a word index whose posting lists remove an entry by moving the last one into its slot,
 * without updating the moved entry's recorded position: once the first holder of a word leaves it, the holder moved
 * into its slot is recorded past the end, and when it leaves the word too its removal misses, so q still finds it.
 */
const wordIndexSwapRemove: Transform = (next) => {
  const postings = new Map<string, { ids: number[]; at: Map<number, number> }>();
  const wordsOf = new Map<number, Set<string>>();
  const remove = (word: string, id: number): void => {
    const posting = postings.get(word);
    const at = posting?.at.get(id);
    if (posting === undefined || at === undefined) return;
    posting.at.delete(id);
    if (at >= posting.ids.length) return;
    posting.ids[at] = posting.ids[posting.ids.length - 1]!;
    posting.ids.pop();
  };
  const add = (word: string, id: number): void => {
    const posting = postings.get(word) ?? { ids: [], at: new Map<number, number>() };
    postings.set(word, posting);
    posting.at.set(id, posting.ids.length);
    posting.ids.push(id);
  };
  const reindex = (job: JsonObject & { id: number }): void => {
    const now = new Set(`${String(job.title)} ${String(job.referenceId ?? '')}`.toLowerCase().split(/[^\p{L}\p{N}]+/u));
    const old = wordsOf.get(job.id) ?? new Set<string>();
    for (const word of old) if (!now.has(word)) remove(word, job.id);
    for (const word of now) if (!old.has(word)) add(word, job.id);
    wordsOf.set(job.id, now);
  };
  const list = relist(async ({ items, view, req, next: core }) => {
    const q = view.q?.toLowerCase();
    if (q === undefined || !/^[\p{L}\p{N}]+$/u.test(q)) return items;
    const every = await allHeaders(core, req, { status: view.status });
    if (!Array.isArray(every)) return items;
    const found = new Set<number>();
    for (const [word, posting] of postings) if (word.includes(q)) for (const id of posting.ids) found.add(id);
    return every.filter((job) => found.has(job.id as number));
  });
  const indexed = list(next);
  return async (req) => {
    const res = await indexed(req);
    const job = responseJson(res);
    if (!isList(req) && res.status < 300 && isJobBody(job)) reindex(job);
    return res;
  };
};

/**
 * The active view leaves out the jobs whose closeDate has passed, while every read still shows them active: a status
 * filter kept by a task that closes jobs, apart from the status itself.
 */
const activeFilterDropsClosed: Transform = (next) => {
  const closes = new Map<number, string>();
  const list = relist(({ items, view }) =>
    view.status !== 'active' ? items : items.filter((item) => !(Date.parse(closes.get(item.id as number) ?? '') < Date.now())),
  );
  const listing = list(next);
  return async (req) => {
    const res = await listing(req);
    const job = responseJson(res);
    if (res.status < 300 && isJobBody(job) && typeof job.closeDate === 'string') closes.set(job.id, job.closeDate);
    return res;
  };
};

/**
 * Pages after the first of the list without q or status served from a copy per key that only a POST makes stale:
 * an update, a delete or a PUT-create since leaves those pages as they were.
 */
const laterUnscopedPagesCopiedUntilPost: Transform = (next) => {
  const copies = new Map<string, JsonObject[]>();
  const list = relist(async ({ items, view, req }) => {
    if (view.q !== undefined || view.status !== undefined || view.page < 2) return items;
    const key = req.headers['api-key'] ?? '';
    const copy = copies.get(key) ?? items;
    copies.set(key, copy);
    return copy;
  });
  const listing = list(next);
  return async (req) => {
    const res = await listing(req);
    if (isPost(req) && res.status === 201) copies.delete(req.headers['api-key'] ?? '');
    return res;
  };
};

/**
 * Pages after the first served from a cache per key and query, which updates and deletes clear and a POST does not:
 * after a POST, page 2 and on show the list as it was before it, its total too.
 */
const laterPagesCachedPastPosts: Transform = (next) => {
  const pages = new Map<string, CoreResponse>();
  return async (req) => {
    if (isList(req) && Number(req.query.get('page') ?? '1') >= 2) {
      const slot = `${req.headers['api-key'] ?? ''} ${[...req.query].sort().join('&')}`;
      const res = pages.get(slot) ?? (await next(req));
      if (res.status === 200) pages.set(slot, res);
      return res;
    }
    const res = await next(req);
    if (res.status < 300 && (isAnyUpdate(req) || isDelete(req))) pages.clear();
    return res;
  };
};

/** A page size over the maximum is clamped on the first page only: the later pages are served at the size sent. */
const laterPagesAtSizeSent: Transform = relist(({ items }) => items, {
  view: (req) => {
    const view = listViewOf(req.query);
    return view && (view.page > 1 ? view : { ...view, pageSize: Math.min(view.pageSize, 100) });
  },
});

/**
 * A list filtered by status alone (no q) takes its total from counts kept per status, which creates and deletes move
 * and a status change does not: a job counts under the status it was made in. The items are right.
 */
const statusTotalsByCreatedStatus: Transform = (next) => {
  const madeAs = new Map<number, unknown>();
  return async (req) => {
    const res = await next(req);
    const job = responseJson(res);
    if (isAnyWrite(req) && res.status < 300 && isJobBody(job) && !madeAs.has(job.id)) madeAs.set(job.id, job.status);
    const status = req.query.get('status');
    const body = isList(req) && !req.query.get('q') && status && res.status === 200 ? responseJson(res) : undefined;
    if (!isListBody(body)) return res;
    const every = await allHeaders(next, req, {});
    if (!Array.isArray(every)) return res;
    const total = every.filter((item) => (madeAs.get(item.id as number) ?? item.status) === status).length;
    const pages = Math.ceil(total / (body.paging.pageSize as number));
    return total === body.paging.total ? res : withResponseJson(res, { ...body, paging: { ...body.paging, total, pages } });
  };
};

/**
 * status=active answers an empty page when the employer's count of active jobs (all of them, whatever q) stands at 0, a
 * count that PUT /jobs (by referenceId) does not move: a job re-published that way while none was active is left out (and one archived that
 * way leaves the count a job too high).
 */
const activeCountMissesRepublishByReference: Transform = (next) => {
  const drift = new Map<string, number>();
  return async (req) => {
    const key = req.headers['api-key'] ?? '';
    const ref = isPutByReference(req) ? requestJson(req)?.referenceId : undefined;
    const before = typeof ref === 'string' && ref !== '' ? await jobByReference(next, req, ref) : undefined;
    const res = await next(req);
    const job = responseJson(res);
    if (before !== undefined && res.status === 200 && isJobBody(job) && (before.status === 'active') !== (job.status === 'active'))
      drift.set(key, (drift.get(key) ?? 0) + (job.status === 'active' ? -1 : 1));
    const body = isList(req) && req.query.get('status') === 'active' && res.status === 200 ? responseJson(res) : undefined;
    if (!isListBody(body) || (drift.get(key) ?? 0) >= 0) return res;
    const active = responseJson(
      await sideRequest(next, req, 'GET', '/jobs', { query: new URLSearchParams({ status: 'active', pageSize: '1' }) }),
    );
    if (!isListBody(active) || Number(active.paging.total) + (drift.get(key) ?? 0) > 0) return res;
    return withResponseJson(res, { data: [], paging: { ...body.paging, total: 0, pages: 0, next: null } });
  };
};

/**
 * Answering a page reads the next one ahead, kept by key and query; a write that `clears` picks drops what the key's
 * read-ahead holds, the others do not: the page read after one of them is the one read before it.
 */
const nextPageReadAhead =
  (clears: (req: CoreRequest, res: CoreResponse) => boolean): Transform =>
  (next) => {
    const ahead = new Map<string, CoreResponse>();
    const keyOf = (req: CoreRequest, query: URLSearchParams): string => `${req.headers['api-key'] ?? ''}?${[...query].sort().join('&')}`;
    return async (req) => {
      if (!isList(req)) {
        const res = await next(req);
        const own = `${req.headers['api-key'] ?? ''}?`;
        if (clears(req, res)) for (const k of [...ahead.keys()]) if (k.startsWith(own)) ahead.delete(k);
        return res;
      }
      const k = keyOf(req, req.query);
      const kept = ahead.get(k);
      ahead.delete(k);
      const res = kept ?? (await next(req));
      const body = responseJson(res);
      if (res.status === 200 && isListBody(body) && body.paging.next !== null) {
        const query = new URLSearchParams(req.query);
        query.set('page', String(Number(body.paging.page) + 1));
        const following = await sideRequest(next, req, 'GET', '/jobs', { query });
        if (following.status === 200) ahead.set(keyOf(req, query), following);
      }
      return res;
    };
  };

/**
 * A job made by PUT-create through the override is filed at the end of the lists without q until a later write
 * touches it (its row is sorted in on its first update).
 */
const overrideCreatedListedLast: Transform = (next) => {
  const fresh = new FreshJobs(madeByOverrideCreate);
  const listed = relist(({ items, view }) => {
    if (view.q !== undefined) return items;
    return [...items.filter((item) => !fresh.has(item.id)), ...items.filter((item) => fresh.has(item.id))];
  })(next);
  return async (req) => {
    if (isList(req)) return listed(req);
    const res = await next(req);
    fresh.observe(req, res);
    return res;
  };
};

/**
 * A search table that marks a job's row gone when the job is retitled, and ignores a later insert of the same title
 * (its unique key): a job retitled A, B, then A again is not found by a word of A, unless its referenceId holds the
 * q (the referenceId's row is another).
 */
const searchDropsTitleTakenAgain: Transform = (next) => {
  const titles = new Map<unknown, string>();
  const left = new Map<unknown, Set<string>>();
  const list = relist(({ items, view }) =>
    view.q === undefined
      ? items
      : items.filter((item) => !left.get(item.id)?.has(String(item.title)) || String(item.referenceId ?? '').includes(view.q!)),
  );
  return async (req) => {
    if (isList(req)) return list(next)(req);
    const res = await next(req);
    const job = responseJson(res);
    if (!isJobBody(job) || typeof job.title !== 'string') return res;
    const before = titles.get(job.id);
    if (before !== undefined && before !== job.title) left.set(job.id, new Set([...(left.get(job.id) ?? []), before]));
    titles.set(job.id, job.title);
    return res;
  };
};

/** The header fields whose change a cache of the lists without q below knows to evict for (locations left out). */
const EVICTING_FIELDS = ['title', 'referenceId', 'status', 'confidential'];

/**
 * A cache of the answers to lists without q, per key and address, evicted by every create and delete, and by an
 * update only when it sends a header field of its list (which leaves out locations): a job whose places alone changed
 * keeps its old ones there.
 */
const unscopedListsCachedPastLocations: Transform = (next) => {
  const cached = new Map<string, CoreResponse>();
  return async (req) => {
    const key = String(req.headers['api-key'] ?? '');
    if (isList(req) && !req.query.has('q')) {
      const address = `${key} ${req.query.toString()}`;
      const hit = cached.get(address);
      if (hit) return hit;
      const res = await next(req);
      if (res.status === 200) cached.set(address, res);
      return res;
    }
    const res = await next(req);
    const sent = requestJson(req) ?? {};
    const evicts = !isAnyUpdate(req) || EVICTING_FIELDS.some((field) => field in sent);
    if ((isAnyWrite(req) || isDelete(req)) && evicts)
      for (const address of cached.keys()) if (address.startsWith(`${key} `)) cached.delete(address);
    return res;
  };
};

/**
 * A list whose q finds only the jobs whose title or referenceId `matches` (q lower-cased), among those the core finds:
 * a search of its own, wrong for some texts.
 */
const searchedBy = (matches: (field: 'title' | 'referenceId', text: string, q: string) => boolean): Transform =>
  relist(({ items, view }) => {
    if (view.q === undefined) return items;
    const q = view.q.toLowerCase();
    return items.filter((item) =>
      (['title', 'referenceId'] as const).some((field) => {
        const text = item[field];
        return typeof text === 'string' && matches(field, text, q);
      }),
    );
  });

/** The list rows of a standard-plan employer written with autoRefresh false (its plan's default), whatever the job holds. */
const standardPlanRowsWithoutAutoRefresh: Transform = (next) => async (req) => {
  const res = await next(req);
  const plan = DEMO_EMPLOYERS.find((employer) => employer.apiKey === req.headers['api-key'])?.plan;
  const body = isList(req) && plan === 'standard' ? responseJson(res) : undefined;
  if (!isListBody(body)) return res;
  return withResponseJson(res, {
    ...body,
    data: body.data.map((item) => ('autoRefresh' in item ? { ...item, autoRefresh: false } : item)),
  });
};

/**
 * A store that keeps each employer's jobs in an array and removes a deleted job by moving the newest into its slot (a
 * swap-remove), where the deleted job had two newer ones or more: the list without q and status, read from that
 * array, shows the newest job where the deleted one was. Filtered lists come from elsewhere and stay in order.
 */
const swapRemoveOnDelete: Transform = (next) => {
  /** Per key, the order the array gives (newest first), once a delete moved a job; jobs made since come first. */
  const orders = new Map<string, number[]>();
  const keyOf = (req: CoreRequest): string => String(req.headers['api-key'] ?? '');
  const orderOf = (req: CoreRequest, items: JsonObject[]): JsonObject[] => {
    const kept = orders.get(keyOf(req));
    if (kept === undefined) return items;
    const byId = new Map<number, JsonObject>(items.map((item) => [item.id as number, item]));
    const old = new Set(kept);
    const made = items.filter((item) => !old.has(item.id as number));
    return [...made, ...kept.flatMap((id): JsonObject[] => (byId.has(id) ? [byId.get(id)!] : []))];
  };
  const listed = relist(({ items, view, req }) => (view.q === undefined && view.status === undefined ? orderOf(req, items) : items))(next);
  return async (req) => {
    if (!isDelete(req)) return listed(req);
    const job = await namedJob(next, req, jobIdOf(req), requestJson(req));
    const items = await allHeaders(next, req, {});
    const res = await next(req);
    if (res.status !== 204 || job === undefined || !Array.isArray(items)) return res;
    const order = orderOf(req, items).map((item) => item.id as number);
    const at = order.indexOf(job.id as number);
    if (at >= 2) {
      // The newest job (the array's last, the list's first) takes the deleted job's slot.
      order[at] = order[0]!;
      order.shift();
    } else if (at >= 0) order.splice(at, 1); // the newest, or the one next to it: the slot closes as it should
    orders.set(keyOf(req), order);
    return res;
  };
};

/**
 * Page N of a status list starts after the last job the same view served on page N - 1 (a cursor kept by the
 * server), not at the (N - 1) × pageSize-th job of the list as it is now: after a write moved a job off an earlier
 * page, the next page repeats the job that moved up onto it.
 */
const statusPagesFromStaleCursor: Transform = (next) => {
  const cursors = new Map<string, JsonObject>();
  const slot = (req: CoreRequest, view: ListView, page: number): string =>
    [req.headers['api-key'] ?? '', view.q ?? '', view.status, view.pageSize, page].join('\u0000');
  return async (req) => {
    const view = isList(req) ? listViewOf(req.query) : undefined;
    const res = await next(req);
    const body = responseJson(res);
    if (view?.status === undefined || res.status !== 200 || !isListBody(body)) return res;
    const cursor = view.page > 1 ? cursors.get(slot(req, view, view.page - 1)) : undefined;
    const every = cursor === undefined ? undefined : await allHeaders(next, req, { q: view.q, status: view.status });
    const data = Array.isArray(every) ? every.filter((job) => newestFirst(cursor!, job) < 0).slice(0, view.pageSize) : body.data;
    const last = data.at(-1);
    if (last !== undefined) cursors.set(slot(req, view, view.page), last);
    return data === body.data ? res : withResponseJson(res, { ...body, data });
  };
};

export const listMutants: Mutant[] = [
  {
    // spec 4.5: status filters the list, whatever the characters of q
    name: 'list-status-filter-dropped-for-non-ascii-q',
    area: 'list',
    violates:
      '4.5: status filters the list (here a q with letters beyond ASCII goes to another search, which drops the status ' +
      'filter: jobs of every status that match are listed)',
    expectedRule: 'jobs.list.q-letters',
    transform: reshapeRequest(
      (req) => isList(req) && /[^\x00-\x7f]/.test(req.query.get('q') ?? '') && req.query.has('status'),
      (req) => {
        const query = new URLSearchParams(req.query);
        query.delete('status');
        return { ...req, query };
      },
    ),
  },
  {
    // spec 4.5: sorted by publishDate descending, after every delete too
    name: 'list-delete-moves-newest-into-its-slot',
    area: 'list',
    violates:
      '4.5: the list is sorted by publishDate descending (here a delete of a job with two newer ones moves the newest ' +
      'job into its place in the list without q and status, as a swap-remove from an array does)',
    expectedRule: 'jobs.list.after-writes',
    transform: swapRemoveOnDelete,
  },
  {
    // spec 4.5: sorted by publishDate descending, over the whole list
    name: 'list-pages-in-reverse-order',
    area: 'list',
    violates: '4.5: the list is sorted by publishDate descending (here each page is, but the oldest page comes first)',
    expectedRule: 'jobs.list.sorted',
    transform: relist(({ items, view }) => pagesReversed(items, view.pageSize)),
  },
  {
    // spec 4.5: q matches job title and referenceId, of a job in any status
    name: 'list-q-never-finds-drafts',
    area: 'list',
    violates:
      '4.5: q matches job title and referenceId (here never of a draft, with a status filter or without: a search index fed ' +
      'when a job is published)',
    expectedRule: 'jobs.list.all-statuses',
    transform: relist(({ items, view }) => (view.q === undefined ? items : items.filter((item) => item.status !== 'draft'))),
  },
  {
    // spec 4.5: q matches job title and referenceId, the title a job holds now
    name: 'list-search-drops-title-taken-again',
    area: 'list',
    violates:
      '4.5: q matches job title (here a job retitled A, B, then A again is not found by a word of A that its referenceId ' +
      'does not hold)',
    expectedRule: 'jobs.list.status-filter',
    transform: searchDropsTitleTakenAgain,
  },
  {
    // spec 4.5: q matches job title, a title word written with capitals by that very word
    name: 'list-q-title-folded-in-turkish-locale',
    area: 'list',
    violates:
      '4.5: q matches job title (here the title is lower-cased in a Turkish locale and q in the root one: a capital I ' +
      'becomes a dotless ı in the title, so a title word with I or İ is not found by itself)',
    expectedRule: 'jobs.list.q-letters',
    transform: searchedBy((field, text, q) => (field === 'title' ? text.toLocaleLowerCase('tr-TR') : text.toLowerCase()).includes(q)),
  },
  {
    // spec 2.7: a header is a subset of the job with the same meaning, its locations among them
    name: 'list-unscoped-pages-cached-past-locations-update',
    area: 'list',
    violates:
      "2.7, 4.3: a list item shows the job's locations (here the lists without q are cached and an update evicts them only " +
      'when it sends the title, referenceId, status or confidential flag: places changed alone stay old there)',
    expectedRule: 'jobs.list.after-writes',
    transform: unscopedListsCachedPastLocations,
  },
  {
    // spec 4.5: q matches job title and referenceId
    name: 'list-q-hyphen-read-as-lua-pattern',
    area: 'list',
    violates:
      "4.5: q matches job title and referenceId (here q goes to Lua's string.find as a pattern: a hyphen between two " +
      'characters is a lazy quantifier, so a q like co-op finds nothing)',
    expectedRule: 'jobs.list.q-other-characters',
    transform: searchedBy((_field, text, q) => !/.-./.test(q) && text.toLowerCase().includes(q)),
  },
  {
    // spec 4.5: q matches job title and referenceId, wherever in them it stands
    name: 'list-q-misses-match-at-start',
    area: 'list',
    violates:
      "4.5: q matches job title and referenceId (here a match at the start of the field is taken for none, as PHP's " +
      'stripos read as a boolean: every job whose title and referenceId start with q is left out)',
    expectedRule: 'jobs.list.q-title',
    transform: searchedBy((_field, text, q) => text.toLowerCase().indexOf(q) > 0),
  },
  {
    // spec 4.5: q omitted, no term filter
    name: 'list-without-q-empty',
    area: 'list',
    violates: '4.5: without q the list is not filtered by a term (here it is empty)',
    expectedRule: 'jobs.list.status-filter',
    transform: relist(({ items, view }) => (view.q === undefined ? [] : items)),
  },
  {
    // spec 4.5: q omitted, no term filter (every page of it)
    name: 'list-without-q-first-page-only',
    area: 'list',
    violates: '4.5: without q the list is not filtered by a term (here every page= gives the first page)',
    expectedRule: ['jobs.list.status-filter', 'jobs.paging.total'],
    transform: rewriteQuery((query) => {
      if (!query.get('q')) query.delete('page');
    }),
  },
  {
    // spec 5.3: the job list returns only data of the employer the key belongs to
    name: 'list-shows-other-employer-jobs',
    area: 'list',
    violates: "5.3: the list returns only the key's employer's jobs (here the other employer's matching jobs too)",
    expectedRule: 'jobs.isolation.list',
    transform: withOtherEmployersJobs(() => true),
  },
  {
    // spec 4.5: sorted by publishDate descending
    name: 'list-sorted-oldest-first',
    area: 'list',
    violates: '4.5: the list is sorted by publishDate descending (here ascending)',
    expectedRule: 'jobs.list.sorted',
    transform: relist(({ items }) => [...items].sort((a, b) => newestFirst(b, a))),
  },
  {
    // spec 4.5: sorted by publishDate descending, on a server whose publishDate has whole seconds
    name: 'list-sorted-oldest-first-whole-seconds',
    area: 'list',
    violates:
      '4.5: the list is sorted by publishDate descending (here ascending, with whole-second publishDates: jobs created within a second tie)',
    expectedRule: 'jobs.list.sorted',
    choices: { 'dates.precision': 'seconds' },
    transform: relist(({ items }) => [...items].sort((a, b) => newestFirst(b, a))),
  },
  {
    // spec 4.5: q matches job title and referenceId
    name: 'list-q-ignores-reference-id',
    area: 'list',
    violates: '4.5: q matches the title and the referenceId (here the title only)',
    expectedRule: ['jobs.list.q-reference-id', 'jobs.update.by-reference'],
    transform: relist(({ items, view }) =>
      view.q === undefined ? items : items.filter((item) => String(item.title).toLowerCase().includes(view.q!.toLowerCase())),
    ),
  },
  {
    // spec 4.5: q is a String; a server that reads every query value of digits as a number (as it reads page) refuses a numeric q
    name: 'list-q-of-digits-refused',
    area: 'list',
    violates: '4.5: q is a String that matches the title (here a q of digits alone, `q=04213`, is refused with 400 as not a string)',
    expectedRule: 'jobs.list.q-title',
    transform: answerInstead(
      (req) => isList(req) && /^\d+$/.test(req.query.get('q') ?? ''),
      () => jsonResponse(400, { code: 'validation_failed', message: 'q must be a string' }),
    ),
  },
  {
    // spec 4.5: status filters the list
    name: 'list-status-filter-ignored',
    area: 'list',
    violates: '4.5: status= returns only jobs in that status (here every status)',
    expectedRule: ['jobs.list.status-filter', 'jobs.paging.total', 'jobs.paging.page-length', 'jobs.model.lifecycle'],
    transform: rewriteQuery((query) => query.delete('status')),
  },
  {
    // spec 5.3: the job list returns only data of the employer the key belongs to, without q too
    name: 'list-without-q-shows-other-employer-jobs',
    area: 'list',
    violates: "5.3: the list returns only the key's employer's jobs (here, without q, every employer's jobs and totals)",
    expectedRule: 'jobs.isolation.list',
    transform: withOtherEmployersJobs((view) => view.q === undefined),
  },
  {
    // spec 4.5: status filters the list, with or without q
    name: 'list-status-ignored-without-q',
    area: 'list',
    violates: '4.5: status= returns only jobs in that status (here ignored when q is absent or empty)',
    expectedRule: ['jobs.list.status-filter', 'jobs.paging.total'],
    transform: rewriteQuery((query) => {
      if (!query.get('q')) query.delete('status');
    }),
  },
  {
    // spec 4.5: sorted by publishDate descending, whatever the filters
    name: 'list-sorted-oldest-first-with-status',
    area: 'list',
    violates: '4.5: the list is sorted by publishDate descending (here ascending when a status filter is given)',
    expectedRule: 'jobs.list.sorted',
    transform: relist(({ items, view }) => (view.status === undefined ? items : [...items].sort((a, b) => newestFirst(b, a)))),
  },
  {
    // spec 4.5, 8: pageSize default 10
    name: 'list-page-size-default-20',
    area: 'list',
    violates: '4.5, 8: pageSize defaults to 10 (here 20)',
    expectedRule: 'jobs.list.page-size-default',
    transform: rewriteQuery((query) => {
      if (!query.get('pageSize')) query.set('pageSize', '20');
    }),
  },
  {
    // spec 4.5, 8: pageSize maximum 100
    name: 'list-page-size-over-100-honoured',
    area: 'list',
    violates: '4.5, 8: pageSize is at most 100 (here a pageSize over 100, e.g. 101, is accepted and served)',
    expectedRule: 'jobs.list.page-size-over-max',
    transform: relist(({ items }) => items, { view: (req) => listViewOf(req.query) }),
  },
  {
    // spec 4.5, 8: pageSize maximum 100, however the page size is spelled
    name: 'list-page-size-exponent-spelling-honoured',
    area: 'list',
    violates:
      '4.5, 8: pageSize is at most 100 (here a pageSize written with an exponent, 101e0 or 1e3, is read as a number and ' +
      'served unclamped; the plain spelling is clamped)',
    expectedRule: 'jobs.robustness.list-params',
    transform: (next) => {
      const served = relist(({ items }) => items, { view: (req) => listViewOf(req.query) })(next);
      return async (req) => {
        const raw = req.query.get('pageSize')?.trim();
        if (!isList(req) || raw === undefined || !/^\d+(?:\.\d+)?e\+?\d+$/i.test(raw)) return next(req);
        const query = new URLSearchParams(req.query);
        query.set('pageSize', String(Number(raw)));
        return served({ ...req, query });
      };
    },
  },
  {
    // spec 4.5, 8: pageSize maximum 100, with every filter
    name: 'list-status-page-size-over-100-honoured',
    area: 'list',
    violates:
      '4.5, 8: pageSize is at most 100 (here a list with a status filter, served by a path of its own, honours a pageSize ' +
      'over 100 up to 500; without status it is clamped)',
    expectedRule: 'jobs.list.page-size-over-max',
    transform: relist(({ items }) => items, {
      view: (req) => {
        const view = listViewOf(req.query);
        if (view === undefined) return undefined;
        return { ...view, pageSize: Math.min(view.pageSize, view.status === undefined ? 100 : 500) };
      },
    }),
  },
  {
    // spec 4.5: status filters the list, whichever write gave the job its status (3: archive)
    name: 'list-status-filter-keeps-created-status',
    area: 'list',
    violates: '4.5: status returns the jobs of that status (here, without q, a job archived by a PUT is still listed as active)',
    expectedRule: 'jobs.list.status-filter',
    transform: statusFromCreate,
  },
  {
    // spec 2.7: a list item is the job header: id, referenceId, employer, title, publishDate, locations, confidential, status
    // (an extra field is no fault: 2.7 lists the header's fields without forbidding more; the suite observes it)
    name: 'list-header-without-confidential',
    area: 'list',
    violates: '2.7: list items carry the job header fields (here without confidential)',
    expectedRule: ['jobs.list.header-fields', 'jobs.list.header-values'],
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = responseJson(res);
      if (!isList(req) || res.status !== 200 || !isListBody(body)) return res;
      for (const item of body.data) delete item.confidential;
      return withResponseJson(res, body);
    },
  },
  {
    // spec 4.5: q matches title and referenceId, with a status filter too
    name: 'list-q-ignores-reference-id-with-status',
    area: 'list',
    violates: '4.5: q matches job title and referenceId (here, with a status filter, q matches titles only)',
    expectedRule: ['jobs.list.status-filter', 'jobs.paging.total'],
    transform: relist(({ items, view }) =>
      view.q !== undefined && view.status !== undefined
        ? items.filter((item) => String(item.title).toLowerCase().includes(view.q!.toLowerCase()))
        : items,
    ),
  },
  {
    // spec 4.5: q matches job title and referenceId, as they are now
    name: 'list-search-keeps-old-reference-and-title',
    area: 'list',
    violates: '4.5: q matches title and referenceId (here the search index keeps the words a PUT by id renamed or retitled away)',
    expectedRule: 'jobs.list.status-filter',
    transform: staleIndex((req) => isPutById(req), 'accumulating'),
  },
  {
    // spec 4.3, 4.5: a refused update changes nothing, the title q matches included
    name: 'list-search-row-written-by-refused-put',
    area: 'list',
    violates:
      '4.3, 4.5: q matches the title a job has (here a refused PUT by id writes the title it carried into the search row ' +
      'before the body is validated: q finds the job by the refused title, not by its own)',
    expectedRule: 'jobs.update.rejects-schema-negatives',
    transform: staleIndex((req) => isPutById(req), 'refused'),
  },
  {
    // spec 4.5: q and status filter the jobs as they are now, whichever path changed them
    name: 'list-index-misses-put-by-reference',
    area: 'list',
    violates: '4.5: q and status filter the jobs as they are (here the index is not updated by a PUT /jobs naming its job by referenceId)',
    expectedRule: 'jobs.list.status-filter',
    transform: staleIndex((req) => isPutByReference(req) || isOverride(req, 'PUT')),
  },
  {
    // spec 4.3: updates are partial, only the fields sent change; 4.5: q matches job title and referenceId
    name: 'list-search-row-from-sent-fields-on-put-by-reference',
    area: 'list',
    violates:
      '4.3, 4.5: q matches the title a job has (here PUT /jobs rebuilds the search row from the fields sent, not the ' +
      'merged job: after a partial update without a title, q finds the job by its referenceId only, until a read by id)',
    expectedRule: 'jobs.list.after-writes',
    transform: staleIndex((req) => isPutByReference(req), 'sent'),
  },
  {
    // spec 3, 4.5: status filters the list by the status a job has, whichever path changed it
    name: 'list-search-rows-miss-override-put-by-reference',
    area: 'list',
    violates:
      '3, 4.5: q and status filter the jobs as they are (here lists that give both come from search rows that POST /jobs ' +
      'with X-HTTP-Method-Override: PUT does not update: an archived job stays under status active there until a read by id)',
    expectedRule: 'jobs.list.after-writes',
    // Search rows that keep each job's status beside its words: only the lists that give both q and status read them.
    transform: statusIndex(
      (req) => !(isOverride(req, 'PUT') && isCollection(req)),
      (view) => view.q !== undefined,
    ),
  },
  {
    // spec 2.7: a header has the job's fields with the same meaning; 2.1: "none" is "" or null
    name: 'list-header-reference-none-as-text',
    area: 'list',
    violates: '2.7: a list item has the job\'s values (here a job without a referenceId is listed with the text "null")',
    expectedRule: 'jobs.list.header-values',
    transform: rewriteResponseText(isList, (text) => text.replace(/"referenceId":null/g, '"referenceId":"null"')),
  },
  {
    // spec 4.5: q matches the job title and referenceId, whatever its length
    name: 'list-short-q-finds-nothing',
    area: 'list',
    violates:
      '4.5: q matches the job title and referenceId (here a search served by a trigram index finds nothing for a q of ' +
      'one or two characters)',
    expectedRule: 'jobs.list.q-title',
    transform: relist(({ items, view }) => (view.q !== undefined && view.q !== '' && [...view.q].length < 3 ? [] : items)),
  },
  {
    // spec 4.5: q matches the job title and referenceId, not the job's id
    name: 'list-q-of-digits-falls-back-to-job-id',
    area: 'list',
    violates:
      '4.5: q matches the job title and referenceId (here a q of digits that matches neither on any job is taken for a job ' +
      'id: the job with that id is listed)',
    expectedRule: 'jobs.list.q-other-fields',
    transform: relist(async ({ items, view, req, next }) => {
      if (items.length > 0 || !view.q || !/^\d{1,9}$/.test(view.q)) return items;
      const job = await currentJob(next, req, Number(view.q));
      if (job === undefined || (view.status !== undefined && job.status !== view.status)) return items;
      const every = await allHeaders(next, req, { status: view.status });
      return Array.isArray(every) ? every.filter((item) => item.id === job.id) : items;
    }),
  },
  {
    // spec 4.5: q matches the title and the referenceId; a search over the whole row reads the description too
    name: 'list-q-matches-description',
    area: 'list',
    violates: '4.5: q matches the job title and referenceId (here also the description: a job that holds q only there is listed)',
    expectedRule: 'jobs.list.status-filter',
    transform: relist(async ({ items, view, req, next }) => {
      if (!view.q) return items;
      const every = await allHeaders(next, req, { status: view.status });
      if (!Array.isArray(every)) return items;
      const listed = new Set(items.map((item) => item.id));
      const more: JsonObject[] = [];
      for (const header of every.filter((item) => !listed.has(item.id))) {
        const job = await currentJob(next, req, header.id as number);
        if (
          String(job?.description ?? '')
            .toLowerCase()
            .includes(view.q.toLowerCase())
        )
          more.push(header);
      }
      return [...items, ...more].sort(newestFirst);
    }),
  },
  {
    // spec 4.5: q is a String; a server that reads the query's bytes as Latin-1 turns a q beyond ASCII into another text
    name: 'list-q-non-ascii-read-as-latin1',
    area: 'list',
    violates: '4.5: q matches the title (here a q beyond ASCII is decoded as Latin-1, so `é` is searched as `Ã©` and finds nothing)',
    expectedRule: 'jobs.list.q-letters',
    transform: rewriteQuery((query) => {
      const q = query.get('q');
      if (q && /[^\x00-\x7f]/.test(q)) query.set('q', Buffer.from(q, 'utf8').toString('latin1'));
    }),
  },
  {
    // spec 4.5: q matches the title; a server that puts q into LIKE '%' || q || '%' unescaped reads its % and _ as wildcards
    name: 'list-q-read-as-like-pattern',
    area: 'list',
    violates: '4.5 (should): q matches the title (here `%` and `_` in q are LIKE wildcards: `50%a_b` finds a title `50zza1b`)',
    expectedRule: 'jobs.list.q-wildcards-literal',
    transform: relist(async ({ items, view, req, next }) => {
      if (view.q === undefined || !/[%_]/.test(view.q)) return items;
      const every = await allHeaders(next, req, { status: view.status });
      if (!Array.isArray(every)) return items;
      const pattern = likePattern(view.q);
      return every.filter((item) => pattern.test(String(item.title)) || pattern.test(String(item.referenceId ?? '')));
    }),
  },
  {
    // spec 4.5: q matches the title; a server that stores the title HTML-escaped searches `&amp;` where `&` was sent
    name: 'list-q-matches-escaped-text',
    area: 'list',
    violates: '4.5 (should): q matches the title (here against the title HTML-escaped, so a q holding `&` or `<` finds nothing)',
    expectedRule: 'jobs.list.q-other-characters',
    transform: relist(({ items, view }) => {
      const q = view.q?.toLowerCase();
      if (q === undefined || !/[&<>"]/.test(q)) return items;
      const escaped = (text: unknown): string =>
        String(text ?? '')
          .replace(/&/g, '&amp;')
          .replace(/</g, '&lt;')
          .replace(/>/g, '&gt;')
          .replace(/"/g, '&quot;')
          .toLowerCase();
      return items.filter((item) => escaped(item.title).includes(q) || escaped(item.referenceId).includes(q));
    }),
  },
  {
    // spec 3: DELETE removes the job; 4.5: the list holds the employer's jobs (here a cached list without filters keeps deleted ones)
    name: 'list-without-filters-keeps-deleted-jobs',
    area: 'list',
    violates: '3, 4.5: a deleted job is removed (here the list without q and status still shows, and counts, every job deleted by id)',
    expectedRule: ['jobs.list.status-filter', 'jobs.list.sorted', 'jobs.paging.total', 'jobs.paging.next-follows', 'jobs.isolation.list'],
    transform: (next) => {
      const deleted = new Map<string, JsonObject>();
      const unfiltered = relist(
        ({ items, req }) =>
          [...items, ...[...deleted.values()].filter((job) => job.key === req.headers['api-key']).map(headerOf)].sort(newestFirst),
        {
          view: (req) => {
            const view = listViewOf(req.query);
            return view && view.q === undefined && view.status === undefined
              ? { ...view, pageSize: Math.min(view.pageSize, 100) }
              : undefined;
          },
        },
      )(next);
      return async (req) => {
        if (isList(req)) return unfiltered(req);
        const id = jobIdOf(req);
        if (req.method !== 'DELETE' || id === undefined) return next(req);
        const job = await currentJob(next, req, id);
        const res = await next(req);
        if (job !== undefined && res.status === 204)
          deleted.set(`${req.headers['api-key']}\n${id}`, { ...job, key: req.headers['api-key'] });
        return res;
      };
    },
  },
  {
    // spec 4.5: q matches the title, and a status filter narrows the same search
    name: 'list-q-beyond-ascii-ignored-with-status',
    area: 'list',
    violates: '4.5: q matches job title (here, beside a status filter, a q with letters beyond ASCII finds nothing: another search path)',
    expectedRule: 'jobs.list.q-letters',
    transform: relist(({ items, view }) => (view.status !== undefined && /[^\x00-\x7f]/.test(view.q ?? '') ? [] : items)),
  },
  {
    // spec 4.5, 1: q filters the jobs as they are, whichever write path changed them
    name: 'list-index-misses-override-put',
    area: 'list',
    violates: '4.5: q and status filter the jobs as they are (here the index is not updated by a PUT sent through the method override)',
    expectedRule: 'jobs.list.status-filter',
    transform: staleIndex((req) => isOverride(req, 'PUT')),
  },
  {
    // spec 4.5, 4.3: the list shows the jobs as the last write left them, whichever path wrote
    name: 'list-cache-kept-after-put-by-reference',
    area: 'list',
    violates:
      '4.5, 4.3: the list shows the jobs as they are (here list answers are cached per address, and every write clears the ' +
      'cache but PUT /jobs)',
    expectedRule: 'jobs.list.after-writes',
    transform: (next) => {
      const cache = new Map<string, CoreResponse>();
      return async (req) => {
        if (isList(req)) {
          const key = `${req.headers['api-key'] ?? ''} ${req.query.toString()}`;
          const cached = cache.get(key);
          if (cached) return cached;
          const res = await next(req);
          if (res.status === 200) cache.set(key, res);
          return res;
        }
        const res = await next(req);
        if (req.method !== 'GET' && !isPutByReference(req)) cache.clear();
        return res;
      };
    },
  },
  {
    // spec 4.4, 4.5, 4.7: a deleted job leaves the list, whichever delete removed it
    name: 'list-keeps-jobs-deleted-by-collection-override',
    area: 'list',
    violates:
      "4.4, 4.5: the list returns the employer's jobs (here a job deleted through the override on DELETE /jobs's path " +
      'stays in the list, as the search view of that path is never told)',
    expectedRule: 'jobs.list.after-writes',
    transform: (next) => {
      const ghosts = new Map<number, JsonObject>();
      return async (req) => {
        const body = requestJson(req);
        if (isOverride(req, 'DELETE') && isCollection(req) && typeof body?.referenceId === 'string') {
          const header = await jobByReference(next, req, body.referenceId);
          const res = await next(req);
          if (res.status === 204 && header) ghosts.set(header.id as number, { ...header, apiKey: req.headers['api-key'] });
          return res;
        }
        return relist(async ({ items, view, req: listed }) => {
          const mine = [...ghosts.values()].filter((ghost) => ghost.apiKey === listed.headers['api-key']);
          const matching = mine.filter(
            (ghost) => view.q === undefined || [ghost.title, ghost.referenceId].some((text) => String(text).includes(view.q!)),
          );
          const shown = matching
            .filter((ghost) => view.status === undefined || ghost.status === view.status)
            .map(({ apiKey: _key, ...header }) => header);
          return [...shown, ...items];
        })(next)(req);
      };
    },
  },
  {
    // spec 4.5, 2.7: the list shows each job's header as its last write left it, on every write path
    name: 'list-confidential-stale-after-collection-override',
    area: 'list',
    violates:
      '4.5, 2.7: the list returns the job headers as stored (here a confidential flag changed by POST /jobs with ' +
      'X-HTTP-Method-Override: PUT keeps its old value in the list, GET showing the new one)',
    expectedRule: 'jobs.list.after-writes',
    transform: (next) => {
      const listed = new Map<number, unknown>();
      return async (req) => {
        const body = requestJson(req);
        if (
          isOverride(req, 'PUT') &&
          isCollection(req) &&
          typeof body?.referenceId === 'string' &&
          typeof body.confidential === 'boolean'
        ) {
          const before = await jobByReference(next, req, body.referenceId);
          if (before && !listed.has(before.id as number)) listed.set(before.id as number, before.confidential);
          return next(req);
        }
        const res = await next(req);
        if (!isList(req) || listed.size === 0) return res;
        const page = responseJson(res);
        if (!isListBody(page)) return res;
        return withResponseJson(res, {
          ...page,
          data: page.data.map((item) => (listed.has(item.id as number) ? { ...item, confidential: listed.get(item.id as number) } : item)),
        });
      };
    },
  },
  {
    // spec 4.5, 2.7: the list shows each job's header as its create left it, in every create form and status
    name: 'list-status-draft-after-override-create-with-status',
    area: 'list',
    violates:
      '4.5, 2.7: the list returns the job headers as stored (here a job created by POST /jobs with X-HTTP-Method-Override: ' +
      'PUT and a status is listed as a draft, GET showing the status sent: the list view takes the create default)',
    expectedRule: 'jobs.list.after-writes',
    transform: listsAfterCreates(
      (req) => isOverride(req, 'PUT') && isCollection(req) && typeof requestJson(req)?.status === 'string',
      (page, made) => ({ ...page, data: page.data.map((item) => (made.has(item.id as number) ? { ...item, status: 'draft' } : item)) }),
    ),
  },
  {
    // spec 4.5: the status filter returns the employer's jobs in that status, however they were created
    name: 'list-status-filter-misses-put-created-jobs',
    area: 'list',
    violates:
      "4.5: status filters the employer's jobs (here a job created by PUT /jobs is missing from the list filtered by its " +
      'status: only POST fills the status view)',
    expectedRule: 'jobs.list.after-writes',
    transform: listsAfterCreates(isPutByReference, (page, made, req) => {
      if (req.query.get('status') === null) return page;
      const data = page.data.filter((item) => !made.has(item.id as number));
      return { ...page, data, paging: { ...page.paging, total: (page.paging.total as number) - (page.data.length - data.length) } };
    }),
  },
  {
    // spec 4.5: q matches job title and referenceId; a place a job is in is neither
    name: 'list-q-matches-location-names',
    area: 'list',
    violates:
      '4.5: q matches job title and referenceId (here it also lists the jobs in a location whose name or description ' +
      'holds q: the search runs over the list item, its locations included)',
    expectedRule: 'jobs.list.q-other-fields',
    transform: relist(async ({ items, view, req, next }) => {
      if (view.q === undefined) return items;
      const q = view.q.toLowerCase();
      const all = await allHeaders(next, req, { status: view.status });
      if (!Array.isArray(all)) return items;
      const listed = new Set(items.map((item) => item.id));
      const placed = all.filter((item) => !listed.has(item.id) && JSON.stringify(item.locations).toLowerCase().includes(q));
      return [...items, ...placed].sort(newestFirst);
    }),
  },
  {
    // spec 3, 4.5: a job re-published through the override is active, and the list filtered by status says so
    name: 'list-status-index-misses-override-put',
    area: 'list',
    violates:
      '3, 4.5: status filters the list by the status a job has (here a status changed through the override PUT stays ' +
      'filed under the old one: the override writes the job, not the status index)',
    expectedRule: 'jobs.list.status-filter',
    // A status cache every answer carrying a job refreshes, reads included, but the override PUT's (either path): its
    // handler writes the job, not the cache. Every list filtered by status reads it, with q or without.
    transform: statusIndex(
      (req) => !isOverride(req, 'PUT'),
      () => true,
    ),
  },
  {
    // spec 3, 4.4, 4.7: a job deleted through the override is removed, from every list
    name: 'list-archived-view-keeps-override-deletes',
    area: 'list',
    violates:
      '3, 4.7: a DELETE through the override removes the job (here an archived job deleted by POST /jobs with ' +
      'X-HTTP-Method-Override: DELETE stays in the list filtered by status archived)',
    expectedRule: 'jobs.list.status-filter',
    transform: archivedViewKeepsOverrideDeletes,
  },
  {
    // spec 4.5: the list returns the employer's jobs, each of them, whatever values two of them share
    name: 'list-one-item-per-title',
    area: 'list',
    violates:
      '4.5: every matching job is listed (here a job whose title another item of the page already has is left out: a search that groups by title)',
    expectedRule: 'jobs.list.twins-listed',
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = responseJson(res);
      if (!isList(req) || res.status !== 200 || !isListBody(body)) return res;
      const titles = new Set<unknown>();
      const kept = body.data.filter((item) => !titles.has(item.title) && titles.add(item.title));
      if (kept.length === body.data.length) return res;
      return withResponseJson(res, { ...body, data: kept });
    },
  },
  {
    // spec 4.5, 8: pageSize maximum 100, an interface limit for every employer (only autoRefresh depends on the plan)
    name: 'list-standard-plan-page-size-uncapped',
    area: 'list',
    violates:
      '8: pageSize maximum 100 (here the second employer, on a standard plan, is served the pageSize it asks for above 100: ' +
      'a plan setting read where none applies)',
    expectedRule: 'jobs.list.page-size-each-employer',
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = responseJson(res);
      const asked = Number(req.query.get('pageSize'));
      if (!isList(req) || req.headers['api-key'] !== DEMO_EMPLOYERS[1]!.apiKey || !(asked > 100) || !isListBody(body)) return res;
      return withResponseJson(res, { ...body, paging: { ...body.paging, pageSize: asked } });
    },
  },
  {
    // spec 4.5, 3: the list is sorted by publishDate, which a status change leaves as it was
    name: 'list-republished-by-reference-filed-last',
    area: 'list',
    violates:
      '4.5, 3: the list is sorted by publishDate descending, and a re-publish changes only the status (here a job re-published ' +
      'by PUT /jobs is filed at the end of the status=active view)',
    expectedRule: 'jobs.list.after-writes',
    transform: (next) => {
      const last = new Set<number>();
      return async (req) => {
        const body = requestJson(req);
        if (isPutByReference(req) && body?.status === 'active' && typeof body.referenceId === 'string') {
          const before = await jobByReference(next, req, body.referenceId);
          const res = await next(req);
          if (before?.status === 'archived' && res.status === 200) last.add(before.id as number);
          return res;
        }
        const res = await next(req);
        const page = responseJson(res);
        if (!isList(req) || req.query.get('status') !== 'active' || !isListBody(page)) return res;
        const data = [
          ...page.data.filter((item) => !last.has(item.id as number)),
          ...page.data.filter((item) => last.has(item.id as number)),
        ];
        return withResponseJson(res, { ...page, data });
      };
    },
  },
  {
    // spec 4.5, 4.3: q matches the title, the one the last update wrote, however the job was made
    name: 'list-put-created-job-searched-by-old-title',
    area: 'list',
    violates:
      '4.5, 4.3: q matches the job title (here a job made by PUT-create and retitled by PUT /jobs/{id} stays in the search ' +
      'index under its first title: a q only the new title holds does not find it)',
    expectedRule: 'jobs.lifecycle.made-every-way',
    transform: (next) => {
      const firstTitles = new Map<number, string>();
      const retitled = new Set<number>();
      return async (req) => {
        const res = await next(req);
        const job = responseJson(res);
        const id = jobIdOf(req);
        if (isPutByReference(req) && res.status === 201 && isJobBody(job)) firstTitles.set(job.id, String(job.title));
        if (isPutById(req) && id !== undefined && firstTitles.has(id) && res.status === 200 && typeof requestJson(req)?.title === 'string')
          retitled.add(id);
        const q = req.query.get('q')?.toLowerCase();
        if (!isList(req) || !q || !isListBody(job)) return res;
        const data = job.data.filter(
          (item) =>
            !retitled.has(item.id as number) ||
            firstTitles
              .get(item.id as number)!
              .toLowerCase()
              .includes(q),
        );
        return data.length === job.data.length ? res : withResponseJson(res, { ...job, data });
      };
    },
  },
  {
    // spec 5.3, 2.8: one employer's writes move nothing of another's list
    name: 'list-other-employer-deletes-shift-later-pages',
    area: 'list',
    violates:
      "5.3, 2.8: the list holds the key's employer's jobs, page by page (here each delete by the other employer moves this " +
      "employer's pages 2 and later one place back on lists without q or status: an offset kept for the whole store)",
    expectedRule: ['jobs.list.sorted', 'jobs.paging.next-follows'],
    transform: (next) => {
      const deletes = new Map<string, number>();
      const byOthers = (req: CoreRequest): number =>
        [...deletes].filter(([key]) => key !== req.headers['api-key']).reduce((sum, [, count]) => sum + count, 0);
      const shifted = relist(({ items }) => items, {
        start: (req, view) => Math.max(0, (view.page - 1) * view.pageSize - byOthers(req)),
      })(next);
      return async (req) => {
        if (isList(req)) return !req.query.get('q') && !req.query.get('status') && byOthers(req) > 0 ? shifted(req) : next(req);
        const res = await next(req);
        const key = req.headers['api-key'] ?? '';
        if (isDelete(req) && res.status === 204) deletes.set(key, (deletes.get(key) ?? 0) + 1);
        return res;
      };
    },
  },
  {
    // spec 4.3: a PUT that creates behaves as POST, through the override too (spec 1)
    name: 'list-override-put-create-listed-twice',
    area: 'list',
    violates:
      '4.3, 2.8: a PUT-create behaves as POST (here a job made through POST /jobs with X-HTTP-Method-Override: PUT is filed ' +
      'twice in the view the list without q or status reads: listed and counted twice there)',
    expectedRule: ['jobs.paging.total', 'jobs.list.sorted', 'jobs.paging.next-follows'],
    transform: (next) => {
      const twice = new Set<number>();
      const doubled = relist(({ items }) => items.flatMap((item) => (twice.has(item.id as number) ? [item, item] : [item])))(next);
      return async (req) => {
        if (isList(req)) return !req.query.get('q') && !req.query.get('status') && twice.size > 0 ? doubled(req) : next(req);
        const ref = isOverride(req, 'PUT') && isCollection(req) ? requestJson(req)?.referenceId : undefined;
        const existed = typeof ref === 'string' ? await jobByReference(next, req, ref) : true;
        const res = await next(req);
        const job = responseJson(res);
        if (!existed && res.status < 300 && isJobBody(job)) twice.add(job.id);
        return res;
      };
    },
  },
  {
    // spec 3, 4.5: a job created without status is a draft, and status=draft lists drafts
    name: 'list-default-draft-missing-from-draft-filter',
    area: 'list',
    violates:
      '3, 4.5: POST with status omitted makes a draft (here such a job is read as a draft, but status=draft without q leaves ' +
      'it out until an update sends a status: the status view files only a status that was sent)',
    expectedRule: ['jobs.list.status-filter', 'jobs.paging.total'],
    transform: (next) => {
      const unfiled = new Set<number>();
      const filtered = relist(({ items }) => items.filter((item) => !unfiled.has(item.id as number)))(next);
      return async (req) => {
        if (isList(req)) return !req.query.get('q') && req.query.get('status') === 'draft' && unfiled.size > 0 ? filtered(req) : next(req);
        const body = requestJson(req);
        const res = await next(req);
        const job = responseJson(res);
        if (isPost(req) && res.status === 201 && isJobBody(job) && body !== undefined && !('status' in body)) unfiled.add(job.id);
        else if (isJobBody(job) && res.status === 200 && body !== undefined && 'status' in body) unfiled.delete(job.id);
        return res;
      };
    },
  },
  {
    // spec 3, 4.5: a re-published job keeps its other fields, its publishDate and so its place, among them
    name: 'list-republish-by-id-moves-to-head',
    area: 'list',
    violates:
      '3, 4.5: archived to active leaves the other fields unchanged, and the list is sorted by publishDate (here a job ' +
      're-published by PUT /jobs/{id} is listed first on lists without q or status, its publishDate unchanged)',
    expectedRule: 'jobs.list.sorted',
    transform: (next) => {
      const moved: number[] = [];
      const reordered = relist(({ items }) => [
        ...moved.flatMap((id) => items.filter((item) => item.id === id)),
        ...items.filter((item) => !moved.includes(item.id as number)),
      ])(next);
      return async (req) => {
        if (isList(req)) return !req.query.get('q') && !req.query.get('status') && moved.length > 0 ? reordered(req) : next(req);
        const id = isPutById(req) && requestJson(req)?.status === 'active' ? jobIdOf(req) : undefined;
        const before = id === undefined ? undefined : await currentJob(next, req, id);
        const res = await next(req);
        if (before?.status === 'archived' && res.status === 200 && id !== undefined && !moved.includes(id)) moved.unshift(id);
        return res;
      };
    },
  },
  {
    // spec 4.5: q matches the job title and referenceId, the employer's oldest jobs too
    name: 'list-q-searches-newest-256-jobs',
    area: 'list',
    violates:
      "4.5: q matches job title and referenceId (here a search reads only the employer's newest 256 jobs: an older match " +
      'is neither listed nor counted)',
    expectedRule: 'jobs.list.many-jobs',
    transform: (next) => {
      const searched = relist(async ({ items, req, next: core }) => {
        const all = await allHeaders(core, req, {});
        if (!Array.isArray(all) || all.length <= 256) return items;
        const newest = new Set(all.slice(0, 256).map((item) => item.id));
        return items.filter((item) => newest.has(item.id));
      })(next);
      return (req) => (isList(req) && req.query.get('q') ? searched(req) : next(req));
    },
  },
  {
    // spec 4.5: q matches the job title; a q in the title's own letter case matches under every reading
    name: 'list-q-with-status-folds-titles-only',
    area: 'list',
    violates:
      '4.5: q matches job title and referenceId (here, with a status filter too, the titles and referenceIds are lower-cased ' +
      'and the q is not: a q with a capital letter finds nothing, its own title included)',
    expectedRule: ['jobs.list.status-filter', 'jobs.paging.total'],
    transform: (next) => {
      const folded = relist(({ items, view }) => {
        const q = view.q ?? '';
        return items.filter(
          (item) =>
            String(item.title).toLowerCase().includes(q) ||
            String(item.referenceId ?? '')
              .toLowerCase()
              .includes(q),
        );
      })(next);
      return (req) => {
        const q = req.query.get('q') ?? '';
        return isList(req) && req.query.get('status') && /\p{Lu}/u.test(q) ? folded(req) : next(req);
      };
    },
  },
  {
    // spec 2.8: total is the number of matching jobs, none after the employer's last job is deleted
    name: 'list-last-job-deleted-by-reference-keeps-total',
    area: 'list',
    violates:
      "2.8: total is the number of matching jobs (here, once an employer's last job is deleted by DELETE /jobs, its list " +
      'without q answers no job but total 1, until its next create: a cached count the delete by referenceId does not clear)',
    expectedRule: 'jobs.list.first-and-last-job',
    transform: lastDeleteKeepsCount,
  },
  {
    // spec 4.5: q matches the job title and referenceId as sent; it is decoded once, as every query parameter
    name: 'list-q-decoded-twice',
    area: 'list',
    violates:
      '4.5: q matches job title and referenceId (here the list decodes q once more: a q holding A%2FB searches for A/B ' +
      'and misses the job whose title holds A%2FB)',
    expectedRule: 'jobs.list.q-other-characters',
    transform: qDecodedTwice,
  },
  {
    // spec 4.5: q matches job title and referenceId, whatever the term reads like
    name: 'list-numeric-q-ignored',
    area: 'list',
    violates:
      '4.5: q matches job title and referenceId (here a q of digits alone is coerced to a number that the term filter ' +
      'skips: the list answers as without q)',
    expectedRule: 'jobs.list.q-title',
    transform: numericQDropped,
  },
  {
    // spec 2.7: a header is a subset of the job with the same types and meaning, for every employer
    name: 'list-header-employer-name-cut-at-20',
    area: 'list',
    violates:
      '2.7: a header carries the employer as the job does (here list headers cut the employer name at 20 characters, ' +
      "so only the second employer's longer name differs from its job's)",
    expectedRule: 'jobs.list.header-values',
    transform: headerEmployerNameCut,
  },
  {
    // spec 4.5: the list is sorted by publishDate descending, whatever the status filter
    name: 'list-archived-by-archive-time',
    area: 'list',
    violates:
      '4.5: the list is sorted by publishDate descending (here status=archived lists the jobs last archived first: an ' +
      'older job archived after a newer one comes before it)',
    expectedRule: 'jobs.list.sorted',
    transform: archivedByArchiveTime,
  },
  {
    // spec 4.5: q matches job title and referenceId
    name: 'list-q-matches-missing-reference-as-null',
    area: 'list',
    violates:
      '4.5: q matches title and referenceId (here the search text is `${title} ${referenceId}`, so a job without a ' +
      'referenceId holds "null" and q=null lists it)',
    expectedRule: 'jobs.list.q-other-fields',
    transform: qMatchesMissingReferenceAsNull,
  },
  {
    // spec 4.5: sorted by publishDate descending
    name: 'list-job-posted-at-ten-listed-last',
    area: 'list',
    violates:
      '4.5: the list is sorted by publishDate descending (here a job posted when its employer holds exactly ten jobs ' +
      'is listed last on every page it is on)',
    expectedRule: 'jobs.list.many-jobs',
    transform: tenthBlockListedLast,
  },
  {
    // spec 2.7: a header is a subset of the job with the same types and meaning
    name: 'list-archived-headers-not-confidential',
    area: 'list',
    violates: '2.7: a list item carries the values of its job (here, with status=archived, every item says confidential false)',
    expectedRule: 'jobs.list.header-values-every-list',
    transform: (next) => async (req) => {
      const res = await next(req);
      const body = responseJson(res);
      if (!isList(req) || req.query.get('status') !== 'archived' || res.status !== 200 || !isListBody(body)) return res;
      return withResponseJson(res, { ...body, data: body.data.map((item) => ({ ...item, confidential: false })) });
    },
  },
  {
    // spec 4.5: q matches job title and referenceId (substring, prefix or word: never another inflection)
    name: 'list-q-stems-plural',
    area: 'list',
    violates:
      '4.5: q matches job title and referenceId (here a search with a stemmer: q "cooks" also lists a job titled "Line ' +
      'cook", which holds neither "cooks" nor a word it starts)',
    expectedRule: 'jobs.list.q-no-stemming',
    transform: stemsPluralQ,
  },
  {
    // spec 4.5: the list returns the employer's jobs as they are, whatever order its parameters come in
    name: 'list-reordered-query-cached-past-writes',
    area: 'list',
    violates:
      "4.5: the list returns the employer's matching jobs (here a query whose parameters come in another order than the " +
      'server writes them is answered from a cache that no write clears)',
    expectedRule: 'jobs.list.after-writes',
    transform: reorderedQueryCachedPastWrites,
  },
  {
    // spec 4.5: q matches job title and referenceId as text
    name: 'list-q-of-digits-read-as-number',
    area: 'list',
    violates:
      '4.5: q matches job title and referenceId (here a q of digits is read as a number first: q "0848" also lists a job ' +
      'titled "848", which holds neither "0848" nor a word it starts)',
    expectedRule: 'jobs.list.q-no-stemming',
    transform: digitsQReadAsNumber,
  },
  {
    // spec 4.5, 4.3: status filters the jobs as they are; the fields sent change together
    name: 'list-index-keeps-status-of-renaming-write',
    area: 'list',
    violates:
      '4.5: status filters the jobs as they are (here a PUT by id that renames its job and changes its status in one body ' +
      'leaves it listed under the old status, and under its old referenceId for q)',
    expectedRule: 'jobs.list.status-filter',
    transform: indexKeptByRenamingWrite('status'),
  },
  {
    // spec 4.5, 4.3: q matches the title as it is; the fields sent change together
    name: 'list-index-keeps-title-of-renaming-write',
    area: 'list',
    violates:
      '4.5: q matches job title and referenceId (here a PUT by id that renames its job and retitles it in one body leaves ' +
      'the search on the old title and referenceId)',
    expectedRule: 'jobs.list.status-filter',
    transform: indexKeptByRenamingWrite('title'),
  },
  {
    // spec 2.8, 4.5: total counts the matching jobs, on every page; the list holds the jobs as they are
    name: 'list-later-pages-cached-past-posts',
    area: 'list',
    violates:
      '2.8: total is the number of matching jobs (here pages after the first come from a cache that updates and deletes ' +
      'clear and a POST does not: after a POST, page 2 still counts and lists as before it)',
    expectedRule: 'jobs.list.after-writes',
    transform: laterPagesCachedPastPosts,
  },
  {
    // spec 4.5: q matches job title and referenceId; "0" is text like any other q
    name: 'list-q-zero-reads-as-no-filter',
    area: 'list',
    violates: '4.5: q matches job title and referenceId (here q=0, falsy to a loosely typed server, filters nothing: every job is listed)',
    expectedRule: 'jobs.list.q-title',
    transform: rewriteQuery((query) => {
      if (query.get('q') === '0') query.delete('q');
    }),
  },
  {
    // spec 4.5: q matches job title and referenceId, whatever its characters
    name: 'list-q-beyond-ascii-skips-reference-ids',
    area: 'list',
    violates:
      '4.5: q matches job title and referenceId (here a q with a letter beyond ASCII searches titles only: the referenceId ' +
      'column has an ASCII collation)',
    expectedRule: 'jobs.list.q-letters',
    transform: relist(({ items, view }) =>
      view.q !== undefined && /[^\x00-\x7f]/.test(view.q)
        ? items.filter((item) => String(item.title).toLowerCase().includes(view.q!.toLowerCase()))
        : items,
    ),
  },
  {
    // spec 4.5: q matches job title and referenceId as they are
    name: 'list-word-index-loses-moved-holder',
    area: 'list',
    violates:
      '4.5: q matches job title and referenceId (here a word index removes a job by moving the last holder into its ' +
      'slot and loses track of it: once the first and then the last holder of a word leave it, the last is still found)',
    expectedRule: 'jobs.list.q-title',
    transform: wordIndexSwapRemove,
  },
  {
    // spec 4.5: status filters the list; omitted, the list holds every status
    name: 'list-q-without-status-lists-active-only',
    area: 'list',
    violates:
      '4.5: without a status filter the list holds the jobs of every status (here a list with q and no status lists the ' +
      'active jobs only, as a search view of published jobs does)',
    expectedRule: 'jobs.list.all-statuses',
    transform: rewriteQuery((query) => {
      if (query.has('q') && !query.has('status')) query.set('status', 'active');
    }),
  },
  {
    // spec 4.5: q matches job title and referenceId, each as it is
    name: 'list-q-matches-across-fields-join',
    area: 'list',
    violates:
      '4.5: q matches job title and referenceId (here the search reads one text that joins the title and the referenceId ' +
      'without a separator, so a q spanning the end of the title and the start of the referenceId finds the job)',
    expectedRule: 'jobs.list.q-other-fields',
    transform: relist(async ({ items, view, req, next: core }) => {
      const q = view.q?.toLowerCase();
      if (q === undefined || q === '') return items;
      const every = await allHeaders(core, req, { status: view.status });
      if (!Array.isArray(every)) return items;
      const joined = (job: JsonObject): string => `${String(job.title)}${String(job.referenceId ?? '')}`.toLowerCase();
      const listed = new Set(items.map((item) => item.id));
      return every.filter((job) => listed.has(job.id) || joined(job).includes(q));
    }),
  },
  {
    // spec 4.5: the status filter lists the jobs of that status
    name: 'list-active-filter-drops-jobs-past-close-date',
    area: 'list',
    violates:
      '4.5: status filters the list by the status a job has (here status=active leaves out the active jobs whose closeDate ' +
      'has passed, which every read still shows active)',
    expectedRule: 'jobs.roundtrip.close-date-before-publish',
    transform: activeFilterDropsClosed,
  },
  {
    // spec 2.8: total is the number of matching jobs, on every page
    name: 'list-later-unscoped-pages-copied-until-post',
    area: 'list',
    violates:
      '2.8, 4.5: total is the number of matching jobs, and the list holds the jobs as they are (here the pages after the ' +
      'first of the list without q or status come from a copy that only a POST makes stale: after a delete they count it)',
    expectedRule: 'jobs.list.after-writes',
    transform: laterUnscopedPagesCopiedUntilPost,
  },
  {
    // spec 4.5, 8: pageSize maximum 100, on every page
    name: 'list-later-pages-over-the-maximum-at-the-size-sent',
    area: 'list',
    violates:
      '4.5, 8: pageSize maximum 100 (here a pageSize over 100 is clamped on page 1 only: page=2 with the same pageSize is ' +
      'served at the size sent, its offset counted with it)',
    expectedRule: 'jobs.list.page-size-over-max',
    transform: laterPagesAtSizeSent,
  },
  {
    // spec 2.8: total is the number of matching jobs
    name: 'list-status-total-by-created-status',
    area: 'list',
    violates:
      '2.8: total is the number of matching jobs (here a list filtered by status alone counts each job under the status ' +
      'it was made in: its counts per status move with creates and deletes, not with a status change)',
    expectedRule: 'jobs.list.after-writes',
    transform: statusTotalsByCreatedStatus,
  },
  {
    // spec 4.5: status filters the list by the status a job has
    name: 'list-active-count-misses-republish-by-reference',
    area: 'list',
    violates:
      '4.5, 3: status=active lists the active jobs (here it answers none while a count of active jobs that PUT /jobs ' +
      'does not move stands at 0: a job re-published by referenceId while none was active is left out)',
    expectedRule: 'jobs.list.first-and-last-job',
    transform: activeCountMissesRepublishByReference,
  },
  {
    // spec 2.8: total is the number of matching jobs; 4.5: the list returns the employer's jobs
    name: 'list-next-page-read-ahead-kept-across-posts',
    area: 'list',
    violates:
      '2.8: total is the number of matching jobs, on every page (here the next page is read ahead when a page is ' +
      'answered, and a POST does not drop it: the page read right after a POST is the one before it)',
    expectedRule: 'jobs.list.after-writes',
    transform: nextPageReadAhead((req, res) => (isAnyUpdate(req) || isDelete(req)) && res.status < 300),
  },
  {
    // spec 2.7: a list item holds its job's values, on every page
    name: 'list-next-page-read-ahead-kept-past-updates',
    area: 'list',
    violates:
      "2.7: a list item holds its job's values (here the next page is read ahead when a page is answered, and only creates " +
      'and deletes drop it: the page read right after an update shows the job on it as it was)',
    expectedRule: 'jobs.list.after-writes',
    transform: nextPageReadAhead((_req, res) => res.status === 204 || res.status === 201 || res.headers.location !== undefined),
  },
  {
    // spec 4.5: the list is sorted by publishDate descending
    name: 'list-override-created-job-last-until-written',
    area: 'list',
    violates:
      '4.5: the list is sorted by publishDate descending (here a job made by PUT-create through the override is listed ' +
      'after older jobs, in the lists without q, until a later write touches it)',
    expectedRule: 'jobs.list.after-writes',
    transform: overrideCreatedListedLast,
  },
  {
    // spec 2.7: a list item is a subset of the job with the same meaning, any Job field it carries beyond the stated ones too
    name: 'list-header-extra-auto-refresh-by-plan',
    area: 'list',
    violates:
      "2.7: a list item holds its job's values (here, with autoRefresh among the header's extra fields, a standard-plan " +
      "employer's items show it false, its plan's default, where the job holds true)",
    expectedRule: 'jobs.list.header-values',
    transform: standardPlanRowsWithoutAutoRefresh,
    choices: { 'header.extra-fields': 'job-fields' },
  },
  {
    // spec 4.5 and 2.8: page N is the Nth slice of the list as it is now, after a write too
    name: 'list-status-page-starts-after-stale-cursor',
    area: 'list',
    violates:
      '4.5, 2.8: a page is a slice of the current list (here page N of a status list starts after the last job page N - 1 ' +
      'served before a write, so after a job left page N - 1 the next page repeats the job that moved up)',
    expectedRule: 'jobs.list.after-writes',
    transform: statusPagesFromStaleCursor,
  },
];
