/**
 * @module The stateful server-side checks: what an exchange shows against the
 * state model's view of the jobs seen before it (spec 3, 4.1-4.5, 5.3).
 * Each judges one fact of the ModelView the model answered for the exchange.
 */
import type { Job } from '../../schemas/types.gen.js';
import { changedFields, COMPARED_FIELDS, keptValueProblems, show } from '../../judging/compare.js';
import { checkOf, type ProxyCheck } from './check.js';
import { autoFields, type Stale } from './state-model.js';

/** Fields a write may change besides those it sends (2.1: the address of the other routing type is null). */
function touched(sent: readonly string[]): string[] {
  const out = new Set(sent);
  if (out.has('applicantRoutingType')) ['applicationEmail', 'applicationUrl'].forEach((f) => out.add(f));
  return [...out];
}

const STATED_TRANSITIONS: Readonly<Record<string, string>> = {
  'active>archived': 'jobs.lifecycle.archive',
  'archived>active': 'jobs.lifecycle.republish',
};

/**
 * Sent values a job must show: not autoRefresh (2.1: it applies only to employers on unlimited plans, so a
 * service may keep it off) and, on an update, not status (3: only the stated transitions are judged, statedTransition).
 */
const KEPT_ON_CREATE = COMPARED_FIELDS.filter((f) => f !== 'autoRefresh');
const KEPT_ON_UPDATE = KEPT_ON_CREATE.filter((f) => f !== 'status');

const valueOf = (job: unknown, field: string): string => show((job as Record<string, unknown>)[field], 120);

/** What a stale view shows, field by field, beside the acknowledged value. */
const staleFields = (shown: unknown, stale: Stale): string =>
  stale.fields.map((f) => `${f}: ${valueOf(shown, f)} (acknowledged ${valueOf(stale.ack.job, f)})`).join('; ');

/**
 * 3, 4.4: a job deleted before the request started is gone: a GET or PUT of it by id is refused (4xx); a
 * DELETE of it again may also answer 204 (4.4 shows nothing for a job already gone; DELETE is idempotent).
 */
export const deletedJobGone: ProxyCheck = {
  id: 'deleted-job-gone',
  side: 'server',
  rules: ['jobs.lifecycle.deleted-get-404', 'jobs.lifecycle.deleted-put-404', 'jobs.lifecycle.deleted-delete-404'],
  run: checkOf('server', (out, model, x) => {
    const { gone } = model;
    if (!gone) return;
    const status = x.captured.status!;
    const method = x.op.kind === 'get' ? 'GET' : x.op.kind === 'put-by-id' ? 'PUT' : 'DELETE';
    const accepted = (status >= 400 && status <= 499) || (method === 'DELETE' && status === 204);
    const again = method === 'DELETE' ? ' or answers 204 again' : '';
    out.check(
      `jobs.lifecycle.deleted-${method.toLowerCase()}-404`,
      accepted,
      () => ({
        title: `${method} /jobs/${gone.id} answered ${status} for a job deleted before the request`,
        expected: `the job removed (spec 3, 4.4): a ${method} of it is refused (404, 410 or another 4xx)${again}`,
        received: `${status}${x.response.text ? ` ${show(x.response.text, 200)}` : ''}`,
      }),
      [gone.deletedBy, x],
    );
  }),
};

/** 4.2, 4.3: a write's answer keeps the values sent. */
export const writeKeepsValues: ProxyCheck = {
  id: 'write-keeps-values',
  side: 'server',
  rules: ['jobs.create.explicit-values', 'jobs.update.changes-field'],
  run: checkOf('server', (out, model, x) => {
    const { write } = model;
    if (!write) return;
    const problems = keptValueProblems(write.body, write.after, write.create ? KEPT_ON_CREATE : KEPT_ON_UPDATE);
    out.check(
      write.create ? 'jobs.create.explicit-values' : 'jobs.update.changes-field',
      problems.length === 0,
      () => ({
        title: `${x.captured.method} ${x.captured.url.split('?')[0]} answered a job that does not keep the values sent`,
        expected: write.create
          ? 'the created Job with the values sent (spec 4.2)'
          : 'the fields sent change (spec 4.3: "Only the fields sent change")',
        received: problems.join('; '),
      }),
      [x],
    );
  }),
};

/** The stated transition (3) an update asks of the job it knew before, if any. */
function transitionOf(before: Job, body: Record<string, unknown>): string | undefined {
  const to = body.status;
  return typeof to === 'string' ? STATED_TRANSITIONS[`${before.status}>${to}`] : undefined;
}

/** 3: a stated transition takes its target status. */
export const statedTransition: ProxyCheck = {
  id: 'stated-transition',
  side: 'server',
  rules: Object.values(STATED_TRANSITIONS),
  run: checkOf('server', (out, model, x) => {
    const before = model.write?.before;
    if (!model.write || !before) return;
    const { after, body } = model.write;
    const transition = transitionOf(before.job, body);
    if (!transition) return;
    const from = before.job.status;
    out.check(
      transition,
      after.status === body.status,
      () => ({
        title: `PUT with status ${String(body.status)} on a ${from} job left it ${after.status}`,
        expected: `spec 3: ${from} -> PUT with status = ${String(body.status)} -> ${String(body.status)}`,
        received: `status ${after.status}`,
      }),
      [before.x, x],
    );
  }),
};

/** 4.3: only the fields sent change; 3: a stated transition changes nothing else. */
export const updateKeepsOtherFields: ProxyCheck = {
  id: 'update-keeps-other-fields',
  side: 'server',
  rules: ['jobs.update.keeps-other-fields', ...Object.values(STATED_TRANSITIONS).map((rule) => `${rule}-keeps-fields`)],
  run: checkOf('server', (out, model, x) => {
    const before = model.write?.before;
    if (!model.write || !before) return;
    const { after, body, sent } = model.write;
    const transition = transitionOf(before.job, body);
    const statusOnly = sent.every((f) => f === 'status' || f === 'referenceId');
    // Leaving draft is not shown (3): a service may publish the job anew.
    const leftDraft = before.job.status === 'draft' && after.status !== 'draft' ? ['publishDate'] : [];
    const changed = changedFields(before.job, after, [...touched(sent), ...autoFields(before.job, after), ...leftDraft]);
    out.check(
      transition && statusOnly ? `${transition}-keeps-fields` : 'jobs.update.keeps-other-fields',
      changed.length === 0,
      () => ({
        title: `a partial update changed ${changed.join(', ')}, which it did not send`,
        expected: `only the fields sent change (spec 4.3${transition ? '; spec 3: other fields unchanged' : ''}); sent: ${sent.join(', ')}`,
        received: changed.map((f) => `${f}: ${valueOf(before.job, f)} -> ${valueOf(after, f)}`).join('; '),
      }),
      [before.x, x],
    );
  }),
};

/** 5.3: a read shows only the key's employer's job. */
export const readIsolation: ProxyCheck = {
  id: 'read-isolation',
  side: 'server',
  rules: ['jobs.isolation.get-by-id'],
  run: checkOf('server', (out, model, x) => {
    const { read } = model;
    if (!read) return;
    out.check(
      'jobs.isolation.get-by-id',
      read.foreign === undefined,
      () => ({
        title: `GET /jobs/${read.got.id} showed another employer's job`,
        expected: 'only data for the employer that the key belongs to (spec 5.3)',
        received: read.foreign!,
      }),
      [x],
    );
  }),
};

/** 4.2, 4.3: a read shows the last acknowledged write, not the values before it. */
export const readShowsLastWrite: ProxyCheck = {
  id: 'read-shows-last-write',
  side: 'server',
  rules: ['jobs.create.body-matches-get', 'jobs.update.response-matches-get'],
  run: checkOf('server', (out, model, x) => {
    const { read } = model;
    const fresh = read?.fresh;
    if (!read || !fresh) return;
    const { stale } = fresh;
    const { got } = read;
    out.check(
      fresh.rule,
      !stale,
      () => ({
        title: `GET /jobs/${got.id} shows ${(stale as Stale).fields.join(', ')} as before the last acknowledged write`,
        expected: `the values the write answered (spec ${(stale as Stale).ack.create ? '4.2' : '4.3'})`,
        received: staleFields(got, stale as Stale),
      }),
      stale ? [stale.ack.x, x] : [x],
    );
  }),
};

/** 5.3: a list shows only the key's employer's jobs. */
export const listIsolation: ProxyCheck = {
  id: 'list-isolation',
  side: 'server',
  rules: ['jobs.isolation.list'],
  run: checkOf('server', (out, model, x) => {
    const list = model.list;
    if (!list) return;
    out.check(
      'jobs.isolation.list',
      list.foreign.length === 0,
      () => ({
        title: "the list shows another employer's jobs",
        expected: 'only data for the employer that the key belongs to (spec 5.3)',
        received: list.foreign.map(([, why]) => why).join('; '),
      }),
      [x],
    );
  }),
};

/** 3, 4.4: a job deleted before the list started is no longer listed. */
export const listDeletedUnlisted: ProxyCheck = {
  id: 'list-deleted-unlisted',
  side: 'server',
  rules: ['jobs.lifecycle.deleted-unlisted'],
  run: checkOf('server', (out, model, x) => {
    const page = x.list();
    if (!model.list || !page) return;
    const listed = new Set(page.data.map((item) => String(item.id)));
    for (const { id, deletedBy } of model.list.deletedBefore)
      out.check(
        'jobs.lifecycle.deleted-unlisted',
        !listed.has(id),
        () => ({
          title: `the list still shows job ${id}, deleted before the request`,
          expected: 'the job removed (spec 3, 4.4): no longer listed',
          received: `job ${id} on page ${page.paging.page}`,
        }),
        [deletedBy, x],
      );
  }),
};

/** 2.7: list items carry the values of the full job, not those before its last acknowledged write. */
export const listHeaderValues: ProxyCheck = {
  id: 'list-header-values',
  side: 'server',
  rules: ['jobs.list.header-values'],
  run: checkOf('server', (out, model, x) => {
    for (const { item, stale } of model.list?.stale ?? [])
      out.check(
        'jobs.list.header-values',
        false,
        () => ({
          title: `the list shows job ${item.id} with ${stale.fields.join(', ')} as before the last acknowledged write`,
          expected: 'list items with the values of the full job (spec 2.7)',
          received: staleFields(item, stale),
        }),
        [stale.ack.x, x],
      );
  }),
};

/** 2.8: total counts at least the live jobs the model knows in the asked status. */
export const listTotalCountsKnown: ProxyCheck = {
  id: 'list-total-counts-known',
  side: 'server',
  rules: ['jobs.paging.total'],
  run: checkOf('server', (out, model, x) => {
    const known = model.list?.known;
    const total = x.list()?.paging.total;
    if (!known || total === undefined) return;
    out.check(
      'jobs.paging.total',
      total >= known.ids.length,
      () => ({
        title: `paging.total is ${total}, but ${known.ids.length} matching jobs are known to exist`,
        expected: 'total: the number of matching jobs (spec 2.8)',
        received: `total ${total}; known: ${known.ids.join(', ')}`,
      }),
      [x],
    );
  }),
};

/** 4.5: a one-page list shows every live job the model knows in the asked status. */
export const listShowsKnown: ProxyCheck = {
  id: 'list-shows-known',
  side: 'server',
  rules: ['jobs.list.all-statuses', 'jobs.list.status-filter'],
  run: checkOf('server', (out, model, x) => {
    const known = model.list?.known;
    const page = x.list();
    const asked = x.op.kind === 'list' ? x.op.query.get('page') : null;
    if (!known || !page || page.paging.pages > 1 || (asked !== null && asked !== '1')) return;
    const listed = new Set(page.data.map((item) => String(item.id)));
    const missing = known.jobs.filter((_, i) => !listed.has(known.ids[i]!));
    const ids = known.ids.filter((id) => !listed.has(id));
    const { status } = known;
    out.check(
      status === null ? 'jobs.list.all-statuses' : 'jobs.list.status-filter',
      missing.length === 0,
      () => ({
        title: `the list misses ${missing.length === 1 ? 'a job' : 'jobs'} created through the proxy and not deleted`,
        expected: status === null ? 'every status listed when status is omitted (spec 4.5)' : `every ${status} job (spec 4.5)`,
        received: `missing ${missing.map((ack, i) => `${ids[i]} (${ack.job.status})`).join(', ')}`,
      }),
      [...missing.map((ack) => ack.x), x],
    );
  }),
};

/** The stateful checks, in the order they apply. */
export const STATE_CHECKS: readonly ProxyCheck[] = [
  deletedJobGone,
  writeKeepsValues,
  statedTransition,
  updateKeepsOtherFields,
  readIsolation,
  readShowsLastWrite,
  listIsolation,
  listDeletedUnlisted,
  listHeaderValues,
  listTotalCountsKnown,
  listShowsKnown,
];
