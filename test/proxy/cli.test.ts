/**
 * The built `jobs-conformance proxy` command (node dist/cli/jobs-conformance.js proxy;
 * `npm test` builds first): one start line, one live line per finding, the
 * reports written every --flush-every seconds and on SIGTERM/SIGINT, the exit
 * code from --fail-on, and never a key in any output or file.
 */
import { execFileSync, spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/index.js';
import { validators } from '../../schemas/index.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';
import { rawRequest } from './raw-http.js';
import { until } from './until.js';

const CLI = resolve('dist/cli/jobs-conformance.js');
const KEY = 'demo-key-1';

interface Running {
  child: ChildProcessWithoutNullStreams;
  url: string;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

/** Starts the proxy command and resolves once its start line names its address. */
function startProxy(args: string[], env: Record<string, string> = {}): Promise<Running> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, 'proxy', '--port', '0', ...args], { env: { PATH: process.env.PATH ?? '', ...env } });
    let stdout = '';
    let stderr = '';
    const exit = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    void exit.then(() => clearTimeout(timer));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      const url = /listening on (http:\/\/\S+) /.exec(stdout)?.[1];
      if (url) done({ child, url, stdout: () => stdout, stderr: () => stderr, exit });
    });
    child.on('error', fail);
    void exit.then((code) => fail(new Error(`the proxy exited (${code}) before listening: ${stderr}`)));
  });
}

let mock: MockServer;
let dir: string;

beforeAll(async () => {
  mock = await createMockServer({ port: 0 });
  dir = await mkdtemp(join(tmpdir(), 'proxy-cli-'));
});

afterAll(async () => {
  await mock?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('jobs-conformance proxy', () => {
  it('prints a start line and a live line per finding, flushes reports, and on SIGTERM writes them and exits 1', async () => {
    const reportDir = join(dir, 'one');
    const proxy = await startProxy(['--target', mock.url, '--report-dir', reportDir, '--flush-every', '0.2']);
    expect(proxy.stdout()).toMatch(
      /^jobs-conformance proxy listening on http:\/\/127\.0\.0\.1:\d+ \(API root .*\/api\/v1\.1\) forwarding to http:\/\/127\.0\.0\.1:\d+; reports in /,
    );
    const res = await rawRequest(`${proxy.url}/api/v1.1/jobs`, {
      method: 'POST',
      headers: { 'api-key': KEY },
      body: JSON.stringify({ title: KEY }),
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    await until(() => proxy.stderr().includes('proxy.client.content-type'));
    expect(proxy.stderr()).toMatch(
      /jobs-conformance proxy: client proxy\.client\.content-type \(§1\): POST \/api\/v1\.1\/jobs sent a body without a Content-Type/,
    );
    // --flush-every wrote a report while the proxy runs.
    await until(async () => (await stat(join(reportDir, 'report.json')).catch(() => undefined)) !== undefined);
    proxy.child.kill('SIGTERM');
    expect(await proxy.exit).toBe(1);
    const text = await readFile(join(reportDir, 'report.json'), 'utf8');
    const report = JSON.parse(text) as ConformanceReport;
    expect(validators.report(report).ok).toBe(true);
    const mismatch = report.rules.find((rule) => rule.id === 'proxy.client.content-type')?.mismatches[0];
    expect(mismatch?.side).toBe('client');
    expect(mismatch?.exchanges[0]?.request.headers['api-key']).toBe('[redacted]');
    expect(report.proxy?.exchanges).toBe(1);
    // Every format says whose message broke the rule.
    expect(await readFile(join(reportDir, 'report.html'), 'utf8')).toContain('<dt>Side</dt><dd>client</dd>');
    expect(await readFile(join(reportDir, 'junit.xml'), 'utf8')).toContain('[client side, unchecked]');
    expect(proxy.stdout()).toContain('[client side, unchecked]');
    // Every human-readable format says what the proxy judged and where its model was silent.
    for (const text of [
      proxy.stdout(),
      await readFile(join(reportDir, 'summary.md'), 'utf8'),
      await readFile(join(reportDir, 'report.html'), 'utf8'),
    ]) {
      expect(text).toContain('proxy: 1 exchange, 1 employer · findings: 1 client, 0 server');
    }
    for (const output of [
      text,
      await readFile(join(reportDir, 'report.html'), 'utf8'),
      await readFile(join(reportDir, 'summary.md'), 'utf8'),
      proxy.stdout(),
      proxy.stderr(),
    ])
      expect(output).not.toContain(KEY);
  });

  it('exits 0 with --fail-on none, and 0 after clean traffic on SIGINT', async () => {
    const quiet = await startProxy(['--target', mock.url, '--report-dir', join(dir, 'two'), '--fail-on', 'none', '--flush-every', '0']);
    await rawRequest(`${quiet.url}/api/v1.1/jobs`, { method: 'POST', headers: { 'api-key': KEY } });
    quiet.child.kill('SIGINT');
    expect(await quiet.exit).toBe(0);

    const clean = await startProxy(['--target', mock.url, '--report-dir', join(dir, 'three'), '--flush-every', '0']);
    expect((await rawRequest(`${clean.url}/api/v1.1/jobs`, { headers: { 'api-key': KEY } })).status).toBe(200);
    clean.child.kill('SIGINT');
    expect(await clean.exit).toBe(0);
    expect(clean.stdout()).toContain('PASSED');
  });

  it('exits 2 with one line when --target is missing or not a URL', async () => {
    for (const args of [[], ['--target', 'nope']]) {
      const child = spawn(process.execPath, [CLI, 'proxy', '--port', '0', ...args], { env: { PATH: process.env.PATH ?? '' } });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      expect(await new Promise((r) => child.on('close', r))).toBe(2);
      expect(stderr.trim().split('\n')).toHaveLength(1);
      expect(stderr).toMatch(/^jobs-conformance proxy: error: --target/);
    }
  });

  it('forwards to an https target, SNI and Host its own, with its base path, trusting what NODE_EXTRA_CA_CERTS adds', async () => {
    const tls = join(dir, 'tls');
    await mkdir(tls, { recursive: true });
    // A certificate for localhost, made now: the target the proxy must trust only through NODE_EXTRA_CA_CERTS.
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        join(tls, 'key.pem'),
        '-out',
        join(tls, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const target = createHttpsServer(
      { key: await readFile(join(tls, 'key.pem')), cert: await readFile(join(tls, 'cert.pem')) },
      (req, res) => {
        req.resume();
        const { servername } = req.socket as unknown as { servername?: string };
        const body = `{"host":"${req.headers.host}","url":"${req.url}","servername":"${servername}","amount":1.0}`;
        res.writeHead(200, ['Content-Type', 'application/json', 'Content-Length', String(body.length)]);
        res.end(body);
      },
    );
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const port = (target.address() as AddressInfo).port;
    const proxy = await startProxy(
      ['--target', `https://localhost:${port}/base`, '--report-dir', join(dir, 'tls-report'), '--flush-every', '0', '--fail-on', 'none'],
      { NODE_EXTRA_CA_CERTS: join(tls, 'cert.pem') },
    );
    const res = await rawRequest(`${proxy.url}/api/v1.1/positiontypes`, { headers: { 'api-key': KEY } });
    expect(res.body.toString()).toBe(
      `{"host":"localhost:${port}","url":"/base/api/v1.1/positiontypes","servername":"localhost","amount":1.0}`,
    );
    proxy.child.kill('SIGINT');
    await proxy.exit;
    await new Promise((r) => target.close(r));
  });
});
