/**
 * @module `--data FILE --persist`: the data file plus an append-only change
 * log beside it (`FILE.log`). Every request that changed the state appends one
 * line before its answer goes out (change-log.ts, log-records.ts); at start the
 * data file is loaded and the log replayed. Compaction writes the state as a
 * new data file and empties the log: when the log passes a size, on a clean
 * shutdown and on `POST /__control/compact`. It never holds a request up for
 * more than a log append: the snapshot costs nothing per job (the store keeps
 * a job's old version when it changes before the snapshot has read it), the
 * log is rotated at that instant (later changes go to a new log), and the
 * file is written in small pieces between requests.
 * Rotated logs (`FILE.log.1`, ...) are deleted once the new data file is on
 * the disk; a crash before that leaves them to be replayed again, which is
 * harmless (log-records.ts).
 */
import { existsSync, readdirSync, rmSync, truncateSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ApiError } from '../core/http/api-error.js';
import type { JobsSnapshot } from '../core/jobs/jobs-snapshot.js';
import type { MockCore } from '../core/mock-core.js';
import { DEFAULT_COMPACT_AFTER_BYTES, type FsyncMode } from '../core/mock-options.js';
import { ChangeLog } from './change-log.js';
import { DATA_FILE_TAIL, dataFileHead, loadDataFile, writeFileAtomically } from './data-file.js';
import { encodeRecord, readLog, replayRecords, type LogRecord } from './log-records.js';

export interface PersistenceOptions {
  dataFile: string;
  /** When an answer waits for its change to reach the disk; default `always`. */
  fsync?: FsyncMode;
  /** Compact once the log passes this many bytes; default DEFAULT_COMPACT_AFTER_BYTES. */
  compactAfterBytes?: number;
  /** Where warnings go (a torn last log line, a failed background compaction); default stderr. */
  warn?: (message: string) => void;
  /** Flushes a file to the disk; default fdatasync (tests count calls through it). */
  flush?: (fd: number) => Promise<void>;
}

export interface CompactionSummary {
  /** Jobs written to the data file. */
  jobs: number;
  /** Size of the new data file. */
  bytes: number;
  /** The log's size when it was rotated. */
  logBytes: number;
  /** From the snapshot to the new data file on the disk. */
  ms: number;
}

const defaultWarn = (message: string): void => void process.stderr.write(`jobs-mock: ${message}\n`);

/** Rotated logs beside the data file (`FILE.log.1`, `FILE.log.2`, ...), oldest first. */
function rotatedLogs(dataFile: string): Array<{ path: string; n: number }> {
  const dir = dirname(dataFile);
  const prefix = `${basename(dataFile)}.log.`;
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.startsWith(prefix) && /^\d+$/.test(name.slice(prefix.length)))
    .map((name) => ({ path: join(dir, name), n: Number(name.slice(prefix.length)) }))
    .sort((a, b) => a.n - b.n);
}

/** Temp files of data file writes a crash interrupted (`FILE.<pid>.tmp`). */
function removeStaleTempFiles(dataFile: string): void {
  const dir = dirname(dataFile);
  const prefix = `${basename(dataFile)}.`;
  for (const name of readdirSync(dir)) {
    if (name.startsWith(prefix) && /^\d+\.tmp$/.test(name.slice(prefix.length))) rmSync(join(dir, name), { force: true });
  }
}

/**
 * Loads the data file and replays its logs into the core (a fresh one:
 * no jobs yet), without writing anything. Returns what was read.
 */
export function loadPersistedState(core: MockCore, dataFile: string, warn: (message: string) => void = defaultWarn) {
  const file = loadDataFile(dataFile);
  const logs = [...rotatedLogs(dataFile).map((log) => log.path), `${dataFile}.log`];
  const records: LogRecord[] = [];
  const readings = logs.map((path) => {
    const reading = readLog(path);
    if (reading.torn) warn(reading.torn);
    // Not push(...records): a log of millions of small records would overflow the call stack at start-up.
    for (const record of reading.records) records.push(record);
    return { path, ...reading };
  });
  const state = replayRecords(file, records);
  if (state.reset) core.store.clearAll();
  if (state.employers) core.addEmployers(state.employers);
  core.restoreJobs([...state.jobs.values()]);
  if (state.nextId !== undefined) core.store.reserveIdsBelow(state.nextId);
  return { readings, records: records.length };
}

/**
 * @example
 * const persistence = await Persistence.open(core, { dataFile: 'jobs.json' }); // subscribes to core.onChange
 * const dispatch = createDispatcher(core, options); // each answer waits for its change's line in the log
 * await persistence.close(); // compacts
 */
export class Persistence {
  private readonly log: ChangeLog;
  private readonly mode: FsyncMode;
  private readonly compactAfter: number;
  private readonly warn: (message: string) => void;
  /** Rotated logs not yet covered by a data file on the disk. */
  private rotated: string[];
  private generation: number;
  private compaction: Promise<CompactionSummary> | undefined;
  private closed = false;
  private readonly unsubscribe: () => void;

  private constructor(
    private readonly core: MockCore,
    private readonly dataFile: string,
    options: PersistenceOptions,
  ) {
    this.mode = options.fsync ?? 'always';
    this.compactAfter = options.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES;
    this.warn = options.warn ?? defaultWarn;
    removeStaleTempFiles(dataFile);
    const { readings } = loadPersistedState(core, dataFile, this.warn);
    const current = readings.at(-1)!;
    // Appends must follow the last whole record: cut a torn tail off.
    if (current.validBytes < current.bytes) truncateSync(current.path, current.validBytes);
    this.rotated = readings.slice(0, -1).map((r) => r.path);
    this.generation = rotatedLogs(dataFile).at(-1)?.n ?? 0;
    this.log = ChangeLog.open(`${dataFile}.log`, { mode: this.mode, flush: options.flush });
    core.store.trackChanges();
    core.compactor = () => this.compact();
    // Every change reaches the log through the core's change events: a request's before its answer goes out, a programmatic one at once.
    this.unsubscribe = core.onChange((source) => (source === 'request' ? this.settle() : this.record()));
  }

  /**
   * Loads and replays, opens the log, and writes the data file when there is
   * none yet. Rotated logs left by a crash, or a log past its size, are
   * compacted in the background while the mock serves.
   */
  static async open(core: MockCore, options: PersistenceOptions): Promise<Persistence> {
    const persistence = new Persistence(core, options.dataFile, options);
    if (!existsSync(options.dataFile)) await persistence.compact();
    else if (persistence.rotated.length > 0 || persistence.log.bytes >= persistence.compactAfter) persistence.compactInBackground();
    return persistence;
  }

  private compactInBackground(): void {
    this.compact().catch((error: unknown) => this.warn(`compaction failed: ${(error as Error).message}`));
  }

  /**
   * After every request: appends the record of what it changed, if anything.
   * Under `always` the answer then waits for a flush that covers every line
   * appended so far, its own and those of the requests before it, so no answer
   * shows a change that a crash could still lose.
   */
  settle(): void | Promise<void> {
    if (this.appendPending()) {
      if (this.log.bytes >= this.compactAfter && !this.compaction && !this.closed) this.compactInBackground();
    }
    if (this.mode !== 'always') return undefined;
    return this.log.whenDurable()?.catch((cause: unknown) => {
      throw new ApiError(500, 'persistence_failed', 'The mock could not write the change to its data file log', [], { cause });
    });
  }

  /** For changes made outside a request (the programmatic API): logged now, flushed in the background. */
  record(): void {
    const failed = (error: unknown): void => this.warn(`could not log a change: ${(error as Error).message}`);
    if (this.closed) return failed(new Error('the mock is closed'));
    try {
      this.settle()?.catch(failed);
    } catch (error) {
      failed(error);
    }
  }

  /** Logs the changes made since the last record, if any; true if it did. */
  private appendPending(): boolean {
    const changes = this.core.store.takeChanges();
    if (!changes) return false;
    const store = this.core.store;
    try {
      this.log.append(
        encodeRecord(
          changes,
          store.nextJobId,
          (entry) => this.core.jobJson(entry),
          () => store.employerConfigs(),
        ),
      );
    } catch (cause) {
      throw new ApiError(500, 'persistence_failed', 'The mock could not append the change to its data file log', [], { cause });
    }
    return true;
  }

  /** Writes the state as a new data file and empties the log; one at a time (a second waits for the first, then runs). */
  compact(): Promise<CompactionSummary> {
    const previous = this.compaction?.catch(() => undefined);
    const run = (previous ?? Promise.resolve()).then(() => this.compactNow());
    this.compaction = run;
    const clear = (): void => {
      if (this.compaction === run) this.compaction = undefined;
    };
    run.then(clear, clear);
    return run;
  }

  private async compactNow(): Promise<CompactionSummary> {
    const started = performance.now();
    // The instant of the snapshot: everything up to here is in the snapshot and the rotated log, everything after in the new log.
    this.core.store.refreshDue();
    this.appendPending();
    const snapshot = this.core.jobsSnapshot();
    const logBytes = this.log.bytes;
    const rotatedTo = `${this.dataFile}.log.${++this.generation}`;
    this.log.rotate(rotatedTo);
    this.rotated.push(rotatedTo);
    const covered = [...this.rotated];
    let bytes: number;
    try {
      bytes = await writeFileAtomically(this.dataFile, dataFilePieces(snapshot));
    } finally {
      snapshot.end();
    }
    for (const path of covered) await rm(path, { force: true });
    this.rotated = this.rotated.filter((path) => !covered.includes(path));
    return { jobs: snapshot.size, bytes, logBytes, ms: performance.now() - started };
  }

  /** A clean shutdown: the last changes, then a compaction; the log is left empty. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.appendPending();
    try {
      await this.compact();
    } finally {
      this.unsubscribe();
      this.core.compactor = undefined;
      await this.log.close();
    }
  }
}

/** The data file's text in pieces: head, jobs, tail. */
function* dataFilePieces(snapshot: JobsSnapshot): Generator<string> {
  yield dataFileHead(snapshot.nextId, snapshot.employers);
  let first = true;
  for (const json of snapshot.jobsJson()) {
    yield first ? json : `,${json}`;
    first = false;
  }
  yield DATA_FILE_TAIL;
}
