/**
 * Fewer requests, the same proof: the update-validation rules send their refused writes to one shared job
 * (suites/kit/shared-job.ts), and the schema-negative update rules read their job once after a run of refused
 * values. A server that refuses a write but applies it anyway is still caught, the report names the value that
 * changed the job, the shrunk case replays on a job of its own, and every job is deleted.
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import type { ConformanceReport, RuleResult } from '../../schemas/types.gen.js';
import { runConformance } from '../../suites/engine/run-conformance.js';
import { inputOf } from '../mutants/support/job-input.js';
import { currentJob, sideRequest } from '../mutants/support/side-requests.js';
import {
  effectiveMethod,
  isItem,
  jobIdOf,
  jsonResponse,
  mockOptions,
  requestJson,
  type JsonObject,
  type Transform,
} from '../mutants/kit.js';
import type { CoreRequest, CoreResponse } from '../../mock/index.js';

const KEYS = { apiKey: 'demo-key-1', secondApiKey: 'demo-key-2' };
/** The fields a refused update's valid companions may change (suites/kit/rejected-writes.ts besideValidChange). */
const COMPANION_FIELDS = ['title', 'confidential', 'closeDate', 'description', 'salary', 'status', 'referenceId'];

/** The fields a mismatch title says the refused update changed: `… was refused but changed a, b`. */
const changedIn = (title: string): string[] => (/ was refused but changed (.+)$/.exec(title)?.[1] ?? '').split(', ');

/** The changed fields are `field` and the companions beside it, which the mend applied as well. */
function expectFieldAndCompanions(title: string, field: string): void {
  const changed = changedIn(title);
  expect(changed).toContain(field);
  const others = changed.filter((name) => name !== field);
  expect(others.length).toBeGreaterThan(0);
  for (const other of others) expect(COMPANION_FIELDS).toContain(other);
}
const SCRIPT = /<\/?script\b[^>]*>/gi;

type Mend = (body: JsonObject) => boolean;

/** A mock whose PUT by id answers 400 to a body `mend` edits, after applying the edited body: refused, yet changed. */
function refusesButApplies(mend: Mend): Transform {
  return (next) =>
    async (req: CoreRequest): Promise<CoreResponse> => {
      const body = isItem(req) && effectiveMethod(req) === 'PUT' ? requestJson(req) : undefined;
      if (body === undefined || !mend(body)) return next(req);
      await next({ ...req, body: new TextEncoder().encode(JSON.stringify(body)) });
      return jsonResponse(400, { status: 400, code: 'validation_failed', message: 'refused' });
    };
}

async function runAgainst(ruleId: string, mend?: Mend): Promise<{ report: ConformanceReport; rule: RuleResult; left: number }> {
  await using mock = await createMockServer(mockOptions(mend ? { transform: refusesButApplies(mend) } : undefined));
  const before = mock.core.store.allEntries().length;
  const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: 7, only: [ruleId] });
  return { report, rule: report.rules.find((r) => r.id === ruleId)!, left: mock.core.store.allEntries().length - before };
}

describe('refused writes share their setup job', () => {
  it('a PUT refused but applied is caught on the shared job, and the shrunk case replays on its own job', async () => {
    const stripsScript: Mend = (body) => {
      if (typeof body.description !== 'string') return false;
      const stripped = body.description.replace(SCRIPT, '');
      if (stripped === body.description) return false;
      body.description = stripped;
      return true;
    };
    const { rule, left } = await runAgainst('jobs.update.rejects-invalid-html', stripsScript);
    expect(rule.status).toBe('failed');
    // Found by the one read of the shared job when the cases are done, then named by running the cases again: any
    // form whose PUT names the job by its path (by id, or through the override) may be the one named.
    // The refused body's valid companions went in with it.
    expect(rule.mismatches[0]?.title).toMatch(/^(PUT|POST) \/jobs\S* .*with .*script.* was refused but changed /i);
    expectFieldAndCompanions(rule.mismatches[0]?.title ?? '', 'description');
    expect(rule.mismatches[0]?.reproducibility).toBe('deterministic');
    expect(left).toBe(0);
  }, 120_000);

  it('a run of refused values read once names the one value that changed the job', async () => {
    const cutsTitle: Mend = (body) => {
      if (typeof body.title !== 'string' || body.title.length <= 256) return false;
      body.title = body.title.slice(0, 256);
      return true;
    };
    const { rule, left } = await runAgainst('jobs.update.rejects-schema-negatives', cutsTitle);
    expect(rule.status).toBe('failed');
    const title = rule.mismatches[0]?.title ?? '';
    // The title values sent with it (another type, null, empty) changed nothing alone: they are not named. The change
    // names the companions too: an invalid title goes out beside valid changes of other fields.
    expect(title).toMatch(/^PUT \/jobs\/\d+ with title .* \(too-long\) was refused but changed /);
    expectFieldAndCompanions(title, 'title');
    expect(title.match(/\((other-type|null|empty|too-long|coerced-type)\)/g)).toEqual(['(too-long)']);
    expect(left).toBe(0);
  }, 120_000);

  it('a refused PUT that makes a job is found by the one list of the shared scope, and its case is run again', async () => {
    // A PUT by id with a title past 256 is refused, but a copy of the job with the title cut is created.
    const transform: Transform = (next) => async (req) => {
      const id = isItem(req) && effectiveMethod(req) === 'PUT' ? jobIdOf(req) : undefined;
      const title = id === undefined ? undefined : requestJson(req)?.title;
      if (typeof title !== 'string' || title.length <= 256) return next(req);
      const job = await currentJob(next, req, id!);
      if (job) await sideRequest(next, req, 'POST', '/jobs', { body: { ...inputOf(job), title: title.slice(0, 256) } });
      return jsonResponse(400, { status: 400, code: 'validation_failed', message: 'refused' });
    };
    await using mock = await createMockServer(mockOptions({ transform }));
    const report = await runConformance({ baseUrl: mock.url, ...KEYS, seed: 7, only: ['jobs.update.rejects-over-long'] });
    const rule = report.rules[0]!;
    expect(rule.status).toBe('failed');
    expect(rule.mismatches[0]?.title).toMatch(/^PUT \/jobs\/\d+ with title-257 was refused but created a job$/);
    expect(rule.mismatches[0]?.counterexample).toMatchObject({ form: 'id' });
    expect(report.cleanup.leftover).toEqual([]);
  }, 120_000);

  it('a conformant server passes and keeps no job', async () => {
    for (const id of ['jobs.update.rejects-out-of-range', 'jobs.update.rejects-schema-negatives']) {
      const { report, rule, left } = await runAgainst(id);
      expect(rule.status, JSON.stringify(rule.mismatches[0])).toBe('passed');
      expect(report.cleanup.leftover).toEqual([]);
      expect(left).toBe(0);
    }
  }, 120_000);
});
