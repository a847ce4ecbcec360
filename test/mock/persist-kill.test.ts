/**
 * The real `jobs-mock --data FILE --persist` (dist/cli/jobs-mock.js, what
 * bin/jobs-mock.js runs; built by `npm run build` / pretest) under concurrent POST, PUT, DELETE and
 * seeding, killed with SIGKILL at a seeded random moment, then restarted,
 * twice per run. After each restart: every acknowledged change is there;
 * a change that was in flight is either wholly there or not at all (a PUT
 * changes title and salary together, a seed creates three jobs or none); no
 * job appears that nobody sent; ids stay unique and are never handed out again.
 * A small `--compact-after` makes compactions (and log rotations) happen under
 * the load, so kills land in them too. The gate runs one seed of each --fsync,
 * the nightly tier (TEST_TIER=full) a third.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../mock/core/choices/choices.js';
import { requireBuiltCli, startCli } from './cli-process.js';
import { send, validJob } from './helpers.js';
import { FULL_TIER } from '../support/test-seeds.js';

const WORKERS = 8;
const KILLS = 2;

let dir: string;
const children: ChildProcess[] = [];
beforeAll(() => {
  requireBuiltCli();
  dir = mkdtempSync(join(tmpdir(), 'jobs-mock-kill-'));
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = (args: string[]) => startCli(args, children);

/** What a job may look like: absent, or present with the salary amount `k` (its title says the same k). */
type Look = { present: false } | { present: true; k: number };
const same = (a: Look, b: Look): boolean => a.present === b.present && (!a.present || (b.present && a.k === b.k));

interface JobModel {
  ref: string;
  id?: number;
  /** After every acknowledged change. */
  acked: Look;
  /** After the change in flight when the mock was killed, if one was. */
  pending?: Look;
  /** While a seed of several jobs is in flight: its name (all of them appear, or none). */
  seed?: string;
}

const body = (ref: string, k: number) =>
  validJob({ referenceId: ref, title: `Job ${ref} k${k}`, salary: { amount: k, period: { id: 1 } } });

/** Drives the mock until a request fails (the kill); each worker touches only the jobs it created, one request at a time. */
async function worker(
  url: string,
  w: number,
  round: number,
  draw: () => number,
  jobs: Map<string, JobModel>,
  ids: Map<number, string>,
): Promise<void> {
  const own = () => [...jobs.values()].filter((job) => job.ref.startsWith(`w${w}-`) && job.acked.present && job.id !== undefined);
  const seen = (id: number, ref: string) => {
    expect(ids.get(id) ?? ref, `id ${id} given to two jobs`).toBe(ref);
    ids.set(id, ref);
  };
  for (let i = 0; ; i++) {
    const mine = own();
    const roll = draw();
    const k = 1 + Math.floor(draw() * 1_000_000);
    try {
      if (mine.length === 0 || roll < 0.35) {
        const job: JobModel = { ref: `w${w}-r${round}-${i}`, acked: { present: false }, pending: { present: true, k } };
        jobs.set(job.ref, job);
        const res = await send(url, { method: 'POST', path: '/jobs', body: body(job.ref, k) });
        expect(res.status, res.text).toBe(201);
        seen(res.json.id, job.ref);
        Object.assign(job, { id: res.json.id, acked: job.pending, pending: undefined });
      } else if (roll < 0.85) {
        const job = mine[Math.floor(draw() * mine.length)]!;
        const deleting = roll >= 0.7;
        job.pending = deleting ? { present: false } : { present: true, k };
        const res = deleting
          ? await send(url, { method: 'DELETE', path: `/jobs/${job.id}` })
          : await send(url, {
              method: 'PUT',
              path: `/jobs/${job.id}`,
              body: { title: `Job ${job.ref} k${k}`, salary: { amount: k, period: { id: 1 } } },
            });
        expect(res.status, res.text).toBe(deleting ? 204 : 200);
        Object.assign(job, { acked: job.pending, pending: undefined });
      } else {
        const seed = `w${w}-r${round}-${i}`;
        const group = ['a', 'b', 'c'].map((x): JobModel => ({
          ref: `${seed}${x}`,
          acked: { present: false },
          pending: { present: true, k },
          seed,
        }));
        for (const job of group) jobs.set(job.ref, job);
        const res = await send(url, {
          method: 'POST',
          path: '/__control/jobs',
          apiKey: null,
          body: { employerId: 101, jobs: group.map((job) => body(job.ref, k)) },
        });
        expect(res.status, res.text).toBe(201);
        for (const [n, job] of group.entries()) {
          seen(res.json.data[n].id, job.ref);
          Object.assign(job, { id: res.json.data[n].id, acked: job.pending, pending: undefined, seed: undefined });
        }
      }
    } catch (error) {
      if (error instanceof Error && /ECONNRESET|ECONNREFUSED|socket hang up|EPIPE/.test(error.message)) return; // killed
      throw error;
    }
  }
}

/** Compares the restarted mock with the model, then makes the model what the mock holds. */
async function check(url: string, jobs: Map<string, JobModel>, ids: Map<number, string>): Promise<void> {
  const state = (await send(url, { method: 'GET', path: '/__control/state', apiKey: null })).json as {
    jobs: Array<{ id: number; referenceId: string; title: string; salary: { amount: number } }>;
  };
  const byRef = new Map(state.jobs.map((job) => [job.referenceId, job]));
  // A seed in flight at the kill is there whole or not at all.
  const seeds = new Map<string, number>();
  for (const model of jobs.values()) if (model.seed) seeds.set(model.seed, (seeds.get(model.seed) ?? 0) + (byRef.has(model.ref) ? 1 : 0));
  for (const [seed, count] of seeds) expect([0, 3], `seed ${seed} in flight`).toContain(count);
  expect(new Set(state.jobs.map((job) => job.id)).size, 'ids unique').toBe(state.jobs.length);
  for (const job of state.jobs) expect(jobs.has(job.referenceId), `job ${job.referenceId} that nobody sent`).toBe(true);
  for (const model of jobs.values()) {
    const actual = byRef.get(model.ref);
    const look: Look = actual ? { present: true, k: actual.salary.amount } : { present: false };
    if (actual) {
      expect(actual.title, 'title and salary of one change').toBe(`Job ${model.ref} k${actual.salary.amount}`);
      expect(ids.get(actual.id) ?? model.ref, `id ${actual.id} given to two jobs`).toBe(model.ref);
      ids.set(actual.id, model.ref);
      model.id = actual.id;
    }
    const allowed = [model.acked, ...(model.pending ? [model.pending] : [])];
    expect(
      allowed.some((a) => same(a, look)),
      `${model.ref}: ${JSON.stringify(look)}, allowed ${JSON.stringify(allowed)}`,
    ).toBe(true);
    Object.assign(model, { acked: look, pending: undefined, seed: undefined });
  }
}

/** [seed, --fsync] of each run: the gate leaves out the second seed of `always`. */
const KILL_RUNS: Array<[number, string]> = [
  [1, 'always'],
  [2, 'always'],
  [3, 'batch'],
];

describe('jobs-mock --persist under SIGKILL', () => {
  // One kill of each --fsync in the gate; more seeds draw other kill moments, which is the nightly tier's work.
  it.each(KILL_RUNS.filter(([seed]) => FULL_TIER || seed !== 2))(
    'seed %i, --fsync %s: every acknowledged change survives, nothing half-applied, ids unique',
    async (seed, fsync) => {
      const draw = seededRandom(seed);
      const data = join(dir, `kill-${seed}.json`);
      const args = ['--data', data, '--persist', '--fsync', fsync, '--compact-after', '20000'];
      const jobs = new Map<string, JobModel>();
      const ids = new Map<number, string>();
      let mock = await start(args);
      for (let round = 0; round < KILLS; round++) {
        const load = Array.from({ length: WORKERS }, (_, w) =>
          worker(mock.url, w, round, seededRandom(seed * 100 + round * 10 + w), jobs, ids),
        );
        await new Promise((resolve) => setTimeout(resolve, 150 + draw() * 600));
        mock.child.kill('SIGKILL');
        await Promise.all(load);
        mock = await start(args);
        await check(mock.url, jobs, ids);
      }
      // An id is never handed out twice, also after the restarts (deleted jobs' ids included).
      const fresh = await send(mock.url, { method: 'POST', path: '/jobs', body: body('fresh', 1) });
      expect(Math.max(...ids.keys())).toBeLessThan(fresh.json.id);
      expect(jobs.size).toBeGreaterThan(20);
    },
    30_000,
  );
});
