/**
 * `--only` and `--skip` of check-har and the proxy: a skipped check's finding disappears, `--only` keeps only the
 * named rules, every rule not run is listed as skipped with the flag that dropped it, and a pattern that names no
 * rule the proxy checks is a usage error (exit 2, one line).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/conformance-command.js';
import { createMockServer } from '../../mock/testing.js';
import { harEntry, harOf } from '../../proxy/har/har-fixtures.test-support.js';
import { runProxy } from '../../proxy/run-proxy.js';
import type { ConformanceReport } from '../../schemas/types.gen.js';

async function cli(args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await main({
    argv: ['node', 'jobs-conformance', ...args],
    env: {},
    stdout: { write: () => true } as never,
    stderr: { write: (chunk: string) => ((stderr += chunk), true) } as never,
  });
  return { code, stderr };
}

/** A list asked without an API-Key (the client's fault), answered with a page longer than its paging says (the server's). */
function brokenList(): string {
  const entry = harEntry({ url: 'http://127.0.0.1:4010/api/v1.1/jobs' });
  const text = JSON.stringify({ data: [], paging: { total: 3, page: 1, pages: 1, pageSize: 10, previous: null, next: null } });
  entry.response.content = { size: text.length, mimeType: 'application/json', text };
  return JSON.stringify(harOf([entry]));
}

const failed = (report: ConformanceReport): string[] => report.rules.filter((r) => r.mismatches.length > 0).map((r) => r.id);
const skipped = (report: ConformanceReport, id: string) => report.rules.find((r) => r.id === id && r.status === 'skipped');
const CLIENT_KEY = 'proxy.client.api-key';

describe('check selection', () => {
  let dir: string;
  let har: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'check-selection-'));
    har = join(dir, 'traffic.har');
    await writeFile(har, brokenList());
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** check-har on the broken list with `flags`: its exit code and report. */
  async function checkHar(name: string, flags: string[]): Promise<{ code: number; report: ConformanceReport }> {
    const out = join(dir, name);
    const { code } = await cli(['check-har', har, '--report-dir', out, '--reporter', 'json', ...flags]);
    return { code, report: JSON.parse(await readFile(join(out, 'report.json'), 'utf8')) as ConformanceReport };
  }

  it('check-har --skip: the skipped check finds nothing and is listed as skipped, the others still find', async () => {
    const all = await checkHar('all', []);
    expect(all.code).toBe(1);
    expect(failed(all.report)).toContain(CLIENT_KEY);
    const serverFindings = failed(all.report).filter((id) => id.startsWith('jobs.paging.'));
    expect(serverFindings).not.toEqual([]);
    expect(all.report.rules.filter((r) => r.status === 'skipped')).toEqual([]);

    const run = await checkHar('skip', ['--skip', 'proxy.client']);
    expect(failed(run.report)).toEqual(failed(all.report).filter((id) => id !== CLIENT_KEY));
    expect(skipped(run.report, CLIENT_KEY)?.skipReason).toBe('skipped by --skip proxy.client');
    expect(run.report.replayCommand).toContain('--skip proxy.client');
  });

  it('check-har --only: only the named rules run; every other rule is listed as not selected', async () => {
    const run = await checkHar('only', ['--only', 'jobs.paging.*']);
    expect(run.code).toBe(1);
    const ran = run.report.rules.filter((r) => r.status !== 'skipped').map((r) => r.id);
    expect(ran).not.toEqual([]);
    expect(ran.every((id) => id.startsWith('jobs.paging.'))).toBe(true);
    expect(skipped(run.report, CLIENT_KEY)?.skipReason).toBe('not selected by --only jobs.paging.*');
    expect(failed(run.report).every((id) => id.startsWith('jobs.paging.'))).toBe(true);
  });

  it.each([
    ['check-har --only', ['check-har', 'traffic.har', '--only', 'jobs.nothing'], /--only jobs\.nothing matches no rule the proxy checks/],
    ['check-har --skip', ['check-har', 'traffic.har', '--skip', 'nothing.*'], /--skip nothing\.\* matches no rule the proxy checks/],
    ['proxy --skip', ['proxy', '--target', 'http://127.0.0.1:9', '--skip', 'jobs.nothing'], /--skip jobs\.nothing matches no rule/],
  ])('%s naming no rule: exit 2, one line', async (_, args, message) => {
    const run = await cli(args);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(message);
  });

  it('the proxy judges with the selection on its worker thread', async () => {
    await using mock = await createMockServer();
    await using proxy = await runProxy({ target: mock.url, selection: { only: [CLIENT_KEY] } });
    await fetch(`${proxy.url}/api/v1.1/jobs`);
    const report = await proxy.report();
    expect(report.rules.filter((r) => r.status !== 'skipped').map((r) => r.id)).toEqual([CLIENT_KEY]);
    expect(failed(report)).toEqual([CLIENT_KEY]);
    expect(report.rules.length).toBeGreaterThan(1);
  });
});
