/**
 * The standalone mock (its own process) under 200 concurrent connections of
 * mixed operations from two employers for 10 s: no 5xx, every answer the one
 * the spec expects, no lost or duplicated job (the final store equals what
 * the acknowledged responses imply), no job of one employer ever visible to
 * the other, and the heap back to its baseline after a reset.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { afterAll, beforeAll, expect, it } from 'vitest';

const CONNECTIONS = 200;
const LOAD_MS = 10_000;
const MiB = 2 ** 20;
const EMPLOYERS = [
  { id: 101, key: 'demo-key-1' },
  { id: 102, key: 'demo-key-2' },
] as const;
type Employer = (typeof EMPLOYERS)[number];

interface StoredJobView {
  id: number;
  employerId: number;
  referenceId: string | null;
  title: string;
  status: string;
}

let child: ChildProcess;
let url: string;

function ask<T>(type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (message: { type: string } & T) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}

beforeAll(async () => {
  child = fork(fileURLToPath(new URL('./helpers/mock-process.mjs', import.meta.url)), [], { execArgv: ['--expose-gc'], stdio: 'inherit' });
  url = (
    await new Promise<{ url: string }>((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`mock process exited with ${code}`)));
    })
  ).url;
});

afterAll(async () => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.send({ type: 'stop' });
  await exited;
});

/** mulberry32: each worker's choices replay from its seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

// A few KB per job, so that the jobs of the load show clearly in the heap.
const DESCRIPTION = `<p>${'Weld, fit and inspect steel structures. '.repeat(60)}</p>`;

function jobBody(referenceId: string, title: string, status: string) {
  return {
    referenceId,
    title,
    status,
    locations: [{ description: 'Toronto, ON' }],
    categories: [{ id: 2 }],
    positionType: { id: 1 },
    salary: { amount: 50000, period: { id: 1 } },
    description: DESCRIPTION,
    applicantRoutingType: { id: 1 },
    applicationEmail: 'jobs@example.com',
  };
}

interface Outcome {
  requests: number;
  serverErrors: number;
  problems: string[];
  /** What the acknowledged responses say each employer's store holds. */
  expected: Map<number, StoredJobView>;
}

/** Drives the mock with `workers` loops until `until`; each loop owns the jobs it creates. */
async function drive(pool: Pool, run: string, until: number): Promise<Outcome> {
  const outcome: Outcome = { requests: 0, serverErrors: 0, problems: [], expected: new Map() };
  const live: Record<number, number[]> = { 101: [], 102: [] };
  const problem = (text: string) => void (outcome.problems.length < 20 && outcome.problems.push(text));

  async function send(employer: Employer, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    outcome.requests++;
    const res = await pool.request({
      method,
      path: `/api/v1.1${path}`,
      headers: { 'api-key': employer.key, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.body.text();
    if (res.statusCode >= 500) outcome.serverErrors++;
    return { status: res.statusCode, json: text === '' ? undefined : JSON.parse(text) };
  }

  async function worker(w: number): Promise<void> {
    const employer = EMPLOYERS[w % 2]!;
    const other = EMPLOYERS[(w + 1) % 2]!;
    const prefix = `${run}-w${w}-n`;
    const mine = new Map<number, StoredJobView>();
    const next = random(w + 1);
    let n = 0;
    const pick = () => [...mine.values()][Math.floor(next() * mine.size)]!;
    const expectStatus = (what: string, got: number, want: number) => got === want || (problem(`${what}: ${got}, expected ${want}`), false);
    const track = (job: StoredJobView) => {
      mine.set(job.id, job);
      live[employer.id]!.push(job.id);
    };
    const sameJob = (what: string, json: any, job: StoredJobView) => {
      if (
        json?.id !== job.id ||
        json?.employer?.id !== employer.id ||
        json?.title !== job.title ||
        json?.status !== job.status ||
        json?.referenceId !== job.referenceId
      ) {
        const seen = { id: json?.id, employer: json?.employer, title: json?.title, status: json?.status };
        problem(`${what}: body ${JSON.stringify(seen)} differs from ${JSON.stringify(job)}`);
      }
    };

    while (performance.now() < until) {
      const r = next();
      if (r < 0.3 || mine.size === 0) {
        const referenceId = `${prefix}${n++}`;
        const job = {
          id: 0,
          employerId: employer.id,
          referenceId,
          title: `Welder ${referenceId}`,
          status: next() < 0.5 ? 'active' : 'draft',
        };
        const viaPut = r >= 0.25;
        const res = await send(employer, viaPut ? 'PUT' : 'POST', '/jobs', jobBody(referenceId, job.title, job.status));
        if (expectStatus(`${viaPut ? 'PUT' : 'POST'} /jobs create`, res.status, 201)) {
          job.id = res.json.id;
          sameJob('create', res.json, job);
          track(job);
        }
      } else if (r < 0.45) {
        const job = pick();
        const res = await send(employer, 'GET', `/jobs/${job.id}`);
        if (expectStatus('GET /jobs/{id}', res.status, 200)) sameJob('GET /jobs/{id}', res.json, job);
      } else if (r < 0.57) {
        const job = pick();
        const title = `Welder ${job.referenceId} v${n++}`;
        const res = await send(employer, 'PUT', `/jobs/${job.id}`, { title });
        if (expectStatus('PUT /jobs/{id}', res.status, 200)) {
          job.title = title;
          sameJob('PUT /jobs/{id}', res.json, job);
        }
      } else if (r < 0.65) {
        const job = pick();
        const status = job.status === 'active' ? 'archived' : 'active';
        const res = await send(employer, 'PUT', '/jobs', { referenceId: job.referenceId, status });
        if (expectStatus('PUT /jobs by referenceId', res.status, 200)) {
          job.status = status;
          sameJob('PUT /jobs by referenceId', res.json, job);
        }
      } else if (r < 0.77) {
        const job = pick();
        const how = Math.floor(next() * 3);
        const res =
          how === 0
            ? await send(employer, 'DELETE', `/jobs/${job.id}`)
            : how === 1
              ? await send(employer, 'DELETE', '/jobs', { referenceId: job.referenceId })
              : await send(employer, 'POST', `/jobs/${job.id}`, undefined, { 'x-http-method-override': 'DELETE' });
        if (expectStatus(`delete (${['by id', 'by referenceId', 'by override'][how]})`, res.status, 204)) mine.delete(job.id);
      } else if (r < 0.87) {
        const res = await send(employer, 'GET', `/jobs?q=${encodeURIComponent(prefix)}&pageSize=100`);
        if (expectStatus('GET /jobs?q', res.status, 200)) {
          if (res.json.paging.total !== mine.size) problem(`list of ${prefix}: total ${res.json.paging.total}, expected ${mine.size}`);
          for (const item of res.json.data) {
            if (item.employer.id !== employer.id || !mine.has(item.id))
              problem(`list of ${prefix} shows job ${item.id} of employer ${item.employer.id}`);
          }
        }
      } else {
        // Another employer's job: invisible and untouchable (spec 5.3).
        const ids = live[other.id]!;
        const id = ids[Math.floor(next() * ids.length)] ?? 1;
        const op = Math.floor(next() * 3);
        const res =
          op === 0
            ? await send(employer, 'GET', `/jobs/${id}`)
            : op === 1
              ? await send(employer, 'PUT', `/jobs/${id}`, { title: 'Hijacked' })
              : await send(employer, 'DELETE', `/jobs/${id}`);
        expectStatus(`${['GET', 'PUT', 'DELETE'][op]} of the other employer's job ${id}`, res.status, 404);
      }
    }
    for (const job of mine.values()) outcome.expected.set(job.id, job);
  }

  await Promise.all(
    Array.from({ length: CONNECTIONS }, (_, w) => worker(w).catch((error: unknown) => problem(`worker ${w}: ${String(error)}`))),
  );
  return outcome;
}

const UNDER_LOAD = '200 connections of mixed operations from two employers for 10 s: no 5xx, nothing lost or duplicated, no leak';

it(`${UNDER_LOAD}, heap back to baseline after reset`, async () => {
  const reset = async () => expect((await fetch(`${url}/__control/reset`, { method: 'POST' })).status).toBe(204);

  // Warm-up (compiles validators, fills caches), then the baseline of an empty store.
  const warm = new Pool(url, { connections: 20 });
  await drive(warm, 'warm', performance.now() + 1_000);
  await warm.close();
  await reset();
  const baseline = (await ask<{ heapUsed: number }>('heap')).heapUsed;

  const pool = new Pool(url, { connections: CONNECTIONS, pipelining: 1 });
  const outcome = await drive(pool, 'load', performance.now() + LOAD_MS);
  await pool.close();

  expect(outcome.serverErrors).toBe(0);
  expect(outcome.problems).toEqual([]);
  expect(outcome.requests).toBeGreaterThan(CONNECTIONS * 5);

  // The store is exactly what the acknowledged answers imply.
  const { jobs } = await ask<{ jobs: StoredJobView[] }>('jobs');
  expect(new Set(jobs.map((job) => job.id)).size).toBe(jobs.length);
  const actual = new Map(jobs.map((job) => [job.id, job]));
  const lost = [...outcome.expected.keys()].filter((id) => !actual.has(id));
  const extra = jobs.filter((job) => !outcome.expected.has(job.id)).map((job) => job.id);
  expect({ lost, extra }).toEqual({ lost: [], extra: [] });
  for (const [id, job] of outcome.expected) expect(actual.get(id)).toEqual(job);
  expect(jobs.length).toBeGreaterThan(100);

  // Memory: the jobs were on the heap, and a reset gives it all back.
  const peak = (await ask<{ heapUsed: number }>('heap')).heapUsed;
  await reset();
  await new Promise((resolve) => setTimeout(resolve, 200)); // let the server drop its closed sockets
  const after = (await ask<{ heapUsed: number }>('heap')).heapUsed;
  const grown = peak - baseline;
  console.log(
    `mock under load: ${outcome.requests} requests, ${jobs.length} jobs at the end; ` +
      `heap baseline ${(baseline / MiB).toFixed(1)} MiB, peak +${(grown / MiB).toFixed(1)} MiB, after reset +${((after - baseline) / MiB).toFixed(1)} MiB`,
  );
  expect(grown).toBeGreaterThan(jobs.length * 2_000);
  expect(after - baseline).toBeLessThan(Math.max(3 * MiB, grown * 0.15));
});
