/**
 * @module The data file (`--data FILE`): jobs as the API returns them, loaded
 * at start and, with `--persist`, rewritten after every change. Each write
 * goes to a temporary file that is flushed and renamed over the old one, so a
 * crash leaves either the old or the new file, never a torn one.
 */
import { closeSync, existsSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { MockConfigError } from './core/mock-config-error.js';

export interface DataFile {
  version: 1;
  /** The next job id, so that ids of deleted jobs are never reused. */
  nextId?: number;
  jobs: unknown[];
}

/** The file's content; an absent file is an empty store. */
export function loadDataFile(path: string): DataFile {
  if (!existsSync(path)) return { version: 1, jobs: [] };
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (cause) {
    throw new MockConfigError('invalid_data_file', `${path} is not valid JSON`, { cause });
  }
  const file = parsed as Partial<DataFile> | null;
  if (!Array.isArray(file?.jobs)) throw new MockConfigError('invalid_data_file', `${path} must be {"version": 1, "jobs": [...]}`);
  const nextId = Number.isInteger(file.nextId) ? file.nextId : undefined;
  return { version: 1, nextId, jobs: file.jobs };
}

/**
 * Writes `{"version":1,"nextId":N,"jobs":<jobsJson>}` atomically (temp file, fsync, rename).
 *
 * @example
 * saveDataFile('jobs.json', core.jobsJson(), core.store.nextJobId);
 */
export function saveDataFile(path: string, jobsJson: string, nextId: number): void {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    writeSync(fd, `{"version":1,"nextId":${nextId},"jobs":${jobsJson}}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, path);
}
