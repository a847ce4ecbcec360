import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Exchange } from '../schemas/types.gen.js';
import { curlFor, shellQuote } from './curl.js';
import { REDACTED } from '../vocabulary/index.js';

/** Runs `command` in sh with `curl` replaced by a function that prints each argument, NUL-terminated. */
function argsOf(command: string, env: Record<string, string> = {}): string[] {
  const script = `curl() { for a in "$@"; do printf '%s\\0' "$a"; done; }; ${command}`;
  return execFileSync('sh', ['-c', script], { env: { PATH: process.env.PATH ?? '', ...env }, encoding: 'utf8' })
    .split('\0')
    .slice(0, -1);
}

const exchange = (body: string | null, headers: Record<string, string>, keyEnv?: string): Exchange => ({
  request: { method: 'POST', url: 'http://127.0.0.1:4010/api/v1.1/jobs?q=a b', headers, body, ...(keyEnv ? { keyEnv } : {}) },
  durationMs: 1,
});

describe('shellQuote', () => {
  it.each(["it's", 'a b', '$HOME', '`id`', 'new\nline', '"double"', 'back\\slash', '!bang', '', 'plain-value_1.0'])(
    'survives the shell unchanged: %j',
    (value) => {
      expect(argsOf(`curl ${shellQuote(value)}`)).toEqual([value]);
    },
  );
});

describe('curlFor', () => {
  it('reproduces method, url, headers and body exactly, with the key from the environment', () => {
    const body = JSON.stringify({ title: "O'Brien & $sons `x`", description: '<p>"q"</p>' });
    const command = curlFor(
      exchange(body, {
        'api-key': REDACTED,
        'content-type': 'application/json',
        'x-conformance-case-id': 'c1',
        accept: 'application/json',
      }),
    );
    expect(command).toContain('"API-Key: $JOBS_API_KEY"');
    expect(command).not.toContain('x-conformance-case-id');
    expect(argsOf(command, { JOBS_API_KEY: 'the-real-key' })).toEqual([
      '-sS',
      '-i',
      '-X',
      'POST',
      'http://127.0.0.1:4010/api/v1.1/jobs?q=a b',
      '-H',
      'API-Key: the-real-key',
      '-H',
      'content-type: application/json',
      '--data-raw',
      body,
    ]);
  });

  it("names the second employer's variable and keeps an invented key as sent", () => {
    expect(curlFor(exchange(null, { 'api-key': REDACTED }, 'JOBS_SECOND_API_KEY'))).toContain('$JOBS_SECOND_API_KEY');
    expect(argsOf(curlFor(exchange(null, { 'api-key': 'jcabc-not-a-key' })))).toContain('api-key: jcabc-not-a-key');
  });

  it('says when the recorded body was truncated', () => {
    expect(curlFor({ ...exchange('x', {}), request: { ...exchange('x', {}).request, bodyTruncated: true } })).toMatch(/# body truncated/);
  });
});
