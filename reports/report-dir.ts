/**
 * @module The report directory: created one level at a time and proven
 * writable before a run starts, and every file operation bounded in time.
 * Node 20's `mkdir(dir, { recursive: true })` never settles (and spins a
 * core) for some unwritable paths such as `/proc/nope`, so it is not used;
 * a write to a FIFO nobody reads would block forever, hence the time bound.
 */
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { ReportError } from './report-error.js';

/** How long creating the directory, or writing all reports, may take. */
export const DEFAULT_WRITE_TIMEOUT_MS = 30_000;

/**
 * Resolves to `work`'s value, or rejects with REPORT_WRITE_TIMEOUT after `ms`.
 * The pending operation is abandoned (the CLI exits right after).
 */
export async function withinTime<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new ReportError('REPORT_WRITE_TIMEOUT', `${what} did not finish within ${ms} ms`, { context: { ms } })),
      ms,
    );
    timer.unref();
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function kindOf(path: string): Promise<'dir' | 'other' | 'missing'> {
  try {
    return (await stat(path)).isDirectory() ? 'dir' : 'other';
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
}

/** mkdir -p without the recursive flag: the missing levels, top down. */
async function makeDirs(dir: string): Promise<void> {
  const missing: string[] = [];
  let path = resolve(dir);
  for (;;) {
    const kind = await kindOf(path);
    if (kind === 'dir') break;
    if (kind === 'other') throw new Error(`${path} is not a directory`);
    missing.unshift(path);
    const parent = dirname(path);
    if (parent === path) break;
    path = parent;
  }
  for (const level of missing) {
    await mkdir(level).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error;
    });
  }
}

/** Creates `dir` if needed (bounded in time); used by writeReports. */
export async function createReportDir(dir: string, timeoutMs = DEFAULT_WRITE_TIMEOUT_MS): Promise<void> {
  await withinTime(makeDirs(dir), timeoutMs, `creating ${dir}`);
}

/**
 * Creates the report directory and writes and removes a probe file in it, so
 * an unwritable `--report-dir` is refused before anything is sent to the target.
 *
 * @example
 * await prepareReportDir('conformance-report'); // throws REPORT_DIR_UNWRITABLE
 */
export async function prepareReportDir(dir: string, timeoutMs = DEFAULT_WRITE_TIMEOUT_MS): Promise<void> {
  const probe = join(dir, `.jobs-conformance-probe-${process.pid}`);
  const check = async () => {
    await makeDirs(dir);
    await writeFile(probe, '', 'utf8');
    await unlink(probe);
  };
  try {
    await withinTime(check(), timeoutMs, `checking ${dir}`);
  } catch (cause) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new ReportError('REPORT_DIR_UNWRITABLE', `--report-dir ${dir} is not writable: ${reason}`, { cause, context: { dir } });
  }
}
