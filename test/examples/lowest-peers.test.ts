/**
 * Issue 15: msw is a peer dependency, so an integrator's msw is the one the
 * handlers come from. A fresh project on the LOWEST versions of the peer
 * ranges (msw and express, read from package.json) installs the packed
 * package and gets answers from the handlers: under its own setupServer, run
 * by its own vitest, and through createJobsMiddleware in its own express app.
 * (With msw a regular dependency, the handlers came from the package's nested
 * msw and every request failed "without a matching request handler".)
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyExamples, createIntegratorProject, PEERS, type IntegratorProject } from './support/integrator-project.js';

/** The lowest version a range admits: the first alternative's `^x.y.z` bound. */
function lowest(range: string): string {
  const match = /^\^(\d+\.\d+\.\d+)(\s|$)/.exec(range.trim());
  if (!match) throw new Error(`cannot read the lowest version of ${JSON.stringify(range)}`);
  return match[1]!;
}

const LOWEST = { msw: lowest(PEERS.msw!), express: lowest(PEERS.express!) };
let project: IntegratorProject;

beforeAll(async () => {
  project = await createIntegratorProject([`msw@${LOWEST.msw}`, `express@${LOWEST.express}`, 'vitest@^4']);
  await copyExamples(project);
}, 360_000);

afterAll(async () => {
  await project?.dispose();
});

describe(`an integrator project on msw ${LOWEST.msw} and express ${LOWEST.express}`, () => {
  it('has the lowest versions installed, and the package uses the project\'s msw', async () => {
    expect(await project.installedVersion('msw')).toBe(LOWEST.msw);
    expect(await project.installedVersion('express')).toBe(LOWEST.express);
    expect(await project.mswCopies()).toEqual([join(project.dir, 'node_modules/msw')]);
  });

  it('gets answers from the handlers under its own setupServer (the MSW example, with its vitest)', async () => {
    const result = await project.run('npx', ['vitest', 'run', 'examples/msw-vitest.test.ts'], 120_000);
    expect(result.code, result.stdout + result.stderr).toBe(0);
    expect(result.stdout).toMatch(/Tests\s+3 passed/);
  });

  it('gets answers from createJobsMiddleware in its own express app (the express example)', async () => {
    const result = await project.run('node', ['build/express-middleware.js'], 60_000);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/^200 1 job$/m);
  });
});
