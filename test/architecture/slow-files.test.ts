/**
 * The files the sequencer starts first (test/support/slow-files-first.ts) are files of the PR gate: a renamed or
 * nightly file in the list would silently fall back to vitest's order, and the run would wait on its longest file.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SLOW_FILES } from '../support/slow-files.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

describe('the files started first', () => {
  it('are test files of the gate that exist, each listed once', () => {
    expect(SLOW_FILES.filter((path) => !existsSync(`${root}${path}`))).toEqual([]);
    expect(SLOW_FILES.filter((path) => !/^test\/.*(?<!\.nightly)\.test\.ts$/.test(path))).toEqual([]);
    expect(new Set(SLOW_FILES).size).toBe(SLOW_FILES.length);
  });
});
