#!/usr/bin/env node
/**
 * @module Profiles the conformance suite's CLI (dist/) in one run against the
 * standalone mock: `node bench/profile-suite.mjs [runs]`. The suite runs with
 * --cpu-prof in its own process; the profile goes to bench/out/profiles/
 * (git-ignored) and its top self-time functions are printed.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startChild } from './lib/child.mjs';
import { topFunctions } from './lib/top-functions.mjs';

const runs = process.argv[2] === undefined ? undefined : Number(process.argv[2]);
const dir = fileURLToPath(new URL('./out/profiles/', import.meta.url));
mkdirSync(dir, { recursive: true });
const before = new Set(readdirSync(dir));
const mock = await startChild('children/mock-server.mjs', ['{}']);
const reportDir = mkdtempSync(join(tmpdir(), 'jobs-profile-suite-'));
try {
  const suite = await startChild('children/suite-run.mjs', [JSON.stringify({ url: mock.info.url, runs, seed: 1, reportDir })], {
    execArgv: ['--cpu-prof', `--cpu-prof-dir=${dir}`],
    timeoutMs: 900_000,
  });
  const { requests, cpuMs, wallMs } = suite.info;
  await new Promise((resolve) => suite.proc.once('exit', resolve));
  const file = readdirSync(dir).find((name) => name.endsWith('.cpuprofile') && !before.has(name));
  console.log(
    `${requests} requests in ${(wallMs / 1000).toFixed(1)} s; suite CPU ${(cpuMs / requests).toFixed(3)} ms/request; profile ${dir}${file}`,
  );
  for (const f of topFunctions(`${dir}${file}`, 40))
    console.log(`${f.ms.toFixed(0).padStart(7)} ms ${(f.share * 100).toFixed(1).padStart(5)}%  ${f.name}  ${f.where}`);
} finally {
  await mock.stop();
  rmSync(reportDir, { recursive: true, force: true });
}
