/**
 * @module The append-only change log file with group commit. Each append is
 * one write(2) of a whole line, made before the answer goes out, so the line
 * is in the operating system's hands even if the process is killed the next
 * instant. Flushing to the disk (fdatasync) is shared: appends that arrive
 * while a flush is in flight wait for the next one, which covers them all, so
 * concurrent requests do not pay one flush each.
 */
import { close, closeSync, fdatasync, fstatSync, openSync, renameSync, writeSync } from 'node:fs';
import { promisify } from 'node:util';
import type { FsyncMode } from '../core/mock-options.js';
import { syncDirectory } from './data-file.js';

// Read and checked with the other options (mock/core/mock-options.ts).
export { FSYNC_MODES, type FsyncMode } from '../core/mock-options.js';

export interface ChangeLogOptions {
  mode: FsyncMode;
  /** Flushes a file to the disk; default fdatasync (tests count calls through it). */
  flush?: (fd: number) => Promise<void>;
  /** Under `batch`: how soon after a write the flush starts; default 100 ms. */
  batchMs?: number;
}

interface Waiter {
  upTo: number;
  resolve: () => void;
  reject: (error: unknown) => void;
}

const closeFd = promisify(close);

/**
 * @example
 * const log = ChangeLog.open('jobs.json.log', { mode: 'always' });
 * log.append('{"n":2,"put":[...]}\n');
 * await log.whenDurable();
 */
export class ChangeLog {
  /** Bytes in the current file. */
  bytes: number;
  private appended = 0;
  private durable = 0;
  private flushing: Promise<void> | undefined;
  /** After a rotation: the old file's flush and the directory's, which the next flush waits for. */
  private barrier: Promise<void> | undefined;
  private waiters: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  private readonly flush: (fd: number) => Promise<void>;

  private constructor(
    readonly path: string,
    private fd: number,
    private readonly options: ChangeLogOptions,
  ) {
    this.bytes = fstatSync(fd).size;
    this.flush = options.flush ?? promisify(fdatasync);
  }

  /** Opens (or creates) the log for appending. */
  static open(path: string, options: ChangeLogOptions): ChangeLog {
    return new ChangeLog(path, openSync(path, 'a'), options);
  }

  /** Writes one whole line (one write unless the system takes it in parts); throws when the write fails. */
  append(line: string): void {
    const buffer = Buffer.from(line);
    for (let done = 0; done < buffer.length;) done += writeSync(this.fd, buffer, done);
    this.bytes += buffer.length;
    this.appended++;
    if (this.options.mode === 'batch' && !this.timer) {
      this.timer = setTimeout(() => {
        this.timer = undefined;
        this.whenDurable()?.catch(() => undefined); // a failed background flush is retried with the next one
      }, this.options.batchMs ?? 100);
      this.timer.unref();
    }
  }

  /** Settles once every line appended so far is on the disk; undefined when it already is. */
  whenDurable(): Promise<void> | undefined {
    if (this.durable >= this.appended) return undefined;
    return new Promise((resolve, reject) => {
      this.waiters.push({ upTo: this.appended, resolve, reject });
      this.startFlush();
    });
  }

  /** One flush at a time; whoever arrives meanwhile waits for the next, which covers everything appended until it starts. */
  private startFlush(): void {
    if (this.flushing) return;
    const upTo = this.appended;
    const fd = this.fd;
    const barrier = this.barrier;
    this.barrier = undefined;
    const flushing = (async () => {
      if (barrier) await barrier;
      await this.flush(fd);
    })();
    this.flushing = flushing
      .then(
        () => {
          this.durable = Math.max(this.durable, upTo);
          this.settleWaiters(upTo);
        },
        (error: unknown) => this.settleWaiters(upTo, error),
      )
      .finally(() => {
        this.flushing = undefined;
        if (this.waiters.length > 0) this.startFlush();
      });
  }

  private settleWaiters(upTo: number, error?: unknown): void {
    const done = this.waiters.filter((w) => w.upTo <= upTo);
    this.waiters = this.waiters.filter((w) => w.upTo > upTo);
    for (const waiter of done) {
      if (error === undefined) waiter.resolve();
      else waiter.reject(error);
    }
  }

  /**
   * Renames the current file to `to` and goes on in a new, empty file at the
   * same path: the lines before this instant are in `to`, the later ones in the
   * new file. Two quick metadata calls; the old file's flush and the
   * directory's run in the background, and the next flush waits for them.
   */
  rotate(to: string): void {
    renameSync(this.path, to);
    const old = this.fd;
    this.fd = openSync(this.path, 'a');
    this.bytes = 0;
    const inFlight = this.flushing ?? Promise.resolve();
    const oldFlushed = inFlight.then(() => this.flush(old)).finally(() => closeFd(old));
    const barrier = Promise.all([this.barrier, oldFlushed, syncDirectory(this.path)]).then(() => undefined);
    barrier.catch(() => undefined); // awaited by the next flush; no unhandled rejection when none comes
    this.barrier = barrier;
  }

  /** Flushes what is left (unless `off`) and closes the file. */
  async close(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    if (this.options.mode !== 'off') await this.whenDurable();
    await this.flushing;
    if (this.barrier) await this.barrier;
    closeSync(this.fd);
  }
}
