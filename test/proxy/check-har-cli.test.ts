/**
 * `jobs-conformance check-har` on files it cannot judge: one line saying why, exit 2, and no report (nothing is
 * judged in part). And its gating: --fail-on and --baseline as the proxy has them.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../cli/conformance-command.js';
import { harEntry, harOf } from '../../proxy/har/har-fixtures.test-support.js';

async function cli(args: string[]): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const code = await main({
    argv: ['node', 'jobs-conformance', 'check-har', ...args],
    env: {},
    stdout: { write: () => true } as never,
    stderr: { write: (chunk: string) => ((stderr += chunk), true) } as never,
  });
  return { code, stderr };
}

const badBase64 = () => {
  const entry = harEntry();
  entry.response.content = { size: 4, mimeType: 'application/json', text: '@@@@', encoding: 'base64' };
  return JSON.stringify(harOf([entry]));
};
const missingField = (version: string) => {
  const entry = harEntry() as unknown as Record<string, unknown>;
  delete entry.cache;
  return JSON.stringify(harOf([entry as never], version));
};
const whole = JSON.stringify(harOf([harEntry(), harEntry()]));

describe('check-har refuses what it cannot judge, whole', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'check-har-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['a file that is not HAR', '{"swagger": "2.0"}', /is not a HAR file: it has no "log" object/],
    ['a file that is not JSON', 'GET /api/v1.1/jobs HTTP/1.1', /is not a HAR file: it is not JSON/],
    ['a truncated file', whole.slice(0, whole.length - 40), /ends before its JSON does \(a truncated file\?\)/],
    ['a HAR 1.2 entry missing a field', missingField('1.2'), /is not a valid HAR file: at \/log\/entries\/0, missing field "cache"/],
    ['a HAR 1.1 entry missing a field', missingField('1.1'), /is not a valid HAR file: at \/log\/entries\/0, missing field "cache"/],
    ['a body marked base64 that is not', badBase64(), /entry 0 \(GET .*\), response: the body is marked base64 but is not base64/],
    [
      'traffic with no request to the API',
      JSON.stringify(harOf([harEntry({ url: 'http://127.0.0.1:4010/index.html' })])),
      /no entry is a request under \/api\/v1\.1/,
    ],
  ])('%s: exit 2, one line, no report', async (name, text, message) => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.har`);
    const out = join(dir, `${name.replace(/\W+/g, '-')}-report`);
    await writeFile(file, text);
    const run = await cli([file, '--report-dir', out]);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^jobs-conformance check-har: error: /);
    expect(run.stderr).toMatch(message);
    expect(existsSync(join(out, 'report.json'))).toBe(false);
  });

  it('a file that does not exist: exit 2', async () => {
    const run = await cli([join(dir, 'nowhere.har')]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/error: cannot read .*nowhere\.har/);
  });

  it('a --base-url that is no http URL: exit 2', async () => {
    const file = join(dir, 'ok.har');
    await writeFile(file, whole);
    const run = await cli([file, '--base-url', 'ftp://example.test']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--base-url: "ftp:\/\/example\.test" is no http or https URL/);
  });
});
