import { appendFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MockConfigError } from '../core/mock-config-error.js';
import { readLog, replayRecords } from './log-records.js';
import { tempDir } from './persistence.test-support.js';

const job = (id: number, title = `Job ${id}`) => ({ id, title });

describe('readLog', () => {
  it('an unfinished last line (no newline) is left out and described', () => {
    using dir = tempDir();
    const path = join(dir.path, 'x.log');
    writeFileSync(path, '{"n":2,"put":[{"id":1}]}\n{"n":3,"put":[{"id":2,"ti');
    const reading = readLog(path);
    expect(reading.records).toEqual([{ n: 2, put: [{ id: 1 }] }]);
    expect(reading.validBytes).toBe('{"n":2,"put":[{"id":1}]}\n'.length);
    expect(reading.torn).toMatch(/unfinished change record/);
  });

  it('a whole last line that is not a record (zeros after a power loss) is left out too', () => {
    using dir = tempDir();
    const path = join(dir.path, 'x.log');
    writeFileSync(path, '{"n":2,"del":[1]}\n');
    appendFileSync(path, Buffer.concat([Buffer.alloc(12), Buffer.from('\n')]));
    const reading = readLog(path);
    expect(reading.records).toEqual([{ n: 2, del: [1] }]);
    expect(reading.validBytes).toBe(18);
    expect(reading.torn).toMatch(/line 2/);
  });

  it('a bad line before the last is corruption: MockConfigError invalid_data_file', () => {
    using dir = tempDir();
    const path = join(dir.path, 'x.log');
    writeFileSync(path, '{"n":2,"del":[1]}\nnot json\n{"n":3,"del":[2]}\n');
    expect(() => readLog(path)).toThrow(MockConfigError);
    expect(() => readLog(path)).toThrow(/line 2/);
  });

  it('no log is no records', () => {
    using dir = tempDir();
    expect(readLog(join(dir.path, 'none.log'))).toEqual({ records: [], validBytes: 0, bytes: 0 });
  });
});

describe('replayRecords', () => {
  const file = { version: 1 as const, nextId: 5, jobs: [job(1), job(3)] };

  it('the last record of each job wins; deletes remove; nextId only grows between resets', () => {
    const state = replayRecords(file, [
      { n: 6, put: [job(5)] },
      { n: 6, put: [job(1, 'changed')], del: [3] },
      { n: 4, del: [5] },
    ]);
    expect([...state.jobs.values()]).toEqual([job(1, 'changed')]);
    expect(state.nextId).toBe(6);
    expect(state.reset).toBe(false);
  });

  it('a reset empties what came before it, including the next id', () => {
    const employers = [{ id: 101, name: 'A', apiKey: 'k' }];
    const state = replayRecords(file, [
      { n: 1, reset: true, employers },
      { n: 2, put: [job(1, 'after')] },
    ]);
    expect([...state.jobs.values()]).toEqual([job(1, 'after')]);
    expect(state).toMatchObject({ reset: true, nextId: 2, employers });
  });

  it('is idempotent: replaying the records again over their own result changes nothing (compaction relies on it)', () => {
    const records = [
      { n: 6, put: [job(5)] },
      { n: 1, reset: true as const, employers: [] },
      { n: 3, put: [job(1), job(2)] },
      { n: 3, del: [1] },
    ];
    const once = replayRecords(file, records);
    const again = replayRecords({ version: 1, nextId: once.nextId, jobs: [...once.jobs.values()] }, records);
    expect([...again.jobs.entries()]).toEqual([...once.jobs.entries()]);
    expect(again.nextId).toBe(once.nextId);
  });

  it('a data file with one id twice is refused, as before', () => {
    expect(() => replayRecords({ version: 1, jobs: [job(1), job(1)] }, [])).toThrow(/appears twice/);
  });
});
