/**
 * @module `jobs-mock --data FILE --persist`: POST latency and
 * throughput with 1,000 and with 100,000 jobs in the store, both mocks (the
 * real CLI, each its own process) alive at once and measured in alternating
 * blocks, so the ratio comes from one run under the same conditions; then the
 * start-up time with a 100,000-job data file, alone and with a 100,000-line
 * change log beside it.
 *
 * Latencies are timed here, per request, with undici over a keep-alive
 * connection (autocannon reports whole milliseconds, too coarse for a 2x
 * ratio of a few milliseconds).
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { MockCore } from '../../dist/mock/index.js';
import { createDispatcher } from '../../dist/mock/core/routes/dispatch.js';
import { Persistence } from '../../dist/mock/persistence/persistence.js';
import { jobBody } from '../lib/job-bodies.mjs';

const BIN = fileURLToPath(new URL('../../bin/jobs-mock.js', import.meta.url));
export const PERSIST_SIZES = [1_000, 100_000];
const LOG_LINES = 100_000;

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * q))];

/** A data file of `count` jobs for employer 101, written as compaction writes it. */
function writeDataFile(path, count) {
  const core = new MockCore();
  const start = Date.now() - 1000;
  for (let done = 0; done < count; done += 1000) {
    const batch = [];
    for (let i = done; i < Math.min(count, done + 1000); i++) {
      batch.push({
        ...jobBody(i, { referenceId: `bench-${String(i).padStart(6, '0')}` }),
        publishDate: new Date(start - ((i * 7919) % count) * 60_000).toISOString(),
      });
    }
    core.seedJobs(101, batch);
  }
  writeFileSync(path, `{"version":1,"nextId":${core.store.nextJobId},"jobs":${core.jobsJson()}}\n`);
}

/** Appends `lines` change records to the file's log through the real persistence: half creates, 30% updates, 20% deletes. */
async function writeChangeLog(dataFile, lines) {
  const core = new MockCore();
  // Opened for its subscription to the core's change events; never closed (see the end).
  await Persistence.open(core, { dataFile, fsync: 'off', compactAfterBytes: Number.MAX_SAFE_INTEGER });
  const dispatch = createDispatcher(core);
  const ids = core.store.allEntries().map((entry) => entry.id);
  const send = (method, path, body) =>
    dispatch({
      method,
      path,
      query: new URLSearchParams(),
      headers: { 'api-key': 'demo-key-1', 'content-type': 'application/json' },
      body: body && Buffer.from(JSON.stringify(body)),
      baseUrl: 'http://bench',
    });
  for (let i = 0; i < lines; i++) {
    const roll = i % 10;
    if (roll < 5 || ids.length === 0) {
      ids.push(JSON.parse((await send('POST', '/api/v1.1/jobs', jobBody(i))).body).id);
    } else if (roll < 8) {
      await send('PUT', `/api/v1.1/jobs/${ids[(i * 7919) % ids.length]}`, {
        title: `Updated ${i}`,
        salary: { amount: 40000 + i, period: { id: 1 } },
      });
    } else {
      const at = (i * 104729) % ids.length;
      await send('DELETE', `/api/v1.1/jobs/${ids[at]}`);
      ids[at] = ids.at(-1);
      ids.pop();
    }
  }
  // No close(): that would compact the log away. The process ends with the file written (fsync off).
  return { jobs: core.store.allEntries().length };
}

/** A process's CPU time so far (user + system, ms) from /proc on Linux; undefined elsewhere. */
function cpuMsOf(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in clock ticks of 10 ms
  } catch {
    return undefined;
  }
}

/** Starts the CLI; resolves once it prints its start line, with the time that took (wall and the process's CPU). */
function startCli(args) {
  const started = performance.now();
  const child = spawn(process.execPath, [BIN, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match) resolve({ child, url: match[1], startMs: performance.now() - started, startCpuMs: cpuMsOf(child.pid) });
    });
    child.stderr.on('data', (chunk) => (err += chunk));
    child.once('exit', (code) => reject(new Error(`jobs-mock exited ${code}: ${err}`)));
  });
}

function stopCli(child) {
  if (child.exitCode !== null) return Promise.resolve();
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return exited.finally(() => clearTimeout(timer));
}

const POST_BODY = JSON.stringify(jobBody(3));

/** `count` POSTs from `clients` concurrent clients; each latency in ms and the elapsed time. */
async function posts(pool, clients, count) {
  const latencies = [];
  let left = count;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (left-- > 0) {
        const t = performance.now();
        const res = await pool.request({
          method: 'POST',
          path: '/api/v1.1/jobs',
          headers: { 'api-key': 'demo-key-1', 'content-type': 'application/json' },
          body: POST_BODY,
        });
        await res.body.dump();
        if (res.statusCode !== 201) throw new Error(`POST: HTTP ${res.statusCode}`);
        latencies.push(performance.now() - t);
      }
    }),
  );
  return { latencies, ms: performance.now() - started };
}

function summary({ latencies, ms }) {
  return { requests: latencies.length, p50: median(latencies), p99: quantile(latencies, 0.99), rps: latencies.length / (ms / 1000) };
}

/** Both sizes measured in alternating blocks; the figures pool each size's blocks. */
async function postLatency(mocks, { clients, blockRequests, blocks }) {
  const pools = mocks.map((mock) => new Pool(mock.url, { connections: clients }));
  try {
    for (const pool of pools) await posts(pool, clients, 100); // warm-up
    const gathered = mocks.map(() => ({ latencies: [], ms: 0 }));
    for (let b = 0; b < blocks; b++) {
      for (const [i, pool] of pools.entries()) {
        const block = await posts(pool, clients, blockRequests);
        gathered[i].latencies.push(...block.latencies);
        gathered[i].ms += block.ms;
      }
    }
    return gathered.map(summary);
  } finally {
    await Promise.all(pools.map((pool) => pool.close()));
  }
}

/** POST latency while a compaction of the large store runs (started by POST /__control/compact). */
async function duringCompaction(mock, clients) {
  const pool = new Pool(mock.url, { connections: clients + 1 });
  try {
    const compaction = pool.request({ method: 'POST', path: '/__control/compact' }).then(async (res) => res.body.json());
    const gathered = { latencies: [], ms: 0 };
    let done = false;
    compaction.finally(() => (done = true));
    const started = performance.now();
    while (!done) gathered.latencies.push(...(await posts(pool, clients, clients * 10)).latencies);
    gathered.ms = performance.now() - started;
    return { ...summary(gathered), max: Math.max(...gathered.latencies), compaction: await compaction };
  } finally {
    await pool.close();
  }
}

export async function persist({ quick = false } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'jobs-bench-persist-'));
  const mocks = [];
  try {
    const files = PERSIST_SIZES.map((size) => join(dir, `jobs-${size}.json`));
    for (const [i, size] of PERSIST_SIZES.entries()) writeDataFile(files[i], size);
    const fileBytes = statSync(files.at(-1)).size;
    // The start-up figures first, on copies (the mocks below add jobs to the files).
    const startFile = join(dir, 'start.json');
    copyFileSync(files.at(-1), startFile);
    const fileOnly = await startCli(['--data', startFile, '--persist']);
    await stopCli(fileOnly.child);
    copyFileSync(files.at(-1), startFile);
    rmSync(`${startFile}.log`, { force: true });
    const logged = await writeChangeLog(startFile, LOG_LINES);
    const logBytes = statSync(`${startFile}.log`).size;
    const withLog = await startCli(['--data', startFile, '--persist']);
    await stopCli(withLog.child);

    const shape = quick ? { blockRequests: 100, blocks: 3 } : { blockRequests: 300, blocks: 5 };
    // The same store sizes without --persist: how much of the ratio the store itself (and its heap) makes.
    const plain = [];
    for (const file of files) plain.push(await startCli(['--data', file]));
    const withoutPersist = await postLatency(plain, { clients: 1, ...shape });
    await Promise.all(plain.map((mock) => stopCli(mock.child)));
    for (const file of files) mocks.push(await startCli(['--data', file, '--persist']));
    const sequential = await postLatency(mocks, { clients: 1, ...shape });
    const concurrent = await postLatency(mocks, { clients: 16, blockRequests: shape.blockRequests * 4, blocks: shape.blocks });
    const compacting = await duringCompaction(mocks.at(-1), 1);
    return {
      sizes: PERSIST_SIZES,
      fsync: 'always',
      rows: [
        { label: 'without --persist, 1 client (reference)', clients: 1, bySize: withoutPersist, reference: true },
        { label: '1 client (one request at a time)', clients: 1, bySize: sequential },
        { label: '16 clients', clients: 16, bySize: concurrent },
      ],
      compacting,
      startup: {
        fileJobs: PERSIST_SIZES.at(-1),
        fileBytes,
        logLines: LOG_LINES,
        logBytes,
        jobsAfterLog: logged.jobs,
        fileOnlyMs: fileOnly.startMs,
        fileOnlyCpuMs: fileOnly.startCpuMs,
        withLogMs: withLog.startMs,
        withLogCpuMs: withLog.startCpuMs,
      },
    };
  } finally {
    await Promise.all(mocks.map((mock) => stopCli(mock.child)));
    rmSync(dir, { recursive: true, force: true });
  }
}
