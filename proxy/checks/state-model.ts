/**
 * @module The state model: per API key, the jobs seen created, changed and
 * deleted through the proxy, and what each exchange shows against them (its
 * ModelView, which the stateful checks judge: state-checks.ts; spec 3,
 * 4.1-4.5, 5.3). The model judges nothing itself. It is a simplification, never a copy of
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
import { JOB_HEADER_FIELDS } from '../../schemas/index.js';
import { changedFields, instantMs, JOB_FIELDS, sameFieldValue, type Body } from '../../judging/compare.js';
import type { CapturedExchange } from '../relay/captured-exchange.js';
import { employerKeyOf, type ObservedExchange } from './observed-exchange.js';
import { isWrite, exchangeOperation, type ExchangeOperation } from '../relay/route.js';

export interface Seen {
  job: Job;
  /** endSeq of the exchange that showed it. */
  seq: number;
  x: ObservedExchange;
}

export interface Ack extends Seen {
  /** The job before the write, when the model knew it for certain; undefined for a create. */
  before?: Job;
  /** The request's fields (what the write set). */
  sent: readonly string[];
  create: boolean;
}

export interface Stale {
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

/** Fields that may change on their own (spec 2.1 auto-refresh; 3: automatic changes such as closing are not shown). */
export function autoFields(...jobs: Array<Job | undefined>): string[] {
  const out: string[] = [];
  if (jobs.some((job) => job?.autoRefresh === true)) out.push('publishDate');
  if (jobs.some((job) => job !== undefined && instantMs(job.closeDate) <= Date.now())) out.push('status');
  return out;
}

/** What one exchange shows against the model, taken before the model learns from it; empty where the model knows nothing. */
export interface ModelView {
  /** The job the exchange names by id was deleted before it started (ids are the service's, unique: 2.1). */
  readonly gone?: { readonly id: string; readonly deletedBy: ObservedExchange };
  /** An acknowledged create or update, with the job as the model knew it before, when it knew it for certain. */
  readonly write?: {
    readonly create: boolean;
    readonly after: Job;
    readonly body: Body;
    readonly sent: readonly string[];
    readonly before?: Seen;
  };
  /** A read of one job: another employer's (why), and how it compares with the last acknowledged write. */
  readonly read?: {
    readonly got: Job;
    readonly foreign?: string;
    readonly fresh?: { readonly rule: string; readonly stale: Stale | false };
  };
  readonly list?: ListView;
}

export interface ListView {
  /** Items of another employer, with why. */
  readonly foreign: ReadonlyArray<readonly [JobHeader, string]>;
  /** Jobs deleted before the list started, with the exchange that deleted each. */
  readonly deletedBefore: ReadonlyArray<{ readonly id: string; readonly deletedBy: ObservedExchange }>;
  /** Items that show values from before their job's last acknowledged write. */
  readonly stale: ReadonlyArray<{ readonly item: JobHeader; readonly stale: Stale }>;
  /** The live jobs the model knows in the asked status, when the list can be held to them (no q, no overlapping write). */
  readonly known?: { readonly status: string | null; readonly jobs: readonly Ack[]; readonly ids: readonly string[] };
}

/** The view of an exchange the model knows nothing about. */
export const EMPTY_VIEW: ModelView = {};

export class StateModel {
  readonly silences: Silences = { jobsFirstSeen: 0, uncertainWrites: 0, changedElsewhere: 0, concurrentSkips: 0, withoutKey: 0 };
  readonly #employers = new Map<string, Employer>();
  /** The write each exchange in flight makes, by its startSeq. */
  readonly #writes = new Map<number, Write>();
  /** startSeq of every exchange started and not yet judged (to prune old writes). */
  readonly #open = new Set<number>();

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
    const key = employerKeyOf(captured.requestHeaders);
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
    if (!x.employerKey || !isWrite(x.op)) return;
    const employer = this.#employer(x.employerKey);
    const job = this.#target(employer, x.op, x.request.json);
    if (job) this.#forget(job);
    else if (x.op.kind !== 'create') for (const state of employer.jobs.values()) this.#forget(state);
  }

  /** Learns from one finished exchange (in the order they finished); answers what it showed against the model before. */
  record(x: ObservedExchange): ModelView {
    this.#close(x);
    if (!x.employerKey) {
      this.silences.withoutKey += 1;
      return EMPTY_VIEW;
    }
    const employer = this.#employer(x.employerKey);
    const status = x.captured.status!;
    const ok = status >= 200 && status <= 299;
    const { op } = x;
    if ((op.kind === 'put-by-id' || op.kind === 'delete-by-id') && this.#gone(employer, x, op.id))
      return { gone: this.#goneView(employer, op.id) };
    if (isWrite(op) && !ok) {
      // 7: error answers are not shown, nor is what a refused write leaves behind: the job is unknown until its next acknowledged write.
      const job = this.#target(employer, op, x.request.json);
      if (job && status >= 500) this.#forget(job);
      return EMPTY_VIEW;
    }
    const gone = op.kind === 'get' && this.#gone(employer, x, op.id) ? { gone: this.#goneView(employer, op.id) } : {};
    if (!ok) return gone;
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
        this.#deleted(employer, x);
        return EMPTY_VIEW;
      case 'get':
        return { ...gone, ...this.#read(employer, x) };
      case 'list':
        return this.#listed(employer, x, op.query);
      default:
        return EMPTY_VIEW;
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
    if (x.employerKey) this.#prune(this.#employer(x.employerKey));
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
  #written(employer: Employer, x: ObservedExchange, known: JobState | undefined, create: boolean): ModelView {
    const after = x.job();
    if (!after) {
      if (known) this.#forget(known);
      return EMPTY_VIEW;
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
    if (job.ack) job.history.push(job.ack.job);
    if (job.history.length > MAX_HISTORY) job.history.shift();
    job.ack = { job: after, seq: x.captured.endSeq!, x, sent, create, ...(before ? { before: before.job } : {}) };
    job.current = { job: after, seq: x.captured.endSeq!, x };
    return { write: { create, after, body, sent, ...(before ? { before } : {}) } };
  }

  /** The job `id` was deleted before `x` started (ids are the service's, unique: 2.1). */
  #gone(employer: Employer, x: ObservedExchange, id: string): boolean {
    const deleted = employer.jobs.get(id)?.deleted;
    return deleted !== undefined && deleted.seq < x.captured.startSeq;
  }

  /** The deletion of job `id` that came before the exchange (#gone said there is one). */
  #goneView(employer: Employer, id: string): { id: string; deletedBy: ObservedExchange } {
    return { id, deletedBy: employer.jobs.get(id)!.deleted!.x };
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

  #read(employer: Employer, x: ObservedExchange): ModelView {
    const got = x.job();
    if (!got) return EMPTY_VIEW;
    const foreign = this.#foreign(employer, got);
    if (foreign) return { read: { got, foreign } };
    const job = employer.jobs.get(String(got.id));
    if (!job) {
      this.silences.jobsFirstSeen += 1;
      const state = this.#job(employer, got);
      state.current = { job: got, seq: x.captured.endSeq!, x };
      return { read: { got } };
    }
    if (job.deleted && job.deleted.seq < x.captured.startSeq) return { read: { got } }; // judged as gone
    const rule = job.ack?.create ? 'jobs.create.body-matches-get' : 'jobs.update.response-matches-get';
    const stale = this.#stale(employer, x, job, got);
    // A stale read is not the job's state: the model keeps the acknowledged one.
    if (!stale && (!job.current || (job.current.seq < x.captured.startSeq && this.#quiet(employer, x, job.current.seq, job))))
      job.current = { job: got, seq: x.captured.endSeq!, x };
    return { read: { got, ...(stale === undefined ? {} : { fresh: { rule, stale } }) } };
  }

  #listed(employer: Employer, x: ObservedExchange, query: URLSearchParams): ModelView {
    const valid = x.list();
    if (!valid) return EMPTY_VIEW;
    const { data } = valid;
    const foreign = data.flatMap((item) => {
      const why = this.#foreign(employer, item);
      return why === undefined ? [] : [[item, why] as const];
    });
    const deletedBefore = [...employer.jobs.values()].flatMap((job) =>
      job.deleted && job.deleted.seq < x.captured.startSeq ? [{ id: job.id, deletedBy: job.deleted.x }] : [],
    );
    const stale = data.flatMap((item) => {
      const job = employer.jobs.get(String(item.id));
      const shown = job && !job.deleted ? this.#stale(employer, x, job, item, JOB_HEADER_FIELDS) : undefined;
      return shown ? [{ item, stale: shown }] : [];
    });
    const known = this.#known(employer, x, query);
    return { list: { foreign, deletedBefore, stale, ...(known ? { known } : {}) } };
  }

  /** With no term filter and no write of the key overlapping the list, the live jobs the model knows in the asked status. */
  #known(employer: Employer, x: ObservedExchange, query: URLSearchParams): ListView['known'] {
    // Writes that ended before the list began are in the model; one that overlapped it may or may not show.
    if (query.get('q') || !this.#quiet(employer, x, x.captured.startSeq)) return undefined;
    const status = query.get('status');
    const known = [...employer.jobs.values()].filter(
      (job) =>
        job.ack &&
        !job.deleted &&
        job.ack.seq < x.captured.startSeq &&
        (status === null || job.ack.job.status === status) &&
        !autoFields(job.ack.job).includes('status'),
    );
    if (known.length === 0) return undefined;
    return { status, jobs: known.map((job) => job.ack!), ids: known.map((job) => job.id) };
  }
}

/** Jobs the model follows per key; past it, the oldest is forgotten. */
const MAX_JOBS_PER_KEY = 20_000;

/** Acknowledged states kept per job for recognizing a stale read. */
const MAX_HISTORY = 8;
