/**
 * The CI recipes in docs/ (docs/ci.md): each is valid YAML, and every `jobs-conformance` command in
 * its steps is one the CLI accepts: parsed and validated as main() does before it sends anything
 * (checkCommandLine), with GitHub expressions replaced by sample values. Each sets up Node on every
 * supported line (.ci/node-lines.sh), through a node-version matrix.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { checkCommandLine } from './conformance-command.js';

const RECIPES = [
  ...readdirSync('docs/ci')
    .filter((name) => name.endsWith('.yml'))
    .map((name) => join('docs/ci', name)),
  'docs/github-actions-example.yml',
];

/** A sample value for each GitHub expression the recipes use; an expression not listed fails the test, so a new one is looked at. */
const EXPRESSIONS: Readonly<Record<string, string>> = {
  'matrix.shard': '3',
  'matrix.node-version': '24',
  'github.run_number': '42',
};

/** The supported Node.js lines, as .ci/run tests them (.ci/node-lines.sh: the gate's line and the others). */
function supportedNodeLines(script: string): number[] {
  const gate = /^NODE_GATE_LINE=(\d+)$/m.exec(script)?.[1];
  const others = /^NODE_OTHER_LINES=\(([\d ]+)\)$/m.exec(script)?.[1];
  if (gate === undefined || others === undefined) throw new Error('.ci/node-lines.sh sets no NODE_GATE_LINE or NODE_OTHER_LINES');
  return [gate, ...others.trim().split(/\s+/)].map(Number).sort((a, b) => a - b);
}

interface Job {
  strategy?: { matrix?: Record<string, unknown> };
  container?: unknown;
  steps?: { uses?: string; run?: unknown; with?: Record<string, unknown> }[];
}

/** How each job of a workflow sets up Node: the node-version of setup-node, or the container's image. */
function nodeSetups(workflow: unknown): { job: string; version: unknown; matrix: unknown }[] {
  const jobs = (workflow as { jobs?: Record<string, Job> }).jobs ?? {};
  return Object.entries(jobs).flatMap(([name, job]) => {
    const matrix = job.strategy?.matrix?.['node-version'];
    const setupNode = (job.steps ?? []).filter((step) => step.uses?.startsWith('actions/setup-node@'));
    const versions = [...setupNode.map((step) => step.with?.['node-version']), ...(job.container === undefined ? [] : [job.container])];
    return versions.map((version) => ({ job: name, version, matrix }));
  });
}

/** In a run, the URL and key come from the environment (secrets); these stand in for them. */
const ENV = { JOBS_BASE_URL: 'https://staging.example.com', JOBS_API_KEY: 'sample-key' };

/** Every `run:` script of every step of every job. */
function runScripts(workflow: unknown): string[] {
  const jobs = (workflow as { jobs?: Record<string, Job> }).jobs ?? {};
  return Object.values(jobs).flatMap((job) =>
    (job.steps ?? []).map((step) => step.run).filter((run): run is string => typeof run === 'string'),
  );
}

/** The argument lists of the `jobs-conformance` commands in a shell script (quotes, `\` line continuations, `;`, `&&`, `|`, redirections). */
function conformanceCommands(script: string): string[][] {
  const text = script.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const value = EXPRESSIONS[expression];
    if (value === undefined) throw new Error(`no sample value for the expression \${{ ${expression} }}: add it to EXPRESSIONS`);
    return value;
  });
  const commands: string[][] = [];
  for (const line of text.replace(/\\\n/g, ' ').split('\n')) {
    let words: string[] = [];
    const end = () => {
      const start = words[0] === 'npx' ? 1 : 0;
      if (words[start] === 'jobs-conformance') commands.push(words.slice(start + 1));
      words = [];
    };
    const tokens = line.match(/'[^']*'|"(?:[^"\\]|\\.)*"|\d?>>?&?\d?|&&|\|\||[|;&]|#.*$|[^\s'"|;&>]+/g) ?? [];
    for (let i = 0; i < tokens.length; i += 1) {
      const token = tokens[i]!;
      if (token.startsWith('#')) break;
      if (['&&', '||', '|', ';', '&'].includes(token)) end();
      else if (/^\d?>/.test(token)) {
        if (!/&\d$/.test(token)) i += 1; // a redirection and its file
      } else words.push(token.replace(/^'(.*)'$/, '$1').replace(/^"(.*)"$/, '$1'));
    }
    end();
  }
  return commands;
}

function check(args: string[]): void {
  let stderr = '';
  const sink = (append: (text: string) => void) =>
    new Writable({ write: (chunk: Buffer, _encoding, done) => (append(chunk.toString('utf8')), done()) });
  try {
    checkCommandLine({
      argv: ['node', 'jobs-conformance', ...args],
      env: ENV,
      stdout: sink(() => {}),
      stderr: sink((text) => (stderr += text)),
    });
  } catch (error) {
    throw new Error(`jobs-conformance ${args.join(' ')}: ${stderr.trim() || (error as Error).message}`, { cause: error });
  }
}

describe('the CI recipes in docs/', () => {
  it('finds the commands of a step, wherever the shell puts them', () => {
    expect(
      conformanceCommands('status=0\nnpx jobs-conformance diff a.json b.json --format markdown > drift.md || status=$?\ncat drift.md'),
    ).toEqual([['diff', 'a.json', 'b.json', '--format', 'markdown']]);
    expect(
      conformanceCommands(
        'npx jobs-conformance \\\n  --shard ${{ matrix.shard }}/4 \\\n  --report-dir "shard-1" 2>&1 | tee log # a comment',
      ),
    ).toEqual([['--shard', '3/4', '--report-dir', 'shard-1']]);
  });

  it('refuses what the CLI refuses (an unknown flag, a bad value, a diff without its files)', () => {
    expect(() => check(['--no-such-flag'])).toThrow(/unknown option/);
    expect(() => check(['--runs', 'many'])).toThrow(/--runs must be an integer/);
    expect(() => check(['diff', 'old.json'])).toThrow(/missing required argument/);
    expect(() => check(['diff', 'a.json', 'b.json', '--fail-on', 'flaky'])).toThrow(/unknown condition/);
  });

  it.each(RECIPES)('%s is valid YAML and every jobs-conformance command in it is accepted by the CLI', (file) => {
    const workflow: unknown = parse(readFileSync(file, 'utf8'));
    const commands = runScripts(workflow).flatMap(conformanceCommands);
    expect(commands.length, `${file} runs jobs-conformance`).toBeGreaterThan(0);
    const refused: string[] = [];
    for (const args of commands) {
      try {
        check(args);
      } catch (error) {
        refused.push((error as Error).message);
      }
    }
    expect(refused).toEqual([]);
  });

  it('reads the supported Node lines from .ci/node-lines.sh', () => {
    expect(supportedNodeLines('NODE_GATE_LINE=24\nNODE_OTHER_LINES=(22 26)\n')).toEqual([22, 24, 26]);
    expect(() => supportedNodeLines('NODE_GATE_LINE=24\n')).toThrow(/NODE_OTHER_LINES/);
  });

  it('set up Node on every supported line, the lowest of which package.json requires', () => {
    const lines = supportedNodeLines(readFileSync('.ci/node-lines.sh', 'utf8'));
    const engines = (JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe(`>=${lines[0]}`);
    const wrong = RECIPES.flatMap((file) =>
      nodeSetups(parse(readFileSync(file, 'utf8')))
        .filter(
          ({ version, matrix }) =>
            !/^(node:)?\$\{\{ matrix\.node-version \}\}(-[a-z]+)?$/.test(String(version)) ||
            JSON.stringify(matrix) !== JSON.stringify(lines),
        )
        .map(({ job, version, matrix }) => `${file} ${job}: node ${String(version)}, matrix ${JSON.stringify(matrix)}`),
    );
    expect(wrong).toEqual([]);
    expect(RECIPES.every((file) => nodeSetups(parse(readFileSync(file, 'utf8'))).length > 0)).toBe(true);
  });

  it('cover the shards with a merge, the time budget and the drift check', () => {
    const all = (file: string) => runScripts(parse(readFileSync(join('docs/ci', file), 'utf8'))).flatMap(conformanceCommands);
    const shards = all('github-actions-shards.yml');
    expect(shards.some((args) => args.includes('--shard'))).toBe(true);
    expect(shards.some((args) => args[0] === 'merge-reports')).toBe(true);
    expect(all('nightly-duration.yml').some((args) => args.includes('--duration'))).toBe(true);
    const drift = all('drift-check.yml');
    expect(drift.some((args) => args.includes('--compare-with'))).toBe(true);
    expect(drift.some((args) => args[0] === 'diff')).toBe(true);
  });
});
