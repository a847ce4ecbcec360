/**
 * The OpenAPI documents with the tools integrators run on them, spawned from
 * node_modules/.bin on free loopback ports, bounded in time and always killed:
 * `redocly lint` finds no problem in either; `prism mock` on the prefixed
 * document answers under /api/v1.1; `prism proxy` in front of the mock, with
 * the suite's CLI (dist/) running through it, logs no response violation
 * (and does log one for a broken mock, so the count can fail). Prism checks each
 * exchange on this machine's CPU (a whole-registry run through it took a minute of
 * the gate): the gate runs the areas that reach every response the document
 * declares, and checks that they did; the nightly tier (TEST_TIER=full) runs every rule.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { type CoreHandler } from '../../mock/index.js';
import { createMockServer } from '../../mock/testing.js';
import { send, validJob } from '../mock/helpers.js';
import { FULL_TIER } from '../support/test-seeds.js';
import { catalog } from '../../suites/catalog/index.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const bin = (name: string) => join(root, 'node_modules', '.bin', name);
const DOC = join(root, 'openapi', 'jobs-api-v1.1.json');
const PREFIXED = join(root, 'openapi', 'jobs-api-v1.1.prefixed.json');
const SUITE_CLI = join(root, 'dist', 'cli', 'jobs-conformance.js');
/** No telemetry, no update check: the tools stay offline. */
const QUIET_ENV = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1', FORCE_COLOR: '0' };

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A port free right now (Prism takes no port 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Prism {
  url: string;
  /** Everything Prism printed so far. */
  log: () => string;
}

/** Starts `prism <args>` on a free port; resolves once it listens (within 60 s), else kills it and fails. */
async function startPrism(args: string[]): Promise<Prism> {
  const port = await freePort();
  const child = spawn(bin('prism'), [...args, '--host', '127.0.0.1', '--port', String(port)], { stdio: ['ignore', 'pipe', 'pipe'], env: QUIET_ENV });
  children.push(child);
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`prism did not start within 60 s:\n${out}`));
    }, 60_000);
    const check = (): void => {
      if (/Prism is listening on/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`prism exited with ${code}:\n${out}`));
    });
  });
  return { url: `http://127.0.0.1:${port}`, log: () => out };
}

/** Prism's log lines of response violations (request violations are the suite's deliberate bad requests). */
const responseViolations = (log: string): string[] => log.split('\n').filter((line) => /Violation: response/.test(line));

describe('redocly lint', () => {
  it.each([DOC, PREFIXED])('finds no error and no warning in %s', (file) => {
    const res = spawnSync(bin('redocly'), ['lint', '--format=json', file], { encoding: 'utf8', timeout: 60_000, env: QUIET_ENV });
    expect(res.status, res.stderr).toBe(0);
    const report = JSON.parse(res.stdout) as { totals: Record<string, number>; problems: Array<{ ruleId: string; message: string }> };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  });
});

describe('prism mock', () => {
  it('serves the prefixed document under /api/v1.1 and takes a pageSize above 100 (no hard maximum)', async () => {
    const prism = await startPrism(['mock', PREFIXED]);
    const lists = await send(prism.url, { path: '/positiontypes', apiKey: null });
    expect(lists.status, prism.log()).toBe(200);
    const body = lists.json as unknown;
    const items = Array.isArray(body) ? body : (body as { data: unknown[] }).data;
    expect(Array.isArray(items)).toBe(true);
    const page = await send(prism.url, { path: '/jobs?pageSize=500' });
    expect(page.status, page.text).toBe(200);
  }, 90_000);
});

/** The areas whose rules, together, reach every response of the document that any rule reaches (the gate's run). */
const AREAS_REACHING_EVERY_RESPONSE = ['reference', 'lifecycle', 'protocol', 'robustness', 'isolation'];
/**
 * Responses the document declares that no rule draws: the suite reads no salary period or applicant routing type
 * list, sends nothing a reference list refuses, and its POST /jobs creates (201) or, overridden, deletes (204).
 */
const DRAWN_BY_NO_RULE = [
  'POST /api/v1.1/jobs 200',
  'GET /api/v1.1/positiontypes 4XX',
  'GET /api/v1.1/categories 4XX',
  'GET /api/v1.1/locations 4XX',
  'GET /api/v1.1/salaryperiods 200',
  'GET /api/v1.1/salaryperiods 4XX',
  'GET /api/v1.1/applicantroutingtypes 200',
  'GET /api/v1.1/applicantroutingtypes 4XX',
];

/**
 * Rules whose requests leave the document's paths: Prism reads `/jobs/` as `/jobs/{id}` with an empty id and judges the
 * list the mock answers there as a job, a violation of Prism's reading, not of the mock's answer.
 */
const OUTSIDE_THE_DOCUMENT = ['jobs.robustness.trailing-slash'];

/**
 * Rules whose requests Prism's proxy does not forward: a body sent in chunks (Transfer-Encoding: chunked, no
 * Content-Length) reaches the mock empty, or not at all, and Prism logs the empty answer it then gives as the mock's.
 */
const NOT_FORWARDED_BY_PRISM = ['jobs.protocol.json-spellings'];

/** The rules the proxy run sends through Prism: every rule in the full tier, else the areas above; none outside the document or that Prism does not forward. */
function rulesThroughPrism(): string[] {
  const inAreas = (id: string): boolean => FULL_TIER || AREAS_REACHING_EVERY_RESPONSE.some((area) => id.startsWith(`jobs.${area}.`));
  return catalog.map((rule) => rule.id).filter((id) => inAreas(id) && ![...OUTSIDE_THE_DOCUMENT, ...NOT_FORWARDED_BY_PRISM].includes(id));
}

interface PrefixedDocument {
  paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
}

/** `METHOD /path/{id} status` of the document's response a request drew: its own status, else its class (`4XX`). */
function responsesOf(doc: PrefixedDocument) {
  const declared = Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([method, op]) => Object.keys(op.responses ?? {}).map((status) => `${method.toUpperCase()} ${path} ${status}`)),
  );
  const drawn = (method: string, path: string, status: number): string => {
    const template = path.replace(/\/jobs\/[^/?]+/, '/jobs/{id}');
    const responses = doc.paths[template]?.[method.toLowerCase()]?.responses ?? {};
    return `${method} ${template} ${String(status) in responses ? status : `${String(status)[0]}XX`}`;
  };
  return { declared, drawn };
}

describe('prism proxy in front of the mock', () => {
  it('logs no response violation while the suite runs through it', async () => {
    if (!existsSync(SUITE_CLI)) throw new Error(`${SUITE_CLI} is missing: run npm run build first`);
    await using mock = await createMockServer({ journalSize: 100_000 });
    const prism = await startPrism(['proxy', PREFIXED, mock.url]);
    // A location against the document's pattern: Prism copies the pattern into its sl-violations header, which only an ASCII pattern survives.
    const odd = await send(prism.url, { method: 'POST', path: '/jobs', body: validJob({ locations: [{ description: 'Paris, FR' }] }) });
    expect(odd.status).toBe(400);
    expect(odd.headers['sl-violations']).toBeDefined();

    const dir = mkdtempSync(join(tmpdir(), 'jobs-prism-proxy-'));
    dirs.push(dir);
    const only = ['--only', rulesThroughPrism().join(',')];
    // Prism validates every exchange on this machine's CPU: its answers are slow from work, not distance, and a burst of
    // 8 does not show what 32 rules at once do (timeouts). The subject here is the responses, so the default 8 is fixed.
    const args = [SUITE_CLI, '--base-url', prism.url, '--api-key', 'demo-key-1', '--second-api-key', 'demo-key-2',
      '--runs', '1', '--seed', '1', '--concurrency', '8', '--reporter', 'json', '--report-dir', dir, ...only];
    const suite = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: QUIET_ENV });
    children.push(suite);
    let summary = '';
    suite.stdout.on('data', (chunk: Buffer) => (summary += chunk.toString()));
    suite.stderr.on('data', (chunk: Buffer) => (summary += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => suite.once('exit', resolve));
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as {
      summary: { total: number; requests: number };
      rules: Array<{ id: string; status: string }>;
    };
    expect(report.summary.total, summary).toBeGreaterThan(FULL_TIER ? 100 : 30);
    // The suite's requests reached the mock through the proxy, and drew every response the document declares.
    const { declared, drawn } = responsesOf(JSON.parse(readFileSync(PREFIXED, 'utf8')) as PrefixedDocument);
    const reached = new Set(mock.core.requests().flatMap((req) => (req.status === undefined ? [] : [drawn(req.method, req.path, req.status)])));
    expect(declared.filter((response) => !reached.has(response) && !DRAWN_BY_NO_RULE.includes(response))).toEqual([]);
    expect(responseViolations(prism.log())).toEqual([]);
    // Prism re-serializes JSON and drops the amount's four decimals (1.0000 becomes 1): the rules that read the amount's
    // written places may fail. Prism answers itself the methods its document does not declare (HEAD with a 500), so
    // the rule that sends them judges Prism there, not the mock. No other may fail.
    const judgesPrism = ['jobs.limits.salary-four-decimals', 'jobs.limits.salary-fifth-decimal', 'jobs.robustness.other-methods'];
    const failed = report.rules.filter((r) => r.status === 'failed' || r.status === 'error').map((r) => r.id);
    expect(failed.filter((id) => !judgesPrism.includes(id)), summary).toEqual([]);
    expect([0, 1]).toContain(code);
  }, 240_000);

  it('does log a response violation for a mock that answers against the document (the check above can fail)', async () => {
    const broken = (next: CoreHandler): CoreHandler => async (req) => {
      const res = await next(req);
      return req.path.endsWith('/positiontypes') ? { ...res, body: JSON.stringify([{ id: 'one', name: 7 }]) } : res;
    };
    await using mock = await createMockServer({ transform: broken });
    const prism = await startPrism(['proxy', PREFIXED, mock.url]);
    expect((await send(prism.url, { path: '/positiontypes', apiKey: null })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 500)); // the log line follows the answer
    expect(responseViolations(prism.log()).length).toBeGreaterThan(0);
  }, 90_000);
});
