import { appendFileSync, copyFileSync, existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../../schemas/time-units.js';
import { MockCore } from '../core/mock-core.js';
import { loadPersistedState } from './persistence.js';
import { jobBody, persisted, stateOf, tempDir } from './persistence.test-support.js';

/** The state a fresh core gets from the files (read only, as `--data` without `--persist`). */
function reloaded(dataFile: string, now = '2026-01-05T10:00:00Z') {
  const core = new MockCore();
  core.setClock(now);
  const warnings: string[] = [];
  loadPersistedState(core, dataFile, (message) => warnings.push(message));
  return { state: stateOf(core), warnings };
}

const lines = (path: string) => readFileSync(path, 'utf8').split('\n').filter(Boolean);

describe('Persistence', () => {
  it('replays every kind of change: create, update, create-or-update, delete (by id and by referenceId), seed, reset, employers, auto-refresh', async () => {
    using dir = tempDir();
    const dataFile = join(dir.path, 'jobs.json');
    const mock = await persisted(dataFile);
    const { send } = mock;
    expect((await send('POST', '/api/v1.1/jobs', jobBody(1))).status).toBe(201);
    await send('POST', '/__control/reset');
    const a = (await send('POST', '/api/v1.1/jobs', jobBody(2, { autoRefresh: true }))).json;
    const b = (await send('POST', '/api/v1.1/jobs', jobBody(3))).json;
    expect((await send('PUT', `/api/v1.1/jobs/${b.id}`, { title: 'Renamed', salary: { amount: 10.5, period: { id: 2 } } })).status).toBe(
      200,
    );
    expect((await send('PUT', '/api/v1.1/jobs', { referenceId: 'ref-9', ...jobBody(9) })).status).toBe(201);
    expect((await send('PUT', '/api/v1.1/jobs', { referenceId: 'ref-9', status: 'archived' })).status).toBe(200);
    expect((await send('DELETE', '/api/v1.1/jobs', { referenceId: 'ref-9' })).status).toBe(204);
    expect((await send('POST', '/__control/employers', [{ id: 7, name: 'Seven', apiKey: 'k7', plan: 'unlimited' }])).status).toBe(200);
    expect((await send('POST', '/__control/jobs', { employerId: 7, jobs: [jobBody(20), jobBody(21)] })).status).toBe(201);
    const last = (await send('POST', '/api/v1.1/jobs', jobBody(30))).json;
    expect((await send('DELETE', `/api/v1.1/jobs/${last.id}`)).status).toBe(204);
    // Auto-refresh: eight days on, the next read republishes job a, and that change is logged too.
    mock.core.advanceClock(8 * DAY_MS);
    const refreshed = (await send('GET', `/api/v1.1/jobs/${a.id}`)).json;
    expect(refreshed.publishDate).not.toBe(a.publishDate);
    const before = stateOf(mock.core);
    expect(lines(`${dataFile}.log`)).toHaveLength(13); // one line per request that changed something

    const after = reloaded(dataFile);
    expect(after.state).toEqual(before);
    expect(after.warnings).toEqual([]);
    // The last job's id is not handed out again.
    expect(after.state.nextId).toBe(last.id + 1);
    await mock.persistence.close();
  });

  it('a torn last line is left out with a warning and cut off, and appending goes on after the last whole record', async () => {
    using dir = tempDir();
    const dataFile = join(dir.path, 'jobs.json');
    const first = await persisted(dataFile);
    const kept = (await first.send('POST', '/api/v1.1/jobs', jobBody(1))).json;
    appendFileSync(`${dataFile}.log`, '{"n":3,"put":[{"id":2,"title":"half'); // a crash mid-append
    const warnings: string[] = [];
    const second = await persisted(dataFile, { warn: (message) => warnings.push(message) });
    expect(warnings).toEqual([expect.stringMatching(/unfinished change record, left out/)]);
    expect(second.core.snapshot().jobs).toEqual([kept]);
    const next = (await second.send('POST', '/api/v1.1/jobs', jobBody(2))).json;
    expect(next.id).toBe(2);
    expect(reloaded(dataFile).state.jobs).toEqual([kept, next]);
    expect(reloaded(dataFile).warnings).toEqual([]);
    await first.persistence.close();
    await second.persistence.close();
  });

  it('compaction while requests keep coming: every answered change is kept, later ones land in the new log, the rotated log goes', async () => {
    using dir = tempDir();
    const dataFile = join(dir.path, 'jobs.json');
    const mock = await persisted(dataFile, { fsync: 'batch' });
    await mock.send('POST', '/__control/jobs', { employerId: 101, jobs: Array.from({ length: 2000 }, (_, i) => jobBody(i)) });
    let answered = 0;
    let stop = false;
    const load = (async () => {
      for (let i = 10_000; !stop; i++) {
        await new Promise((resolve) => setImmediate(resolve)); // requests arrive as I/O does, between other callbacks
        const res = await mock.send('POST', '/api/v1.1/jobs', jobBody(i));
        if (res.status === 201) answered++;
        if (i % 3 === 0) await mock.send('DELETE', `/api/v1.1/jobs/${res.json.id - 1}`);
      }
    })();
    const summary = await mock.persistence.compact();
    stop = true;
    await load;
    expect(summary.jobs).toBeGreaterThanOrEqual(2000);
    expect(answered).toBeGreaterThan(0);
    // The data file holds the snapshot; changes after it are in the new log only.
    const file = JSON.parse(readFileSync(dataFile, 'utf8'));
    expect(file.jobs).toHaveLength(summary.jobs);
    expect(lines(`${dataFile}.log`).length).toBeGreaterThan(0);
    expect(readdirSync(dir.path).filter((name) => /\.log\.\d+$/.test(name))).toEqual([]);
    expect(reloaded(dataFile).state).toEqual(stateOf(mock.core));
    await mock.persistence.close();
  });

  it('a crash between writing the new data file and deleting the rotated log loses nothing (the rotated log is replayed again)', async () => {
    using dir = tempDir();
    const dataFile = join(dir.path, 'jobs.json');
    const mock = await persisted(dataFile);
    for (let i = 0; i < 5; i++) await mock.send('POST', '/api/v1.1/jobs', jobBody(i));
    await mock.send('DELETE', '/api/v1.1/jobs/2');
    await mock.send('POST', '/__control/reset');
    await mock.send('POST', '/api/v1.1/jobs', jobBody(7));
    const saved = join(dir.path, 'saved.log');
    copyFileSync(`${dataFile}.log`, saved);
    await mock.persistence.compact();
    await mock.send('PUT', '/api/v1.1/jobs/1', { title: 'After compaction' });
    // As if the crash came before the rotated log was deleted: it sits beside the new data file.
    copyFileSync(saved, `${dataFile}.log.1`);
    expect(reloaded(dataFile).state).toEqual(stateOf(mock.core));
    // The next start compacts it away in the background.
    const next = await persisted(dataFile);
    await next.persistence.compact();
    expect(existsSync(`${dataFile}.log.1`)).toBe(false);
    expect(stateOf(next.core)).toEqual(stateOf(mock.core));
    await mock.persistence.close();
    await next.persistence.close();
  });

  it('under always, no answer (a read included) shows a change before it is on the disk; concurrent changes share a flush', async () => {
    using dir = tempDir();
    const dataFile = join(dir.path, 'jobs.json');
    const pending: Array<() => void> = [];
    let flushes = 0;
    let holding = false;
    const flush = async () => {
      flushes++;
      if (holding) await new Promise<void>((resolve) => pending.push(resolve));
    };
    const mock = await persisted(dataFile, { flush });
    holding = true;
    const answered: string[] = [];
    const post = mock.send('POST', '/api/v1.1/jobs', jobBody(1)).then(() => answered.push('post'));
    const read = mock.send('GET', '/api/v1.1/jobs').then((res) => answered.push(`get ${res.json.paging.total}`));
    const more = [2, 3, 4].map((i) => mock.send('POST', '/api/v1.1/jobs', jobBody(i)).then(() => answered.push(`post ${i}`)));
    // Until the first flush is under way (on a loaded machine the writes' awaits may take more than one turn).
    while (pending.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(answered).toEqual([]); // the read sees job 1, so it waits for job 1's flush
    const before = flushes;
    pending.shift()!();
    await Promise.all([post, read]);
    expect(answered.slice(0, 2)).toEqual(['post', 'get 1']);
    holding = false;
    pending.shift()?.();
    await Promise.all(more);
    expect(flushes - before).toBeLessThanOrEqual(1); // posts 2-4 came during the first flush: one more flush covers them
    await mock.persistence.close();
  });

  it('ids are never reused: the last job deleted, a clean shutdown, a restart', async () => {
    using dir = tempDir();
    const dataFile = join(dir.path, 'jobs.json');
    const first = await persisted(dataFile);
    const a = (await first.send('POST', '/api/v1.1/jobs', jobBody(1))).json;
    await first.send('DELETE', `/api/v1.1/jobs/${a.id}`);
    await first.persistence.close();
    expect(JSON.parse(readFileSync(dataFile, 'utf8'))).toEqual({ version: 1, nextId: a.id + 1, jobs: [] });
    const second = await persisted(dataFile);
    expect((await second.send('POST', '/api/v1.1/jobs', jobBody(2))).json.id).toBe(a.id + 1);
    await second.persistence.close();
  });

  it('replays a log of hundreds of thousands of records at start-up (no call-stack limit on how many)', async () => {
    using dir = tempDir();
    const dataFile = join(dir.path, 'jobs.json');
    const mock = await persisted(dataFile);
    const kept = (await mock.send('POST', '/api/v1.1/jobs', jobBody(1))).json;
    await mock.persistence.close();
    // Small delete-only records, as a long session of creates and deletes leaves before compaction.
    const first = lines(`${dataFile}.log`).length + 1;
    let text = '';
    for (let n = first; n < first + 300_000; n++) text += `{"n":${n},"del":[${kept.id + 1}]}\n`;
    appendFileSync(`${dataFile}.log`, text);
    const after = reloaded(dataFile);
    expect(after.warnings).toEqual([]);
    expect(after.state.jobs.map((job: { id: number }) => job.id)).toEqual([kept.id]);
  });
});
