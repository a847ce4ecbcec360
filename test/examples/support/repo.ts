/** @module Where the repository is, and what its package.json declares, for the integrator projects. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../../', import.meta.url));

interface PackageJson {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
}

export const PACKAGE = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8')) as PackageJson;

/** The package's peer dependency ranges (msw, express), as package.json declares them. */
export const PEERS = PACKAGE.peerDependencies;
