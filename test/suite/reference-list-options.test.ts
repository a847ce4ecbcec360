/**
 * Spec 4.6 shows neither the category nor the location path: a target whose
 * lists live elsewhere runs with --categories-path (or --category-ids), and a
 * run that cannot find them stops with a message naming those options.
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import { API_PREFIX } from '../../vocabulary/index.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { mockOptions, reshapeRequest } from '../mutants/kit.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };
const MOVED = `${API_PREFIX}/jobcategories`;
const USUAL = `${API_PREFIX}/categories`;

/** The mock with its category list at /jobcategories; /categories is not found. */
const movedCategories = reshapeRequest(
  (req) => req.path === MOVED || req.path === USUAL,
  (req) => ({ ...req, path: req.path === MOVED ? USUAL : `${API_PREFIX}/nowhere` }),
);

const failed = (report: Awaited<ReturnType<typeof runConformance>>): string[] =>
  report.rules.filter((rule) => rule.status !== 'passed' && rule.status !== 'skipped').map((rule) => `${rule.id} ${rule.status}`);

describe('reference lists elsewhere (4.6: paths not shown)', () => {
  it('stops at discovery with a message naming --categories-path and --category-ids', async () => {
    await using mock = await createMockServer(mockOptions({ transform: movedCategories }));
    const error = await runConformance({ baseUrl: mock.url, ...KEYS, seed: 3, only: ['jobs.create.status-201'] }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/--categories-path.*--category-ids/);
  }, 60_000);

  it('runs with --categories-path naming where the list lives', async () => {
    await using mock = await createMockServer(mockOptions({ transform: movedCategories }));
    const report = await runConformance({
      baseUrl: mock.url,
      ...KEYS,
      seed: 3,
      runs: 3,
      categoriesPath: '/jobcategories',
      only: ['jobs.create.status-201', 'jobs.reference.categories'],
    });
    expect(report.rules.map((rule) => rule.id).sort()).toEqual(['jobs.create.status-201', 'jobs.reference.categories']);
    expect(failed(report)).toEqual([]);
  }, 60_000);

  it('runs with --category-ids instead of a list', async () => {
    await using mock = await createMockServer(mockOptions({ transform: movedCategories }));
    const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: 3, runs: 3, categoryIds: '2,3,5', only: ['jobs.create.*'] });
    expect(report.rules.length).toBeGreaterThan(3);
    expect(failed(report)).toEqual([]);
  }, 60_000);
});
