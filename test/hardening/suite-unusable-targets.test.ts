/**
 * The suite against targets it cannot use at all (spec-independent failure
 * modes of a real deployment): every request hangs, every connection drops,
 * every answer is HTML, invalid JSON or a 500. The CLI must end promptly with
 * exit code 2 and one clear line naming the cause: never a crash, a stack
 * trace or a hang.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupReportDir, runCli, type CliRun } from './helpers/run-cli.js';
import { startHostileProxy, type Behaviour, type HostileProxy } from './helpers/hostile-proxy.js';

let target: HostileProxy | undefined;
let run: CliRun | undefined;
afterEach(async () => {
  await target?.close();
  if (run) cleanupReportDir(run.reportDir);
  target = run = undefined;
});

/**
 * Runs the CLI against `behaviour`. Only the hanging target needs a short --timeout-ms (it is what ends that run); the
 * others answer, so they get a timeout a loaded machine's answer stays well within.
 */
async function against(behaviour: Behaviour, args: string[] = []): Promise<CliRun> {
  target = await startHostileProxy(() => behaviour);
  const timeoutMs = behaviour.kind === 'hang' ? HANG_TIMEOUT_MS : 5_000;
  run = await runCli(target.url, { args: ['--timeout-ms', String(timeoutMs), ...args], deadlineMs: 20_000 });
  return run;
}

const HANG_TIMEOUT_MS = 400;

/** Exit 2, a one-line reason on stderr, no stack trace, no internal error. */
function expectCannotRun(result: CliRun, reason: RegExp): void {
  expect(result.signal, result.stderr).toBeNull();
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toMatch(/jobs-conformance: cannot run: /);
  expect(result.stderr).toMatch(reason);
  expect(result.stderr).not.toMatch(/internal error|\n\s+at [^\n]+:\d+:\d+/);
  expect(result.stderr).not.toContain('demo-key-1');
}

describe('a target the suite cannot use ends the run with exit 2 and the reason', () => {
  it('hangs on every request: the per-request timeout (--timeout-ms) ends it', async () => {
    const result = await against({ kind: 'hang' });
    expectCannotRun(result, new RegExp(`no response within ${HANG_TIMEOUT_MS} ms`));
    expect(target!.counts.hang).toBeGreaterThan(0);
  });

  it('drops every connection', async () => {
    const result = await against({ kind: 'drop-before' });
    expectCannotRun(result, /no response from http:\/\/127\.0\.0\.1:\d+/);
  });

  it('answers HTML to everything', async () => {
    const result = await against({
      kind: 'answer',
      status: 200,
      headers: { 'content-type': 'text/html' },
      body: '<!doctype html><h1>Welcome to nginx!</h1>',
    });
    expectCannotRun(result, /cannot read the position types/);
  });

  it('answers invalid JSON to everything', async () => {
    const result = await against({
      kind: 'answer',
      status: 200,
      headers: { 'content-type': 'application/json' },
      body: '{"data": [{"id": 1,',
    });
    expectCannotRun(result, /cannot read the position types/);
  });

  it('answers 500 to everything', async () => {
    const result = await against({ kind: 'answer', status: 500, headers: { 'content-type': 'text/plain' }, body: 'Internal Server Error' });
    expectCannotRun(result, /answered 500/);
  });
});
