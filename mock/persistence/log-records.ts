/**
 * @module The change log's records (`FILE.log` beside the data file): one JSON
 * line per acknowledged request that changed the state, written whole or not
 * at all. A record carries the state of what it touched, not the operation:
 * each job created or changed as the API returns it (`put`), the ids of jobs
 * deleted (`del`), a reset (`reset`: every job and employer removed first),
 * the employers after an employer change (`employers`, all of them), and the
 * next job id (`n`). Replaying records is therefore idempotent: replaying a
 * log again over a data file that already holds some of it gives the same
 * state, which is what makes compaction safe at every step.
 */
import { readFileSync } from 'node:fs';
import { MockConfigError } from '../core/mock-config-error.js';
import type { JobEntry, StoreChanges } from '../store/jobs-store.js';
import type { EmployerConfig } from '../store/stored-job.js';
import type { DataFile } from './data-file.js';

export interface LogRecord {
  /** The id the next job gets after this change. */
  n: number;
  /** Every job and employer was removed first (a reset). */
  reset?: true;
  /** The employers after the change, all of them, with their keys (a restart must recreate them). */
  employers?: EmployerConfig[];
  /** Jobs created or changed, as the API returns them. */
  put?: Array<{ id: number }>;
  /** Ids of jobs deleted. */
  del?: number[];
}

/**
 * The record of one request's changes, as one line.
 *
 * @example
 * log.append(encodeRecord(changes, store.nextJobId, (entry) => core.jobJson(entry), () => store.employerConfigs()));
 */
export function encodeRecord(
  changes: StoreChanges,
  nextId: number,
  jobJson: (entry: JobEntry) => string,
  employers: () => EmployerConfig[],
): string {
  let line = `{"n":${nextId}`;
  if (changes.cleared) line += ',"reset":true';
  if (changes.employers) line += `,"employers":${JSON.stringify(employers())}`;
  const put: string[] = [];
  const del: number[] = [];
  for (const [id, entry] of changes.jobs) {
    if (entry) put.push(jobJson(entry));
    else del.push(id);
  }
  if (put.length > 0) line += `,"put":[${put.join(',')}]`;
  if (del.length > 0) line += `,"del":[${del.join(',')}]`;
  return `${line}}\n`;
}

const isId = (x: unknown): x is number => Number.isInteger(x) && (x as number) > 0;

function isRecord(value: unknown): value is LogRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const r = value as Record<string, unknown>;
  return (
    Number.isInteger(r.n) &&
    (r.reset === undefined || r.reset === true) &&
    (r.employers === undefined || Array.isArray(r.employers)) &&
    (r.put === undefined || (Array.isArray(r.put) && r.put.every((job) => isId((job as { id?: unknown } | null)?.id)))) &&
    (r.del === undefined || (Array.isArray(r.del) && r.del.every(isId)))
  );
}

export interface LogReading {
  records: LogRecord[];
  /** Bytes up to the end of the last whole record: where appending may go on. */
  validBytes: number;
  /** The file's size. */
  bytes: number;
  /** Why the bytes after validBytes were left out (a torn last line), when they were. */
  torn?: string;
}

/**
 * Reads a change log. A last line that is unfinished or not a record (a crash
 * mid-append) is left out and described in `torn`; any other bad line throws
 * MockConfigError `invalid_data_file`, since the log cannot be trusted past it.
 */
export function readLog(path: string): LogReading {
  let buffer: Buffer;
  try {
    buffer = readFileSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { records: [], validBytes: 0, bytes: 0 };
    throw error;
  }
  const records: LogRecord[] = [];
  const end = buffer.lastIndexOf(0x0a) + 1; // whole lines end with a newline
  const lines = buffer.toString('utf8', 0, end).split('\n');
  lines.pop(); // the empty string after the last newline
  let validBytes = 0;
  for (const [i, line] of lines.entries()) {
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch {
      record = undefined;
    }
    if (!isRecord(record)) {
      if (i === lines.length - 1 && end === buffer.length) {
        return {
          records,
          validBytes,
          bytes: buffer.length,
          torn: `${path}: its last line (line ${i + 1}) is not a whole change record, left out`,
        };
      }
      throw new MockConfigError('invalid_data_file', `${path}: line ${i + 1} is not a change record`);
    }
    records.push(record);
    validBytes += Buffer.byteLength(line) + 1;
  }
  const torn = end < buffer.length ? `${path}: its last ${buffer.length - end} bytes are an unfinished change record, left out` : undefined;
  return { records, validBytes, bytes: buffer.length, torn };
}

/** The state a data file and the records after it describe, ready to load into a core. */
export interface ReplayedState {
  /** Jobs as the API returns them, by id. */
  jobs: Map<number, unknown>;
  nextId: number | undefined;
  /** The log holds a reset: start from no employers and no jobs. */
  reset: boolean;
  /** The employers to add (or replace): the data file's, or the log's last list. */
  employers: EmployerConfig[] | undefined;
}

/** Applies records to a data file's content: each job's last record wins, a reset empties everything before it. */
export function replayRecords(file: DataFile, records: readonly LogRecord[]): ReplayedState {
  const jobs = new Map<number, unknown>();
  for (const [i, job] of file.jobs.entries()) {
    const id = (job as { id?: unknown } | null)?.id;
    // restoreJobs checks the jobs; here only an id that names one job each is needed
    const key = typeof id === 'number' ? id : -1 - i;
    if (jobs.has(key)) throw new MockConfigError('invalid_data_file', `jobs[${i}]: id ${String(id)} appears twice`);
    jobs.set(key, job);
  }
  const state: ReplayedState = { jobs, nextId: file.nextId, reset: false, employers: file.employers };
  for (const record of records) {
    if (record.reset) {
      jobs.clear();
      state.reset = true;
      state.nextId = record.n;
    } else {
      state.nextId = Math.max(state.nextId ?? 1, record.n);
    }
    if (record.employers) state.employers = record.employers;
    for (const job of record.put ?? []) jobs.set(job.id, job);
    for (const id of record.del ?? []) jobs.delete(id);
  }
  return state;
}
