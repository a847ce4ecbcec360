/**
 * @module The jobs this run created, learned at the HTTP choke point from
 * every successful POST/PUT on the job collection (body id, or the Location
 * header), whatever rule sent it. Cleanup deletes exactly these, plus jobs a
 * final tagged list finds, and never anything else.
 */
import type { KeyOwner, ObservedResponse } from '../http/client.js';

export interface CreatedJob {
  id: number | null;
  referenceId: string | null;
  owner: KeyOwner;
  /** The case that created it (per-case cleanup); `sweep` when found by the final list. */
  caseId: string;
  gone: boolean;
  /** Why the last delete attempt did not remove it. */
  failure?: string;
}

const COLLECTION = /\/jobs\/?$/;
const ITEM = /\/jobs\/(\d+)\/?$/;

function idFromLocation(location: string | undefined): number | null {
  const match = location ? /\/jobs\/(\d+)\/?(?:[?#].*)?$/.exec(location) : null;
  return match?.[1] ? Number(match[1]) : null;
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export class CreatedJobs {
  readonly #jobs = new Map<string, CreatedJob>();
  /** The jobs of each case, so per-case cleanup does not read every job of the run (it runs after every case). */
  readonly #byCase = new Map<string, CreatedJob[]>();

  /** Registers a job (idempotent per owner and id). */
  add(job: Omit<CreatedJob, 'gone'>): CreatedJob {
    const key = `${job.owner}:${job.id ?? `ref:${job.referenceId ?? ''}`}`;
    const known = this.#jobs.get(key);
    if (known) return known;
    const entry: CreatedJob = { ...job, gone: false };
    this.#jobs.set(key, entry);
    const ofCase = this.#byCase.get(entry.caseId);
    if (ofCase) ofCase.push(entry);
    else this.#byCase.set(entry.caseId, [entry]);
    return entry;
  }

  /** Listener for the client: registers creations, marks deletions by id. */
  noteResponse(response: ObservedResponse, caseId: string): void {
    if (response.status < 200 || response.status > 299) return;
    const path = response.url.pathname;
    if ((response.method === 'POST' || response.method === 'PUT') && COLLECTION.test(path)) {
      const body = asRecord(response.json);
      const id = Number.isInteger(body?.id) ? (body?.id as number) : idFromLocation(response.headers.location);
      const referenceId = typeof body?.referenceId === 'string' && body.referenceId !== '' ? body.referenceId : null;
      if (id === null && referenceId === null) return;
      const entry = this.add({ id, referenceId, owner: response.owner, caseId });
      // A server may give a deleted job's id to a new one: the id stands for the new job now.
      if (entry.gone) Object.assign(entry, { gone: false, referenceId });
      return;
    }
    const item = ITEM.exec(path);
    if (response.method === 'DELETE' && item?.[1]) {
      const job = this.#jobs.get(`${response.owner}:${Number(item[1])}`);
      if (job) job.gone = true;
    }
  }

  /** Jobs not yet known to be gone, optionally only those one case created. */
  pending(caseId?: string): CreatedJob[] {
    const jobs = caseId === undefined ? this.#jobs.values() : (this.#byCase.get(caseId) ?? []);
    return [...jobs].filter((job) => !job.gone);
  }

  all(): CreatedJob[] {
    return [...this.#jobs.values()];
  }

  /** The job `owner` created with this id, if the run created it. */
  find(owner: KeyOwner, id: number): CreatedJob | undefined {
    return this.#jobs.get(`${owner}:${id}`);
  }

  has(owner: KeyOwner, id: number): boolean {
    return this.#jobs.has(`${owner}:${id}`);
  }
}
