import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChangeLog } from './change-log.js';
import { tempDir } from './persistence.test-support.js';

/** A flush the test finishes by hand, counting calls. */
function manualFlush() {
  const pending: Array<() => void> = [];
  return {
    calls: 0,
    pending,
    flush(this: { calls: number }, _fd: number): Promise<void> {
      this.calls++;
      return new Promise<void>((resolve) => pending.push(resolve));
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ChangeLog', () => {
  it('group commit: appends that arrive while a flush is in flight share the next flush', async () => {
    using dir = tempDir();
    const flusher = manualFlush();
    const log = ChangeLog.open(join(dir.path, 'x.log'), { mode: 'always', flush: (fd) => flusher.flush.call(flusher, fd) });
    const settled: string[] = [];
    log.append('{"n":1}\n');
    const first = log.whenDurable()!.then(() => settled.push('a'));
    await tick();
    expect(flusher.calls).toBe(1);
    // Three more while the first flush runs: they wait, and no flush starts for them yet.
    const later = ['b', 'c', 'd'].map((name) => {
      log.append(`{"n":1,"del":[1]}\n`);
      return log.whenDurable()!.then(() => settled.push(name));
    });
    await tick();
    expect(flusher.calls).toBe(1);
    expect(settled).toEqual([]);
    flusher.pending.shift()!();
    await first;
    await tick();
    expect(settled).toEqual(['a']);
    expect(flusher.calls).toBe(2); // one flush for b, c and d together
    flusher.pending.shift()!();
    await Promise.all(later);
    expect(settled).toEqual(['a', 'b', 'c', 'd']);
    expect(flusher.calls).toBe(2);
    expect(log.whenDurable()).toBeUndefined(); // nothing left to wait for
    const closing = log.close();
    await closing;
    expect(readFileSync(join(dir.path, 'x.log'), 'utf8').split('\n')).toHaveLength(5);
  });

  it('batch: the line is written at once, the flush follows in the background', async () => {
    using dir = tempDir();
    let calls = 0;
    const log = ChangeLog.open(join(dir.path, 'x.log'), { mode: 'batch', batchMs: 5, flush: async () => void calls++ });
    log.append('{"n":1}\n');
    log.append('{"n":2}\n');
    expect(readFileSync(join(dir.path, 'x.log'), 'utf8')).toBe('{"n":1}\n{"n":2}\n');
    expect(calls).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(calls).toBe(1);
    await log.close();
  });

  it('off: never flushes', async () => {
    using dir = tempDir();
    let calls = 0;
    const log = ChangeLog.open(join(dir.path, 'x.log'), { mode: 'off', flush: async () => void calls++ });
    log.append('{"n":1}\n');
    await log.close();
    expect(calls).toBe(0);
    expect(readFileSync(join(dir.path, 'x.log'), 'utf8')).toBe('{"n":1}\n');
  });

  it('rotate: earlier lines stay in the renamed file, later ones go to a new file; the next flush covers both', async () => {
    using dir = tempDir();
    const flushed: number[] = [];
    const log = ChangeLog.open(join(dir.path, 'x.log'), { mode: 'always', flush: async (fd) => void flushed.push(fd) });
    log.append('{"n":1}\n');
    log.rotate(join(dir.path, 'x.log.1'));
    log.append('{"n":2}\n');
    await log.whenDurable();
    expect(new Set(flushed).size).toBe(2); // the old file's descriptor and the new one's
    expect(readFileSync(join(dir.path, 'x.log.1'), 'utf8')).toBe('{"n":1}\n');
    expect(readFileSync(join(dir.path, 'x.log'), 'utf8')).toBe('{"n":2}\n');
    await log.close();
  });
});
