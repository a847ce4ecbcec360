/**
 * @module The data file (`--data FILE`): `{"version":1,"nextId":N,"jobs":[...]}`
 * with the jobs as the API returns them, plus, when employers were added at
 * run time, `"employers":[...]` (their jobs need them). Loaded at start;
 * under `--persist` rewritten by compaction, atomically: a temporary file is
 * written, flushed and renamed over the old one, then the directory is
 * flushed, so a crash leaves either the old or the new file, never a torn one.
 */
import { existsSync, readFileSync } from 'node:fs';
import { open, rename, rm, type FileHandle } from 'node:fs/promises';
import { dirname } from 'node:path';
import { MockConfigError } from '../core/mock-config-error.js';
import type { EmployerConfig } from '../store/stored-job.js';

export interface DataFile {
  version: 1;
  /** The next job id, so that ids of deleted jobs are never reused. */
  nextId?: number;
  /** Employers added or changed at run time (checked when the mock adds them). */
  employers?: EmployerConfig[];
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
  if (file.employers !== undefined && !Array.isArray(file.employers))
    throw new MockConfigError('invalid_data_file', `${path}: employers must be an array`);
  return { version: 1, nextId, employers: file.employers, jobs: file.jobs };
}

/** The text before the jobs: `{"version":1,"nextId":N,"jobs":[` (with the employers when there are any). */
export function dataFileHead(nextId: number, employers: readonly EmployerConfig[]): string {
  const extra = employers.length > 0 ? `,"employers":${JSON.stringify(employers)}` : '';
  return `{"version":1,"nextId":${nextId}${extra},"jobs":[`;
}

/** The closing text after the jobs. */
export const DATA_FILE_TAIL = ']}\n';

/** Flushes the directory of `path`, so that a rename or a new file in it survives a power loss. */
export async function syncDirectory(path: string): Promise<void> {
  if (process.platform === 'win32') return; // a directory cannot be opened for fsync there; NTFS journals renames itself
  const handle = await open(dirname(path), 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function writeAll(handle: FileHandle, text: string): Promise<number> {
  await handle.writeFile(text); // writes it all (a plain write may write a part)
  return Buffer.byteLength(text);
}

/**
 * Writes `path` atomically from text pieces: temp file, fsync, rename, fsync
 * of the directory. Pieces are gathered into writes of about `chunkBytes`
 * (128 KiB: about 120 jobs, a millisecond or so of serializing); each write is
 * awaited, so the event loop serves requests between them. Returns the bytes written.
 *
 * @example
 * await writeFileAtomically('jobs.json', pieces());
 */
export async function writeFileAtomically(
  path: string,
  pieces: AsyncIterable<string> | Iterable<string>,
  chunkBytes = 128 * 1024,
): Promise<number> {
  const temp = `${path}.${process.pid}.tmp`;
  const handle = await open(temp, 'w');
  let bytes = 0;
  try {
    let chunk: string[] = [];
    let size = 0;
    for await (const piece of pieces) {
      chunk.push(piece);
      size += piece.length;
      if (size < chunkBytes) continue;
      bytes += await writeAll(handle, chunk.join(''));
      chunk = [];
      size = 0;
    }
    if (chunk.length > 0) bytes += await writeAll(handle, chunk.join(''));
    await handle.sync();
  } catch (error) {
    await handle.close().catch(() => undefined);
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  await rename(temp, path);
  await syncDirectory(path);
  return bytes;
}
