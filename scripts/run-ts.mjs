#!/usr/bin/env node
// usage: node scripts/run-ts.mjs FILE.ts [args...]
// Runs a TypeScript dev tool of this checkout from its sources (through scripts/bundle-module.mjs), without a build:
// the package's build leaves test/ out. The tool sees its own arguments from process.argv[2] on, as under node.
import { resolve } from 'node:path';
import { loadModule } from './bundle-module.mjs';

const [file] = process.argv.splice(2, 1);
if (!file) {
  console.error('usage: node scripts/run-ts.mjs FILE.ts [args...]');
  process.exit(2);
}
await loadModule(resolve(file));
