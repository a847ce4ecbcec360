/**
 * @module The stateful checks: per API key, a model of the jobs seen
 * created, changed and deleted through the proxy, and the rules that need
 * it (spec 3, 4.1-4.5, 5.3). The model is a simplification, never a copy of
 * the server: it keeps each job's last acknowledged write, the state before
 * it, and deletions.
 *
 * Two exchanges are compared only when their order is certain: the earlier
 * one's response had fully arrived before the later one's request came in,
 * and no other write that could touch the same job overlapped them (a write
 * named by a body is assumed to touch any job of its key until its body is
 * read). Where the model cannot know, it stays silent and counts why:
 * a job first met already existing (created before the proxy started, or
 * elsewhere), a write whose outcome is unknown (an error answer, a
 * transport failure), or a read that shows neither the written value nor
 * the one before it (a change made elsewhere).
 */
import type { Job, JobHeader } from '../../schemas/types.gen.js';
import {
  changedFields,
  COMPARED_FIELDS,
  instantMs,
  JOB_FIELDS,
  keptValueProblems,
  sameFieldValue,
  show,
  type Body,
} from '../../judging/compare.js';
import { headerOf, type CapturedExchange } from '../relay/captured-exchange.js';
import type { Findings } from './findings.js';
import type { ObservedExchange } from './observed-exchange.js';
import { isWrite, exchangeOperation, type ExchangeOperation } from '../relay/route.js';

interface Seen {
  job: Job;
  /** endSeq of the exchange that showed it. */
  seq: number;
  x: ObservedExchange;
}

interface Ack extends Seen {
  /** The job before the write, when the model knew it for certain; undefined for a create. */
  before?: Job;
  /** The request's fields (what the write set). */
  sent: readonly string[];
  create: boolean;
}

interface Stale {
  ack: Ack;
  fields: string[];
}

interface JobState {
  id: string;
  ref?: string;
  /** The last acknowledged write (undefined when none was seen, or its outcome became unknown). */
  ack?: Ack;
  /** The latest certain view of the job (a write's answer or a read). */
  current?: Seen;
  /** Earlier acknowledged states, newest last (a stale read may show any of them). */
  history: Job[];
  deleted?: { seq: number; x: ObservedExchange };
}

interface Write {
  startSeq: number;
  endSeq?: number;
  id?: string;
  ref?: string;
  /** Named by a body not read yet: may touch any job of the key. */
  any: boolean;
}

class Employer {
  employerId?: number;
  readonly jobs = new Map<string, JobState>();
  readonly byRef = new Map<string, string>();
  readonly writes: Write[] = [];
  constructor(readonly label: string) {}
}

/** What the model could not know, counted for the report. */
export interface Silences {
  /** Jobs first met already existing: created before the proxy started, or elsewhere. */
  jobsFirstSeen: number;
  /** Writes answered with an error or not at all: the job's state is unknown until the next acknowledged write. */
  uncertainWrites: number;
  /** Reads showing neither the written value nor the one before: taken as changes made elsewhere. */
  changedElsewhere: number;
  /** Comparisons skipped because concurrent exchanges made the order uncertain. */
  concurrentSkips: number;
  /** Exchanges without an API-Key, not modelled. */
  withoutKey: number;
}

/** Fields a write may change besides those it sends (2.1: the address of the other routing type is null). */
function touched(sent: readonly string[]): string[] {
  const out = new Set(sent);
  if (out.has('applicantRoutingType')) ['applicationEmail', 'applicationUrl'].forEach((f) => out.add(f));
  return [...out];
}

/** Fields that may change on their own (spec 2.1 auto-refresh; 3: automatic changes such as closing are not shown). */
function autoFields(...jobs: Array<Job | undefined>): string[] {
  const out: string[] = [];
  if (jobs.some((job) => job?.autoRefresh === true)) out.push('publishDate');
  if (jobs.some((job) => job !== undefined && instantMs(job.closeDate) <= Date.now())) out.push('status');
  return out;
}

const STATED_TRANSITIONS: Record<string, string> = {
  'active>archived': 'jobs.lifecycle.archive',
  'archived>active': 'jobs.lifecycle.republish',
};

export class StateModel {
  readonly silences: Silences = { jobsFirstSeen: 0, uncertainWrites: 0, changedElsewhere: 0, concurrentSkips: 0, withoutKey: 0 };
  readonly #employers = new Map<string, Employer>();
  /** The write each exchange in flight makes, by its startSeq. */
  readonly #writes = new Map<number, Write>();
  /** startSeq of every exchange started and not yet judged (to prune old writes). */
  readonly #open = new Set<number>();

  constructor(private readonly findings: Findings) {}

  /** How many employers (API keys) the model follows. */
  get employers(): number {
    return this.#employers.size;
  }

  #employer(key: string): Employer {
    let employer = this.#employers.get(key);
    if (!employer) this.#employers.set(key, (employer = new Employer(`key #${this.#employers.size + 1}`)));
    return employer;
  }

  /** A request head arrived: a write is now in flight. */
  started(captured: Pick<CapturedExchange, 'startSeq' | 'method' | 'url' | 'requestHeaders'>): void {
    this.#open.add(captured.startSeq);
    const key = headerOf(captured.requestHeaders, 'api-key');
    const op = exchangeOperation(captured.method, captured.url, captured.requestHeaders);
    if (!key || !isWrite(op)) return;
    const write: Write = { startSeq: captured.startSeq, any: op.kind === 'put-by-reference' || op.kind === 'delete-by-reference' };
    if ('id' in op) write.id = op.id;
    this.#writes.set(captured.startSeq, write);
    this.#employer(key).writes.push(write);
  }

  /** An exchange without a response: a write's outcome is unknown. */
  failed(x: ObservedExchange): void {
    this.#close(x);
    if (!x.apiKey || !isWrite(x.op)) return;
    const employer = this.#employer(x.apiKey);
    const job = this.#target(employer, x.op, x.request.json);
    if (job) this.#forget(job);
    else if (x.op.kind !== 'create') for (const state of employer.jobs.values()) this.#forget(state);
  }

  /** Judges one finished exchange (in the order they finished) and updates the model. */
  judge(x: ObservedExchange): void {
    this.#close(x);
    if (!x.apiKey) {
      this.silences.withoutKey += 1;
      return;
    }
    const employer = this.#employer(x.apiKey);
    const status = x.captured.status!;
    const ok = status >= 200 && status <= 299;
    const { op } = x;
    if ((op.kind === 'put-by-id' || op.kind === 'delete-by-id') && this.#gone(employer, x, op.id)) {
      this.#checkGone(employer, x, op.id);
      return;
    }
    if (isWrite(op) && !ok) {
      // 7: error answers are not shown, nor is what a refused write leaves behind: the job is unknown until its next acknowledged write.
      const job = this.#target(employer, op, x.request.json);
      if (job && status >= 500) this.#forget(job);
      return;
    }
    if (op.kind === 'get') this.#checkGone(employer, x, op.id);
    if (!ok) return;
    switch (op.kind) {
      case 'create':
        return this.#written(employer, x, undefined, true);
      case 'put-by-id':
      case 'put-by-reference': {
        const known = this.#target(employer, op, x.request.json);
        // 4.3: a PUT /jobs with a new referenceId creates the job (its status code is not shown; a 201 says so).
        return this.#written(employer, x, known, op.kind === 'put-by-reference' && !known && status === 201);
      }
      case 'delete-by-id':
      case 'delete-by-reference':
        return this.#deleted(employer, x);
      case 'get':
        return this.#read(employer, x);
      case 'list':
        return this.#listed(employer, x, op.query);
      default:
        return;
    }
  }

  #close(x: ObservedExchange): void {
    this.#open.delete(x.captured.startSeq);
    const write = this.#writes.get(x.captured.startSeq);
    this.#writes.delete(x.captured.startSeq);
    if (write) {
      write.endSeq = x.captured.endSeq;
      const body = x.request.json as { referenceId?: unknown } | undefined;
      if (write.any && typeof body?.referenceId === 'string') {
        write.any = false;
        write.ref = body.referenceId;
      }
      const answered = (x.response.json as { id?: unknown } | undefined)?.id;
      if (answered !== undefined && write.id === undefined) write.id = String(answered);
    }
    if (x.apiKey) this.#prune(this.#employer(x.apiKey));
  }

  #prune(employer: Employer): void {
    if (employer.writes.length < 64) return;
    // Requests start in sequence order and a Set keeps insertion order: the first open exchange is the oldest.
    const floor: number = this.#open.values().next().value ?? Number.POSITIVE_INFINITY;
    const keep = employer.writes.filter((w) => w.endSeq === undefined || w.endSeq > floor);
    employer.writes.splice(0, employer.writes.length, ...keep);
  }

  #target(employer: Employer, op: ExchangeOperation, body: unknown): JobState | undefined {
    if ('id' in op) return employer.jobs.get(op.id);
    const ref = (body as { referenceId?: unknown } | undefined)?.referenceId;
    const id = typeof ref === 'string' ? employer.byRef.get(ref) : undefined;
    return id === undefined ? undefined : employer.jobs.get(id);
  }

  #forget(job: JobState): void {
    this.silences.uncertainWrites += 1;
    delete job.ack;
    delete job.current;
  }

  /** True when no write of `employer` other than `self` that may touch `job` (any job when undefined) overlapped the span from `fromSeq` to the end of `x`. */
  #quiet(employer: Employer, x: ObservedExchange, fromSeq: number, job?: JobState): boolean {
    const self = employer.writes.find((w) => w.startSeq === x.captured.startSeq);
    const end = x.captured.endSeq!;
    const quiet = !employer.writes.some(
      (w) =>
        w !== self &&
        w.startSeq < end &&
        (w.endSeq === undefined || w.endSeq > fromSeq) &&
        (job === undefined || w.any || w.id === job.id || (w.ref !== undefined && w.ref === job.ref)),
    );
    if (!quiet) this.silences.concurrentSkips += 1;
    return quiet;
  }

  /** The model's job with this id, made on first sight. */
  #job(employer: Employer, job: Job): JobState {
    const id = String(job.id);
    let state = employer.jobs.get(id);
    if (!state) {
      employer.jobs.set(id, (state = { id, history: [] }));
      // A long session must not grow without bound: the oldest job is forgotten (a later read of it is first seen).
      if (employer.jobs.size > MAX_JOBS_PER_KEY) employer.jobs.delete(employer.jobs.keys().next().value!);
    }
    if (typeof job.referenceId === 'string' && job.referenceId !== '') {
      state.ref = job.referenceId;
      employer.byRef.set(job.referenceId, id);
    }
    return state;
  }

  /** A create or an update was acknowledged with the job `x` answers. */
  #written(employer: Employer, x: ObservedExchange, known: JobState | undefined, create: boolean): void {
    const after = x.job();
    if (!after) {
      if (known) this.#forget(known);
      return;
    }
    employer.employerId ??= after.employer.id;
    const body = (x.request.json ?? {}) as Body;
    const sent = Object.keys(body);
    if (!known && !create) this.silences.jobsFirstSeen += 1;
    const job = this.#job(employer, after);
    delete job.deleted;
    const before =
      !create && job.current && job.current.seq < x.captured.startSeq && this.#quiet(employer, x, job.current.seq, job)
        ? job.current
        : undefined;
    const sentRule = create ? 'jobs.create.explicit-values' : 'jobs.update.changes-field';
    const problems = keptValueProblems(body, after, create ? KEPT_ON_CREATE : KEPT_ON_UPDATE);
    this.findings.check(
      sentRule,
      'server',
      problems.length === 0,
      () => ({
        title: `${x.captured.method} ${x.captured.url.split('?')[0]} answered a job that does not keep the values sent`,
        expected: create
          ? 'the created Job with the values sent (spec 4.2)'
          : 'the fields sent change (spec 4.3: "Only the fields sent change")',
        received: problems.join('; '),
      }),
      [x],
    );
    if (before) this.#checkUpdate(x, before, after, body, sent);
    if (job.ack) job.history.push(job.ack.job);
    if (job.history.length > MAX_HISTORY) job.history.shift();
    job.ack = { job: after, seq: x.captured.endSeq!, x, sent, create, ...(before ? { before: before.job } : {}) };
    job.current = { job: after, seq: x.captured.endSeq!, x };
  }

  /** 4.3: only the fields sent change; 3: a stated transition takes its target status and changes nothing else. */
  #checkUpdate(x: ObservedExchange, before: Seen, after: Job, body: Body, sent: readonly string[]): void {
    const from = before.job.status;
    const to = body.status;
    const statusOnly = sent.every((f) => f === 'status' || f === 'referenceId');
    const transition = typeof to === 'string' ? STATED_TRANSITIONS[`${from}>${to}`] : undefined;
    if (transition) {
      this.findings.check(
        transition,
        'server',
        after.status === to,
        () => ({
          title: `PUT with status ${to} on a ${from} job left it ${after.status}`,
          expected: `spec 3: ${from} -> PUT with status = ${to} -> ${to}`,
          received: `status ${after.status}`,
        }),
        [before.x, x],
      );
    }
    // Leaving draft is not shown (3): a service may publish the job anew.
    const leftDraft = from === 'draft' && after.status !== 'draft' ? ['publishDate'] : [];
    const ignore = [...touched(sent), ...autoFields(before.job, after), ...leftDraft];
    const changed = changedFields(before.job, after, ignore);
    const rule = transition && statusOnly ? `${transition}-keeps-fields` : 'jobs.update.keeps-other-fields';
    this.findings.check(
      rule,
      'server',
      changed.length === 0,
      () => ({
        title: `a partial update changed ${changed.join(', ')}, which it did not send`,
        expected: `only the fields sent change (spec 4.3${transition ? '; spec 3: other fields unchanged' : ''}); sent: ${sent.join(', ')}`,
        received: changed
          .map(
            (f) => `${f}: ${show((before.job as Record<string, unknown>)[f], 120)} -> ${show((after as Record<string, unknown>)[f], 120)}`,
          )
          .join('; '),
      }),
      [before.x, x],
    );
  }

  /** The job `id` was deleted before `x` started (ids are the service's, unique: 2.1). */
  #gone(employer: Employer, x: ObservedExchange, id: string): boolean {
    const deleted = employer.jobs.get(id)?.deleted;
    return deleted !== undefined && deleted.seq < x.captured.startSeq;
  }

  /**
   * 3, 4.4: a job deleted before the request started is gone: a GET or PUT of it by id is refused (4xx); a
   * DELETE of it again may also answer 204 (4.4 shows nothing for a job already gone; DELETE is idempotent).
   */
  #checkGone(employer: Employer, x: ObservedExchange, id: string): void {
    const deleted = employer.jobs.get(id)?.deleted;
    if (!deleted || deleted.seq >= x.captured.startSeq) return;
    const status = x.captured.status!;
    const method = x.op.kind === 'get' ? 'GET' : x.op.kind === 'put-by-id' ? 'PUT' : 'DELETE';
    const accepted = (status >= 400 && status <= 499) || (method === 'DELETE' && status === 204);
    this.findings.check(
      `jobs.lifecycle.deleted-${method.toLowerCase()}-404`,
      'server',
      accepted,
      () => ({
        title: `${method} /jobs/${id} answered ${status} for a job deleted before the request`,
        expected: `the job removed (spec 3, 4.4): a ${method} of it is refused (404, 410 or another 4xx)${method === 'DELETE' ? ' or answers 204 again' : ''}`,
        received: `${status}${x.response.text ? ` ${show(x.response.text, 200)}` : ''}`,
      }),
      [deleted.x, x],
    );
  }

  #deleted(employer: Employer, x: ObservedExchange): void {
    const op = x.op;
    let job = this.#target(employer, op, x.request.json);
    if (!job && 'id' in op) employer.jobs.set(op.id, (job = { id: op.id, history: [] }));
    if (!job) return;
    job.deleted = { seq: x.captured.endSeq!, x };
    delete job.ack;
    delete job.current;
    if (job.ref !== undefined && employer.byRef.get(job.ref) === job.id) employer.byRef.delete(job.ref);
  }

  /** Another employer's job (5.3): its employer is not the key's, or it was created under a key of another employer. */
  #foreign(employer: Employer, job: Pick<JobHeader, 'id' | 'employer'>): string | undefined {
    if (employer.employerId !== undefined && job.employer.id !== employer.employerId)
      return `employer ${job.employer.id}, the key's employer is ${employer.employerId}`;
    for (const other of this.#employers.values()) {
      if (other === employer || other.employerId === undefined || other.employerId === employer.employerId) continue;
      if (other.jobs.get(String(job.id))?.ack?.create)
        return `job ${job.id} was created with ${other.label} (employer ${other.employerId})`;
    }
    return undefined;
  }

  /**
   * Compares what `x` shows of `job` with its last acknowledged write: `false` when they agree, the fields that
   * show the value before the write (a stale read), or undefined when the model cannot tell (no write known,
   * order uncertain, or a value that is neither: a change made elsewhere).
   */
  #stale(
    employer: Employer,
    x: ObservedExchange,
    job: JobState,
    shown: Record<string, unknown>,
    fields?: readonly string[],
  ): Stale | false | undefined {
    const ack = job.ack;
    if (!ack || ack.seq >= x.captured.startSeq || !this.#quiet(employer, x, ack.seq, job)) return undefined;
    const ignore = [...autoFields(ack.job), ...(fields ? JOB_FIELDS.filter((f) => !fields.includes(f)) : [])];
    const differ = changedFields(ack.job, shown, ignore);
    if (differ.length === 0) return false;
    const earlier = [...(ack.before ? [ack.before] : []), ...job.history] as unknown as Array<Record<string, unknown>>;
    const stale = differ.filter(
      (f) => earlier.some((state) => sameFieldValue(f, state[f], shown[f])) || (ack.create && ack.sent.includes(f)),
    );
    if (stale.length < differ.length) {
      // Neither the written value nor the one before: a change made elsewhere (or not; the model cannot tell).
      this.silences.changedElsewhere += 1;
      delete job.ack;
      return undefined;
    }
    return { ack, fields: stale };
  }

  #read(employer: Employer, x: ObservedExchange): void {
    const got = x.job();
    if (!got) return;
    const foreign = this.#foreign(employer, got);
    this.findings.check(
      'jobs.isolation.get-by-id',
      'server',
      foreign === undefined,
      () => ({
        title: `GET /jobs/${got.id} showed another employer's job`,
        expected: 'only data for the employer that the key belongs to (spec 5.3)',
        received: foreign!,
      }),
      [x],
    );
    if (foreign) return;
    const job = employer.jobs.get(String(got.id));
    if (!job) {
      this.silences.jobsFirstSeen += 1;
      const state = this.#job(employer, got);
      state.current = { job: got, seq: x.captured.endSeq!, x };
      return;
    }
    if (job.deleted && job.deleted.seq < x.captured.startSeq) return; // judged by #checkGone
    const rule = job.ack?.create ? 'jobs.create.body-matches-get' : 'jobs.update.response-matches-get';
    const stale = this.#stale(employer, x, job, got);
    if (stale !== undefined) {
      const shown = stale as Stale;
      this.findings.check(
        rule,
        'server',
        !stale,
        () => ({
          title: `GET /jobs/${got.id} shows ${shown.fields.join(', ')} as before the last acknowledged write`,
          expected: `the values the write answered (spec ${shown.ack.create ? '4.2' : '4.3'})`,
          received: shown.fields
            .map(
              (f) =>
                `${f}: ${show((got as Record<string, unknown>)[f], 120)} (acknowledged ${show((shown.ack.job as Record<string, unknown>)[f], 120)})`,
            )
            .join('; '),
        }),
        stale ? [stale.ack.x, x] : [x],
      );
    }
    // A stale read is not the job's state: the model keeps the acknowledged one.
    if (!stale && (!job.current || (job.current.seq < x.captured.startSeq && this.#quiet(employer, x, job.current.seq, job))))
      job.current = { job: got, seq: x.captured.endSeq!, x };
  }

  #listed(employer: Employer, x: ObservedExchange, query: URLSearchParams): void {
    const valid = x.list();
    if (!valid) return;
    const { data, paging } = valid;
    const foreign = data.map((item) => [item, this.#foreign(employer, item)] as const).filter(([, why]) => why !== undefined);
    this.findings.check(
      'jobs.isolation.list',
      'server',
      foreign.length === 0,
      () => ({
        title: "the list shows another employer's jobs",
        expected: 'only data for the employer that the key belongs to (spec 5.3)',
        received: foreign.map(([, why]) => why).join('; '),
      }),
      [x],
    );
    const listed = new Set(data.map((item) => String(item.id)));
    for (const job of employer.jobs.values()) {
      const deleted = job.deleted;
      if (!deleted || deleted.seq >= x.captured.startSeq) continue;
      this.findings.check(
        'jobs.lifecycle.deleted-unlisted',
        'server',
        !listed.has(job.id),
        () => ({
          title: `the list still shows job ${job.id}, deleted before the request`,
          expected: 'the job removed (spec 3, 4.4): no longer listed',
          received: `job ${job.id} on page ${paging.page}`,
        }),
        [deleted.x, x],
      );
    }
    for (const item of data) {
      const job = employer.jobs.get(String(item.id));
      if (!job || job.deleted) continue;
      const stale = this.#stale(employer, x, job, item, HEADER_FIELDS);
      if (stale) {
        this.findings.check(
          'jobs.list.header-values',
          'server',
          false,
          () => ({
            title: `the list shows job ${item.id} with ${stale.fields.join(', ')} as before the last acknowledged write`,
            expected: 'list items with the values of the full job (spec 2.7)',
            received: stale.fields
              .map(
                (f) =>
                  `${f}: ${show((item as Record<string, unknown>)[f], 120)} (acknowledged ${show((stale.ack.job as Record<string, unknown>)[f], 120)})`,
              )
              .join('; '),
          }),
          [stale.ack.x, x],
        );
      }
    }
    this.#checkMembership(employer, x, query, data, paging.total, paging.pages);
  }

  /** With no term filter and no write of the key overlapping the list, every live job the model knows in the asked status is counted, and listed when the list is one page. */
  #checkMembership(
    employer: Employer,
    x: ObservedExchange,
    query: URLSearchParams,
    data: readonly JobHeader[],
    total: number,
    pages: number,
  ): void {
    // Writes that ended before the list began are in the model; one that overlapped it may or may not show.
    if (query.get('q') || !this.#quiet(employer, x, x.captured.startSeq)) return;
    const status = query.get('status');
    const known = [...employer.jobs.values()].filter(
      (job) =>
        job.ack &&
        !job.deleted &&
        job.ack.seq < x.captured.startSeq &&
        (status === null || job.ack.job.status === status) &&
        !autoFields(job.ack.job).includes('status'),
    );
    if (known.length === 0) return;
    const rule = status === null ? 'jobs.list.all-statuses' : 'jobs.list.status-filter';
    this.findings.check(
      'jobs.paging.total',
      'server',
      total >= known.length,
      () => ({
        title: `paging.total is ${total}, but ${known.length} matching jobs are known to exist`,
        expected: 'total: the number of matching jobs (spec 2.8)',
        received: `total ${total}; known: ${known.map((job) => job.id).join(', ')}`,
      }),
      [x],
    );
    const page = query.get('page');
    if (pages > 1 || (page !== null && page !== '1')) return;
    const listed = new Set(data.map((item) => String(item.id)));
    const missing = known.filter((job) => !listed.has(job.id));
    this.findings.check(
      rule,
      'server',
      missing.length === 0,
      () => ({
        title: `the list misses ${missing.length === 1 ? 'a job' : 'jobs'} created through the proxy and not deleted`,
        expected: status === null ? 'every status listed when status is omitted (spec 4.5)' : `every ${status} job (spec 4.5)`,
        received: `missing ${missing.map((job) => `${job.id} (${job.ack!.job.status})`).join(', ')}`,
      }),
      [...missing.map((job) => job.ack!.x), x],
    );
  }
}

/** Jobs the model follows per key; past it, the oldest is forgotten. */
const MAX_JOBS_PER_KEY = 20_000;

/** Acknowledged states kept per job for recognizing a stale read. */
const MAX_HISTORY = 8;

/** Spec 2.7: the job header's fields. */
const HEADER_FIELDS: readonly string[] = ['id', 'referenceId', 'employer', 'title', 'publishDate', 'locations', 'confidential', 'status'];

/**
 * Sent values a job must show: not autoRefresh (2.1: it applies only to employers on unlimited plans, so a
 * service may keep it off) and, on an update, not status (3: only the stated transitions are judged, in #checkUpdate).
 */
const KEPT_ON_CREATE = COMPARED_FIELDS.filter((f) => f !== 'autoRefresh');
const KEPT_ON_UPDATE = KEPT_ON_CREATE.filter((f) => f !== 'status');
