/**
 * @module Every job as it was at one instant, read a job at a time while the
 * store moves on: copy on write. Taking it costs nothing per job; until a job
 * has been read, the store hands the snapshot the job's old version before it
 * changes or removes it. Jobs created after the instant are left out. What
 * compaction writes to the data file (the mock's `--persist`).
 */
import type { JobEntry } from './job-entry.js';
import type { JobIndex } from './job-index.js';
import type { StoredJob } from './stored-job.js';

/**
 * @example
 * const snapshot = store.beginSnapshot();
 * for (const job of snapshot.jobs()) write(job); // across event-loop turns; the store may change meanwhile
 */
export class StoreSnapshot {
  /** How many jobs there were at the instant. */
  readonly size: number;
  /** Versions of jobs from the instant that changed or went before they were read. */
  private readonly before = new Map<number, StoredJob>();
  private readonly read = new Set<number>();
  /**
   * Set by a reset: every job of the instant not read yet is in `before`, and
   * what the indexes hold from then on is new (ids start again at 1).
   */
  private afterReset = false;
  private ended = false;

  constructor(
    private readonly indexes: readonly JobIndex[],
    /** Ids from here on were handed out after the instant. */
    readonly nextId: number,
    private readonly done: (snapshot: StoreSnapshot) => void,
  ) {
    this.size = indexes.reduce((n, index) => n + index.byId.size, 0);
  }

  /** The store calls this before it changes or removes an entry. */
  keep(entry: JobEntry): void {
    if (!this.afterReset) this.save(entry);
  }

  /** The store calls this for each employer's index before a reset empties them all. */
  keepAll(index: JobIndex): void {
    if (!this.indexes.includes(index)) return;
    for (const entry of index.byId.values()) this.save(entry);
    this.afterReset = true;
  }

  private save(entry: JobEntry): void {
    const id = entry.id;
    if (id < this.nextId && !this.read.has(id) && !this.before.has(id)) this.before.set(id, entry.job);
  }

  /** The jobs as they were, each once: employer by employer in insertion order (id order), then those removed since. Ends the snapshot when done. */
  *jobs(): Generator<StoredJob> {
    try {
      for (const index of this.indexes) {
        for (const entry of index.byId.values()) {
          if (this.afterReset) break;
          const id = entry.id;
          if (id >= this.nextId) continue;
          const job = this.before.get(id) ?? entry.job;
          this.before.delete(id);
          this.read.add(id);
          yield job;
        }
      }
      yield* this.before.values();
    } finally {
      this.end();
    }
  }

  /** Stops the store feeding this snapshot (reading it to the end does this too). */
  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.done(this);
  }
}
