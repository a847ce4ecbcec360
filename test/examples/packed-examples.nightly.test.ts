/**
 * Every example of the README and docs/ (the files of examples/,
 * which `npm run generate` inlines there) runs as written from the packed
 * package, installed from its tarball into a fresh project with the newest
 * msw of the peer range, express 5 and that project's own vitest and tsc; and
 * the examples type-check against the package's declarations under
 * `nodenext` and under `bundler`, with skipLibCheck off.
 *
 * Nightly (`npm run test:full`): the newest versions come from the registry on the
 * day, so a release elsewhere can turn this red; lowest-peers.nightly.test.ts
 * installs a locked project beside it.
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyExamples, createIntegratorProject, PEERS, type CommandResult, type IntegratorProject } from './support/integrator-project.js';

/** The two module resolutions integrators use: Node's own, and a bundler's. */
const TSCONFIGS = {
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
} as const;

/** What each runnable example must print: proof that it did its job, not only that it exited 0. */
const EXPECTED_OUTPUT: Record<string, RegExp> = {
  'create-mock-server.ts': /^201 http:\/\/127\.0\.0\.1:\d+\/api\/v1\.1\/jobs\/1$/m,
  'express-middleware.ts': /^200 1 job$/m,
  'profiles.ts': /^random (absolute|relative)\nalt$/m,
  'validate-body.ts': /^\/salary\/period dependentRequired: must have property period/m,
  'run-conformance.ts': /^passed \{/m,
  'gating.ts': /^passed \[/m,
  'request-journal.ts': /^1 POST \/api\/v1\.1\/jobs 201$/m,
  'validating-proxy.ts': /^client proxy\.client\.content-type\nfailed 2$/m,
};
/** Type-checked here, run in Chromium by test/browser/msw-worker.browser.test.ts. */
const BROWSER_ONLY = ['msw-browser.ts'];

let project: IntegratorProject;
let examples: string[];
const typeChecks: Partial<Record<keyof typeof TSCONFIGS, CommandResult>> = {};

beforeAll(async () => {
  project = await createIntegratorProject([
    `msw@${PEERS.msw}`,
    'express@^5',
    '@types/express@^5',
    'vitest@^4',
    'typescript@^5',
    '@types/node@^20',
  ]);
  examples = await copyExamples(project);
  await Promise.all(
    Object.entries(TSCONFIGS).map(async ([name, resolution]) => {
      const compilerOptions = {
        ...resolution,
        target: 'ES2022',
        lib: ['ES2023', 'DOM'],
        types: ['node'],
        strict: true,
        skipLibCheck: false,
        noEmit: true,
      };
      await writeFile(join(project.dir, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions, include: ['examples'] }, null, 2));
      typeChecks[name as keyof typeof TSCONFIGS] = await project.run('npx', ['tsc', '-p', `tsconfig.${name}.json`], 180_000);
    }),
  );
}, 420_000);

afterAll(async () => {
  await project?.dispose();
});

describe('the packed package in a fresh project', () => {
  it("installs one msw, the project's (the newest of the peer range), not a copy of its own", async () => {
    expect(await project.mswCopies()).toEqual([join(project.dir, 'node_modules/msw')]);
    expect(await project.installedVersion('msw')).toMatch(/^2\./);
  });

  it('covers every example file, each run or type-checked', () => {
    expect([...examples].sort()).toEqual([...Object.keys(EXPECTED_OUTPUT), ...BROWSER_ONLY, 'msw-vitest.test.ts'].sort());
  });

  it.each(Object.keys(TSCONFIGS))('type-checks every example under moduleResolution %s with skipLibCheck off', (name) => {
    const result = typeChecks[name as keyof typeof TSCONFIGS]!;
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it.each(Object.entries(EXPECTED_OUTPUT))('runs examples/%s as written', async (file, expected) => {
    const result = await project.run('node', [`build/${file.replace(/\.ts$/, '.js')}`], 120_000);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(expected);
  });

  it("runs the MSW example with the project's vitest: every handler answers", async () => {
    const result = await project.run('npx', ['vitest', 'run', 'examples/msw-vitest.test.ts'], 120_000);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Tests\s+3 passed/);
  });
});
