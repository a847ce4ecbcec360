/**
 * The GitHub Action (action.yml, a composite action): its metadata is valid against the published action
 * metadata schema, it hands every input to its script, and its script (action/run.sh), run here as a runner
 * would run it (the GITHUB_* files in a temporary folder) against the mock, writes the step summary and the
 * step's outputs and exits like the CLI.
 *
 * github-action.schema.json is SchemaStore's (github.com/SchemaStore/schemastore,
 * src/schemas/json/github-action.json at commit 3b6446ad8a077bac56f4a4796c0b7fd88927fc8e, Apache-2.0; published as
 * https://json.schemastore.org/github-action.json), vendored unchanged: no npm package ships it.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { createMockServer } from '../../mock/index.js';

const SCHEMA = JSON.parse(await readFile('test/action/github-action.schema.json', 'utf8')) as object;
const ACTION = parse(await readFile('action.yml', 'utf8')) as {
  inputs: Record<string, { required?: boolean }>;
  runs: { steps: { id?: string; env?: Record<string, string>; run?: string; uses?: string }[] };
};
const INPUTS = ['base-url', 'api-key', 'second-api-key', 'strict', 'fail-on', 'shard', 'baseline', 'report-dir'];

interface ScriptRun {
  code: number | null;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'jobs-action-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** action/run.sh with the action's inputs as action.yml passes them (INPUT_*), and the runner's files in `dir`. */
async function runScript(inputs: Record<string, string>, env: Record<string, string> = {}): Promise<ScriptRun> {
  const files = { GITHUB_OUTPUT: join(dir, 'output'), GITHUB_STEP_SUMMARY: join(dir, 'step-summary.md') };
  const inputEnv = Object.fromEntries(
    Object.entries(inputs).map(([name, value]) => [`INPUT_${name.toUpperCase().replace(/-/g, '_')}`, value]),
  );
  const { code, stdout, stderr } = await new Promise<{ code: number | null; stdout: string; stderr: string }>((done, fail) => {
    const child = spawn('bash', ['action/run.sh'], {
      env: { PATH: process.env.PATH ?? '', GITHUB_ACTIONS: 'true', ...files, ...inputEnv, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
    child.on('error', fail);
    child.on('close', (exit) => done({ code: exit, stdout: out, stderr: err }));
  });
  const read = (path: string) => readFile(path, 'utf8').catch(() => '');
  const outputs = Object.fromEntries(
    (await read(files.GITHUB_OUTPUT))
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
  return { code, stdout, stderr, outputs, summary: await read(files.GITHUB_STEP_SUMMARY) };
}

describe('action.yml', () => {
  it('is valid against the GitHub Action metadata schema', () => {
    const validate = new Ajv({ strict: false, allErrors: true }).compile(SCHEMA);
    expect(validate(ACTION), JSON.stringify(validate.errors, null, 2)).toBe(true);
  });

  it('the schema refuses what GitHub refuses (a run step without a shell, an unknown key)', () => {
    const validate = new Ajv({ strict: false }).compile(SCHEMA);
    const noShell = { ...ACTION, runs: { using: 'composite', steps: [{ run: 'echo' }] } };
    expect(validate(noShell)).toBe(false);
    expect(validate({ ...ACTION, inputz: {} })).toBe(false);
  });

  it('declares the inputs, and its step hands each one to the script as INPUT_*', () => {
    expect(Object.keys(ACTION.inputs).sort()).toEqual([...INPUTS].sort());
    expect(
      Object.entries(ACTION.inputs)
        .filter(([, input]) => input.required === true)
        .map(([name]) => name),
    ).toEqual(['base-url', 'api-key']);
    const step = ACTION.runs.steps.find((candidate) => candidate.id === 'run')!;
    expect(step.run).toContain('action/run.sh');
    for (const name of INPUTS) expect(step.env?.[`INPUT_${name.toUpperCase().replace(/-/g, '_')}`], name).toBe(`\${{ inputs.${name} }}`);
    expect(ACTION.runs.steps.some((candidate) => candidate.uses?.startsWith('actions/upload-artifact@'))).toBe(true);
  });
});

describe('docs/ci.md', () => {
  it('uses the action with inputs it declares, the required ones included', async () => {
    const blocks = [...(await readFile('docs/ci.md', 'utf8')).matchAll(/```yaml\n([\s\S]*?)```/g)].map(
      (match) => parse(match[1]!) as unknown,
    );
    const uses = blocks.flatMap((block) =>
      Object.values((block as { jobs?: Record<string, { steps?: { uses?: string; with?: Record<string, unknown> }[] }> }).jobs ?? {})
        .flatMap((job) => job.steps ?? [])
        .filter((step) => /\/jobs-conformance@/.test(step.uses ?? '')),
    );
    expect(uses.length).toBeGreaterThan(0);
    for (const step of uses) {
      expect(Object.keys(step.with ?? {}).filter((name) => !INPUTS.includes(name))).toEqual([]);
      expect(step.with).toHaveProperty('base-url');
      expect(step.with).toHaveProperty('api-key');
    }
  });
});

describe('action/run.sh', () => {
  it('runs the suite against the mock: the step summary is summary.md, the outputs name the verdict, exit 0', async () => {
    await using mock = await createMockServer({ port: 0 });
    const reportDir = join(dir, 'report');
    // JOBS_ONLY (every flag has its variable) keeps the run short; the action passes the environment through.
    const run = await runScript(
      {
        'base-url': mock.url,
        'api-key': 'demo-key-1',
        'second-api-key': 'demo-key-2',
        strict: 'true',
        shard: '1/2',
        'report-dir': reportDir,
      },
      { JOBS_ONLY: 'jobs.create', JOBS_SEED: '5' },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.outputs).toEqual({
      'artifact-name': 'conformance-report-shard-1-of-2',
      'report-dir': reportDir,
      'exit-code': '0',
      verdict: 'passed',
    });
    const summary = await readFile(join(reportDir, 'summary.md'), 'utf8');
    expect(summary).toMatch(/\S/);
    expect(run.summary).toBe(`${summary}\n`);
    // The inputs reached the CLI: shard 1 of 2, --strict.
    const report = JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as {
      shard?: { index: number; count: number };
      options?: { strict?: boolean };
    };
    expect(report.shard).toEqual({ index: 1, count: 2 });
    expect(report.options?.strict).toBe(true);
    // The runner masks both keys in the log.
    expect(run.stdout).toContain('::add-mask::demo-key-1\n');
    expect(run.stdout).toContain('::add-mask::demo-key-2\n');
  });

  it('exits 2 on an input it cannot use, still naming the artifact, with no verdict and no summary', async () => {
    const run = await runScript({ 'base-url': 'http://127.0.0.1:1', 'api-key': 'k', strict: 'maybe' });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/strict must be true or false, not maybe/);
    expect(run.outputs).toEqual({ 'artifact-name': 'conformance-report', 'report-dir': 'conformance-report', 'exit-code': '2' });
    expect(run.summary).toBe('');
  });
});
