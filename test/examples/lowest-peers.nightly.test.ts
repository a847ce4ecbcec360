/**
 * msw is a peer dependency, so an integrator's msw is the one the
 * handlers come from. A fresh project on the LOWEST versions of the peer
 * ranges (msw and express, read from package.json) installs the packed
 * package and gets answers from the handlers: under its own setupServer, run
 * by its own vitest, and through createJobsMiddleware in its own express app.
 * (With msw a regular dependency, the handlers came from the package's nested
 * msw and every request failed "without a matching request handler".)
 *
 * The project is committed (lowest-peers-project/) and installed with `npm ci`
 * from its lockfile, so a release elsewhere cannot change what it installs;
 * `node test/examples/support/lock-project.mjs lowest-peers-project` writes the
 * lockfile afresh. The newest peers are packed-examples.nightly.test.ts's.
 * Nightly (`npm run test:full`): an install and two example runs are about 40 s
 * of CPU, which the PR gate's five minutes on two cores did not have left.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyExamples, createLockedProject, type IntegratorProject } from './support/integrator-project.js';
import { PACKAGE, PEERS, REPO } from './support/repo.js';

/** The lowest version a range admits: the first alternative's `^x.y.z` bound. */
function lowest(range: string): string {
  const match = /^\^(\d+\.\d+\.\d+)(\s|$)/.exec(range.trim());
  if (!match) throw new Error(`cannot read the lowest version of ${JSON.stringify(range)}`);
  return match[1]!;
}

const LOWEST = { msw: lowest(PEERS.msw!), express: lowest(PEERS.express!) };
let project: IntegratorProject;

beforeAll(async () => {
  project = await createLockedProject('lowest-peers-project');
  await copyExamples(project);
}, 360_000);

afterAll(async () => {
  await project?.dispose();
});

describe('the committed lowest-peers project', () => {
  const lock = JSON.parse(readFileSync(join(REPO, 'test/examples/lowest-peers-project/package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; dependencies?: Record<string, string>; peerDependencies?: Record<string, string> }>;
  };
  const fix = 'node test/examples/support/lock-project.mjs lowest-peers-project';

  it('locks the package with the dependencies and peer ranges package.json declares (else the lockfile is stale)', () => {
    const locked = lock.packages['node_modules/jobs-conformance']!;
    expect(locked.dependencies, `stale lockfile: ${fix}`).toEqual(PACKAGE.dependencies);
    expect(locked.peerDependencies, `stale lockfile: ${fix}`).toEqual(PEERS);
  });

  it('locks the lowest msw and express of the peer ranges', () => {
    expect(lock.packages['node_modules/msw']?.version, `edit its package.json, then ${fix}`).toBe(LOWEST.msw);
    expect(lock.packages['node_modules/express']?.version, `edit its package.json, then ${fix}`).toBe(LOWEST.express);
  });
});

describe(`an integrator project on msw ${LOWEST.msw} and express ${LOWEST.express}`, () => {
  it("has the lowest versions installed, and the package uses the project's msw", async () => {
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
