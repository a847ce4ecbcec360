/**
 * `jobs-mock` (dist/cli/jobs-mock.js, built by `npm run build` / pretest): help,
 * the start line, employers and data files, persistence across a crash, and
 * exit code 2 with one line on bad arguments or a port in use (read by the
 * command's mockMain() in process, but for one refusal through the bin).
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CLI, exited, requireBuiltCli, startCli } from './cli-process.js';
import { mockMain } from '../../cli/mock-command.js';
import { textSink } from '../support/text-sink.js';
import { client, send, validJob } from './helpers.js';

let dir: string;
const children: ChildProcess[] = [];

beforeAll(() => {
  requireBuiltCli();
  dir = mkdtempSync(join(tmpdir(), 'jobs-mock-cli-'));
});
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const start = (args: string[]) => startCli(args, children);

function run(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', timeout: 15_000 });
}

/**
 * Runs the command's mockMain() in this process, from the sources, for a command line it refuses: the subject is
 * what it reads and answers, not the process around it (each spawn imports dist/ anew). The exit code of a real
 * process is seen by the first refusal and the other tests of this file.
 */
async function runInProcess(args: string[]): Promise<{ status: number; stderr: string }> {
  const stdout = textSink();
  const stderr = textSink();
  const started = await mockMain({ argv: ['node', 'jobs-mock', ...args], env: {}, stdout, stderr });
  if (typeof started !== 'number') {
    await started.close();
    throw new Error(`jobs-mock started for ${JSON.stringify(args)}: ${stdout.text}`);
  }
  return { status: started, stderr: stderr.text };
}

describe('jobs-mock CLI', () => {
  it('--help lists the options and exits 0', () => {
    const res = run(['--help']);
    expect(res.status).toBe(0);
    for (const option of [
      '--port',
      '--host',
      '--employers',
      '--data',
      '--persist',
      '--help',
      '--profile',
      '--profile-seed',
      '--choice',
      '--cors',
      '--control-cors',
      '--journal-size',
      '--secret-header',
    ]) {
      expect(res.stdout).toContain(option);
    }
  });

  it('says nothing of the reference profile; names another profile, the drawn seed of random, and each --choice', async () => {
    expect((await start([])).line).not.toContain('profile');
    const alt = await start(['--profile', 'alt', '--choice', 'paging.link-form=absolute', '--choice', 'q.match=substring']);
    expect(alt.line).toContain(' profile: alt choices: paging.link-form=absolute q.match=substring employers: ');
    const state = (await send(alt.url, { path: '/__control/profile', apiKey: null })).json;
    expect(state).toMatchObject({
      profile: 'alt',
      choices: { 'paging.link-form': 'absolute', 'q.match': 'substring', 'order.ties': 'id-asc' },
    });
    const drawn = await start(['--profile', 'random']);
    const seed = Number(/profile: random \(seed (\d+)\)/.exec(drawn.line)?.[1]);
    expect(Number.isInteger(seed)).toBe(true);
    const again = await start(['--profile', 'random', '--profile-seed', String(seed)]);
    expect(again.line).toContain(`profile: random (seed ${seed})`);
    const choicesOf = async (url: string) => (await send(url, { path: '/__control/profile', apiKey: null })).json.choices;
    expect(await choicesOf(again.url)).toEqual(await choicesOf(drawn.url));
  });

  it('--cors, --control-cors and --journal-size reach the server', async () => {
    const app = 'http://localhost:5173';
    const { url } = await start(['--cors', app, '--control-cors', app, '--journal-size', '2', '--secret-header', 'X-Session']);
    const api = await send(url, { path: '/jobs', headers: { origin: app, 'x-session': 'sess-1' } });
    expect(api.headers['access-control-allow-origin']).toBe(app);
    const other = await send(url, { path: '/jobs', headers: { origin: 'http://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
    const journal = await send(url, { path: '/__control/requests', apiKey: null, headers: { origin: app } });
    expect(journal.headers['access-control-allow-origin']).toBe(app);
    expect(journal.json.size).toBe(2);
    expect(journal.text).not.toContain('sess-1');
    const closed = await start(['--cors', 'off', '--journal-size', '0']);
    expect((await send(closed.url, { path: '/jobs', headers: { origin: app } })).headers['access-control-allow-origin']).toBeUndefined();
    expect((await send(closed.url, { path: '/__control/requests', apiKey: null })).json.size).toBe(0);
  });

  it('prints one line with the URL and the demo keys, serves, and stops on SIGTERM with 0', async () => {
    const { child, url, line } = await start([]);
    expect(line.trim().split('\n')).toHaveLength(1);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(line).toContain('demo-key-1');
    expect(line).toContain('demo-key-2');
    expect((await send(url, { path: '/positiontypes', apiKey: null })).status).toBe(200);
    expect((await client({ url }).post('/jobs', validJob())).status).toBe(201);
    child.kill('SIGTERM');
    expect(await exited(child)).toBe(0);
  });

  it.each([
    [['--port', 'abc']],
    [['--port', '70000']],
    [['--bogus']],
    [['--persist']],
    [['--now', 'yesterday']],
    [['--employers', '/nonexistent/employers.json']],
    [['--body-limit', '0']],
    [['--profile', 'strict']],
    [['--profile', 'random', '--profile-seed', '-1']],
    [['--profile-seed', '4294967296']],
    [['--choice', 'paging.link-form']],
    [['--choice', 'paging.link=relative']],
    [['--choice', 'paging.link-form=sideways']],
    [['--cors', 'sometimes']],
    [['--control-cors', '*']],
    [['--journal-size', '-1']],
  ])('exits 2 with one line on stderr for %j', async (args) => {
    // The first row through the bin (exit 2 from a real process), the others through mockMain() in process.
    const res = args[0] === '--port' && args[1] === 'abc' ? run(args) : await runInProcess(args);
    expect(res.status).toBe(2);
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
    expect(res.stderr).toMatch(/^jobs-mock: /);
  });

  it('exits 2 when the employers file is invalid', async () => {
    const file = join(dir, 'bad-employers.json');
    writeFileSync(file, JSON.stringify([{ id: 1, name: 'A', apiKey: '' }]));
    const res = await runInProcess(['--employers', file]);
    expect(res.status).toBe(2);
    expect(res.stderr).toContain('apiKey');
  });

  it('exits 2 when the port is in use', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const res = await runInProcess(['--port', String(port)]);
      expect(res.status).toBe(2);
      expect(res.stderr).toMatch(/already in use/);
    } finally {
      blocker.close();
    }
  });

  it('--employers replaces the demo employers and keeps their keys out of the start line', async () => {
    const file = join(dir, 'employers.json');
    writeFileSync(file, JSON.stringify([{ id: 7, name: 'Maple Leaf Staffing', apiKey: 'secret-key-7', plan: 'unlimited' }]));
    const { url, line } = await start(['--employers', file]);
    expect(line).toContain('7 Maple Leaf Staffing');
    expect(line).not.toContain('secret-key-7');
    expect((await client({ url }, 'demo-key-1').get('/jobs')).status).toBe(401);
    const created = await client({ url }, 'secret-key-7').post('/jobs', validJob());
    expect(created.json.employer).toEqual({ id: 7, name: 'Maple Leaf Staffing' });
  });

  it('--data with --persist survives a crash (SIGKILL) and a restart', async () => {
    const data = join(dir, 'jobs.json');
    const first = await start(['--data', data, '--persist']);
    const api = client({ url: first.url });
    const a = (await api.post('/jobs', validJob({ referenceId: 'keep', salary: { amount: 10.25, period: { id: 5 } } }))).json;
    const b = (await api.post('/jobs', validJob())).json;
    await api.del(`/jobs/${b.id}`);
    await api.put(`/jobs/${a.id}`, { status: 'active' });
    first.child.kill('SIGKILL');
    await exited(first.child);
    // The changes are in the log beside the file, one line each; the file itself is whole.
    expect(JSON.parse(readFileSync(data, 'utf8')).jobs).toEqual([]);
    expect(readFileSync(`${data}.log`, 'utf8').split('\n')).toHaveLength(5);
    const second = await start(['--data', data, '--persist']);
    const again = client({ url: second.url });
    const restored = await again.get(`/jobs/${a.id}`);
    expect(restored.json).toEqual({ ...a, status: 'active' });
    const next = (await again.post('/jobs', validJob())).json;
    expect(next.id).toBeGreaterThan(b.id);
    expect((await again.post('/jobs', validJob({ referenceId: 'keep' }))).status).toBe(409);
    // Compaction writes it all into the file and empties the log.
    const compacted = await send(second.url, { method: 'POST', path: '/__control/compact', apiKey: null });
    expect(compacted.json).toMatchObject({ jobs: 2 });
    expect(JSON.parse(readFileSync(data, 'utf8')).jobs.map((job: { id: number }) => job.id)).toEqual([a.id, next.id]);
    expect(readFileSync(data, 'utf8')).toContain('"amount":10.2500');
    expect(readFileSync(`${data}.log`, 'utf8')).toBe('');
  });

  it('--persist: SIGTERM compacts (the file holds everything, the log is empty)', async () => {
    const data = join(dir, 'term.json');
    const first = await start(['--data', data, '--persist', '--fsync', 'batch']);
    const created = (await client({ url: first.url }).post('/jobs', validJob({ referenceId: 'term' }))).json;
    first.child.kill('SIGTERM');
    expect(await exited(first.child)).toBe(0);
    expect(JSON.parse(readFileSync(data, 'utf8')).jobs).toEqual([created]);
    expect(readFileSync(`${data}.log`, 'utf8')).toBe('');
  });

  it('--data without --persist loads but never writes', async () => {
    const data = join(dir, 'readonly.json');
    const seeded = await start(['--data', data, '--persist']);
    await client({ url: seeded.url }).post('/jobs', validJob());
    seeded.child.kill('SIGKILL');
    await exited(seeded.child);
    const before = readFileSync(data, 'utf8');
    const { url } = await start(['--data', data]);
    expect((await client({ url }).get('/jobs')).json.paging.total).toBe(1);
    await client({ url }).post('/jobs', validJob());
    expect(readFileSync(data, 'utf8')).toBe(before);
  });
});
