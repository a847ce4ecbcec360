/**
 * The engine against deliberately broken mocks (registered mutants or
 * variants built with the mutant kit, test/mutants/kit.ts): a mismatch carries its rule, section, shrunk counterexample,
 * exchanges, curl and replay command; the replay path reproduces it; flaky
 * failures are labelled; refused deletes become leftovers, not failures;
 * the run cannot start against a wrong key, a closed port or missing lists.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../mock/testing.js';
import { validators } from '../../schemas/index.js';
import type { ConformanceReport, Mismatch } from '../../schemas/types.gen.js';
import { SuiteError } from '../../suites/contract/errors.js';
import type { Rule } from '../../suites/contract/rule.js';
import { runConformance, type RunOptions } from '../../suites/engine/run-conformance.js';
import { propertyRule } from '../../suites/kit/rule-builders.js';
import {
  answerInstead,
  isPost,
  jsonResponse,
  mockOptions,
  mutantNamed,
  rewriteJobs,
  rewriteRequest,
  type Transform,
} from '../mutants/kit.js';

const KEY = 'demo-key-1';
const SECOND_KEY = 'demo-key-2';

async function withMock<T>(transform: Transform | undefined, use: (mock: MockServer) => Promise<T>): Promise<T> {
  const mock = await createMockServer(mockOptions({ transform }));
  try {
    return await use(mock);
  } finally {
    await mock.close();
  }
}

function run(mock: MockServer, options: Partial<RunOptions>): Promise<ConformanceReport> {
  return runConformance({ baseUrl: mock.url, apiKey: KEY, runs: 3, seed: 4242, ...options });
}

function onlyMismatch(report: ConformanceReport, ruleId: string): Mismatch {
  const rule = report.rules.find((r) => r.id === ruleId);
  expect(rule?.status).toBe('failed');
  expect(rule?.mismatches).toHaveLength(1);
  return rule!.mismatches[0]!;
}

function expectValidReport(report: ConformanceReport): void {
  const result = validators.report(report);
  expect(result.ok ? [] : result.issues).toEqual([]);
  expect(JSON.stringify(report)).not.toContain(KEY);
  expect(JSON.stringify(report)).not.toContain(SECOND_KEY);
}

/** POST /jobs answers without its Location header. */
const noLocation = mutantNamed('create-without-location-header').transform;

describe('a mismatch', () => {
  it('names its rule and section, with a shrunk counterexample, exchanges, curl and a replay command', async () => {
    await withMock(noLocation, async (mock) => {
      const report = await run(mock, { only: 'jobs.create.location-header' });
      expectValidReport(report);
      expect(report.verdict).toBe('failed');
      const mismatch = onlyMismatch(report, 'jobs.create.location-header');
      expect(mismatch).toMatchObject({ ruleId: 'jobs.create.location-header', section: '4.2', reproducibility: 'deterministic' });
      expect(mismatch.title).toMatch(/no Location header/);
      expect(mismatch.counterexample).toHaveProperty(['generated', 'title']);
      expect(mismatch.exchanges.at(-1)?.request.method).toBe('POST');
      expect(mismatch.curl).toMatch(/^curl .* -X POST .*\/api\/v1\.1\/jobs .*"API-Key: \$JOBS_API_KEY"/);
      expect(mismatch.replay.seed).toBe(4242);
      expect(mismatch.replay.command).toContain('--seed 4242');
      expect(mismatch.replay.command).toContain('--only jobs.create.location-header');
      expect(mismatch.replay.command).toContain(`--replay-path ${mismatch.replay.path}`);
      expect(report.cleanup.leftover).toEqual([]);
      expect(mock.core.snapshot().jobs).toEqual([]);
    });
  });

  it('replays with --seed, --only and --replay-path to the same counterexample', async () => {
    await withMock(noLocation, async (mock) => {
      const original = await run(mock, { only: 'jobs.create.location-header' });
      const first = onlyMismatch(original, 'jobs.create.location-header');
      const replay = await run(mock, { only: 'jobs.create.location-header', replayPath: first.replay.path ?? undefined });
      const again = onlyMismatch(replay, 'jobs.create.location-header');
      // Equal but for the run tag in the title (every run has its own tag, on purpose).
      const untagged = (report: ConformanceReport, m: Mismatch) =>
        JSON.stringify(m.counterexample).replaceAll(report.options?.referencePrefix ?? '?', '<tag>');
      expect(untagged(replay, again)).toBe(untagged(original, first));
      expect(replay.rules[0]?.cases).toBe(1);
    });
  });

  it('is shrunk to the input that matters', async () => {
    // The broken server forgets confidential: true.
    const dropsConfidential = rewriteRequest(isPost, (body) => {
      if (body.confidential === true) body.confidential = false;
    });
    await withMock(dropsConfidential, async (mock) => {
      const report = await run(mock, { only: 'jobs.create.explicit-values', runs: 20 });
      const mismatch = onlyMismatch(report, 'jobs.create.explicit-values');
      expect(mismatch.counterexample).toMatchObject({ confidential: true });
      expect(mismatch.received).toMatch(/^confidential: sent true, got false$/);
    });
  });

  it('is reported as found with --max-shrinks 0, after fewer cases than a shrunk one', async () => {
    // A property that fails for every id above 5: shrinking walks the id down to 6.
    const rule: Rule = {
      section: '1',
      area: 'protocol',
      title: 'ids up to 5',
      statement: 's',
      ...propertyRule(
        { id: 'jobs.protocol.test-shrinks', section: '1', level: 'must', title: 'ids up to 5', statement: 's' },
        {
          arbitrary: () => fc.integer({ min: 0, max: 1_000_000 }),
          check: async (ctx, id) => ctx.expect(id <= 5, { title: `id ${id}`, expected: '<= 5', received: String(id) }),
        },
      ),
    };
    await withMock(undefined, async (mock) => {
      const shrunk = await run(mock, { rules: [rule] });
      const found = await run(mock, { rules: [rule], maxShrinks: 0 });
      expect(onlyMismatch(shrunk, rule.id).counterexample).toEqual({ value: 6 });
      // Seed 4242 draws its first failing id far above 6: reported as drawn.
      expect((onlyMismatch(found, rule.id).counterexample as { value: number }).value).toBeGreaterThan(1000);
      expect(found.rules[0]!.cases).toBeLessThan(shrunk.rules[0]!.cases);
    });
  });

  it('that does not come back on re-runs is labelled flaky', async () => {
    let gets = 0;
    // Every other GET of a job returns it with another title.
    const flaky = rewriteJobs((job, header, req) => {
      if (req.method !== 'GET' || header) return;
      if (++gets % 2 === 0) job.title = `${String(job.title)} (stale)`;
    });
    await withMock(flaky, async (mock) => {
      const mismatch = onlyMismatch(await run(mock, { only: 'jobs.create.body-matches-get', runs: 6 }), 'jobs.create.body-matches-get');
      expect(mismatch.reproducibility).toBe('flaky');
    });
  });
});

describe('rule outcomes', () => {
  it('skips isolation rules without a second key, with the reason', async () => {
    await withMock(undefined, async (mock) => {
      const report = await run(mock, { only: 'jobs.isolation' });
      expect(report.rules.length).toBeGreaterThan(0);
      for (const rule of report.rules) {
        expect(rule.status).toBe('skipped');
        expect(rule.skipReason).toMatch(/--second-api-key/);
      }
      expect(report.verdict).toBe('passed');
    });
  });

  it("runs isolation rules with a second key and keeps each employer out of the other one's jobs", async () => {
    await withMock(undefined, async (mock) => {
      const report = await run(mock, { only: 'jobs.isolation', secondApiKey: SECOND_KEY });
      expectValidReport(report);
      expect(report.rules.every((rule) => rule.status === 'passed')).toBe(true);
      expect(mock.core.snapshot().jobs).toEqual([]);
    });
  });

  it('flags a server that leaks jobs across employers', async () => {
    // GET /jobs/{id} finds the other employer's job.
    await withMock(mutantNamed('isolation-reads-other-employer-job').transform, async (mock) => {
      const report = await run(mock, { only: 'jobs.isolation.get-by-id', secondApiKey: SECOND_KEY });
      expect(onlyMismatch(report, 'jobs.isolation.get-by-id').title).toMatch(/answered 200/);
    });
  });

  it('reports a rule that breaks as error, not as a server failure', async () => {
    const broken: Rule = {
      id: 'jobs.test.broken',
      section: '1',
      area: 'protocol',
      title: 'throws',
      statement: 's',
      run: async () => {
        throw new TypeError('rule bug');
      },
    };
    await withMock(undefined, async (mock) => {
      const report = await run(mock, { rules: [broken] });
      expect(report.rules[0]).toMatchObject({ status: 'error', errorMessage: 'rule bug' });
      expect(report.verdict).toBe('error');
      expectValidReport(report);
    });
  });
});

describe('rule levels', () => {
  /** A should rule that fails on the answer to GET /positiontypes?status=N (a reference list, so no job is made). */
  const shouldRule = (status: number): Rule => ({
    id: `jobs.test.should-${status}`,
    section: '1',
    area: 'protocol',
    level: 'should',
    title: `fails on a ${status}`,
    statement: 'Good practice; the spec says: s',
    run: async (ctx) => {
      const res = await ctx.api.client.request({ method: 'GET', path: '/positiontypes', query: { answer: status } });
      ctx.fail({ title: `answered ${res.status}`, expected: 'good practice', received: String(res.status), failingExchange: res.exchange });
    },
  });
  /** Answers GET /positiontypes?answer=N with status N. */
  const answers = answerInstead(
    (req) => req.query.has('answer'),
    (req) => jsonResponse(Number(req.query.get('answer')), {}),
  );

  it('a failed should rule is a warning that passes the run; a 5xx in it is a must failure; strict fails on warnings', async () => {
    await withMock(answers, async (mock) => {
      const report = await run(mock, { rules: [shouldRule(400), shouldRule(503)] });
      expect(report.rules.map((rule) => [rule.id, rule.level, rule.status, rule.mismatches[0]?.level])).toEqual([
        ['jobs.test.should-400', 'should', 'warning', 'should'],
        ['jobs.test.should-503', 'should', 'failed', 'must'],
      ]);
      expect([report.verdict, report.summary.warning, report.summary.failed]).toEqual(['failed', 1, 1]);
      expectValidReport(report);

      const warningOnly = await run(mock, { rules: [shouldRule(400)] });
      expect([warningOnly.verdict, warningOnly.options?.strict]).toEqual(['passed', false]);
      const strict = await run(mock, { rules: [shouldRule(400)], strict: true });
      expect([strict.verdict, strict.options?.strict]).toEqual(['failed', true]);
    });
  });
});

describe('cleanup', () => {
  it('reports jobs the target refuses to delete as leftover without failing the target', async () => {
    const keeps = answerInstead(
      (req) => req.method === 'DELETE',
      () => jsonResponse(403, { code: 'forbidden' }),
    );
    await withMock(keeps, async (mock) => {
      const report = await run(mock, { only: 'jobs.create.status-201' });
      expect(report.rules[0]?.status).toBe('passed');
      expect(report.verdict).toBe('passed');
      // 3 jobs of the rule's cases, and the q probe's job (suites/target/q-scope.ts)
      expect(report.cleanup.created).toBe(4);
      expect(report.cleanup.deleted).toBe(0);
      expect(report.cleanup.leftover).toHaveLength(4);
      for (const left of report.cleanup.leftover) {
        expect(left.reason).toMatch(/DELETE \/api\/v1\.1\/jobs\/\d+ answered 403/);
        expect(left.referenceId).toMatch(new RegExp(`^${report.options?.referencePrefix}`));
      }
      expect(
        mock.core
          .snapshot()
          .jobs.map((job) => job.id)
          .sort(),
      ).toEqual(report.cleanup.leftover.map((left) => left.id).sort());
    });
  });

  // One after another and 8 at once: the rules running at the abort stop, the rest never start.
  it.each([1, 8])('stops promptly when aborted at concurrency %i, cleans up and says the report is partial', async (concurrency) => {
    await withMock(undefined, async (mock) => {
      const controller = new AbortController();
      let finished = 0;
      const report = await run(mock, {
        runs: 20,
        concurrency,
        signal: controller.signal,
        onProgress: (event) => {
          if (event.type === 'rule-end' && ++finished === 5) controller.abort();
        },
      });
      expect(report.interrupted).toBe(true);
      expect(report.verdict).toBe('error');
      // The five that ended, and at most the ones running beside them (which may end before they see the abort).
      expect(report.rules.filter((rule) => rule.status !== 'skipped').length).toBeLessThanOrEqual(5 + concurrency);
      expect(report.rules.at(-1)?.skipReason).toMatch(/interrupted/);
      expect(report.cleanup.leftover).toEqual([]);
      expect(mock.core.snapshot().jobs).toEqual([]);
      expectValidReport(report);
    });
  });
});

describe('a target that stops answering mid-run', () => {
  // At 8, the rules already running when it dies end in error too; no rule starts after three in a row.
  it.each([1, 8])(
    'at concurrency %i stops after three rules without an answer, skips the rest and reports what it could not delete, in seconds',
    async (concurrency) => {
      // It dies right after its fifth create answered, so a job of the case then running is left to clean up,
      // whatever the rules' own request counts.
      let created = 0;
      const dies: Transform = (next) => async (req) => {
        if (created >= 5) return new Promise(() => {});
        const res = await next(req);
        if (isPost(req) && res.status === 201) created++;
        return res;
      };
      await withMock(dies, async (mock) => {
        const report = await run(mock, { only: 'jobs.create', timeoutMs: 300, concurrency });
        const errored = report.rules.filter((rule) => rule.status === 'error');
        expect(errored.length).toBeGreaterThanOrEqual(3);
        expect(errored.length).toBeLessThanOrEqual(3 + concurrency - 1);
        for (const rule of errored) expect(rule.errorMessage).toMatch(/no response within 300 ms/);
        const skipped = report.rules.filter((rule) => rule.status === 'skipped');
        expect(skipped.length).toBeGreaterThan(0);
        for (const rule of skipped) expect(rule.skipReason).toMatch(/^not run: the target stopped answering/);
        expect(report.verdict).toBe('error');
        expect(report.cleanup.leftover.length).toBeGreaterThan(0);
        for (const left of report.cleanup.leftover)
          expect(left.reason).toMatch(/no response within 300 ms|not attempted: the target stopped answering/);
        expectValidReport(report);
      });
    },
  );
});

describe('a run that cannot start', () => {
  it('throws KEY_REJECTED for a key the target does not know', async () => {
    await withMock(undefined, async (mock) => {
      const error = await runConformance({ baseUrl: mock.url, apiKey: 'nobody' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SuiteError);
      expect((error as SuiteError).code).toBe('KEY_REJECTED');
      expect((error as Error).message).not.toContain('nobody');
    });
  });

  // TARGET_UNREACHABLE, not a timeout: the refused connection ends it, without waiting out the request timeout.
  it('throws TARGET_UNREACHABLE for a closed port', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const error = await runConformance({ baseUrl: `http://127.0.0.1:${port}`, apiKey: KEY }).catch((e: unknown) => e);
    expect((error as SuiteError).code).toBe('TARGET_UNREACHABLE');
  });

  it('throws DISCOVERY_FAILED when the reference lists cannot be read', async () => {
    const noLists = answerInstead(
      (req) => req.path.endsWith('/positiontypes'),
      () => ({ status: 404, headers: {} }),
    );
    await withMock(noLists, async (mock) => {
      const error = await run(mock, {}).catch((e: unknown) => e);
      expect((error as SuiteError).code).toBe('DISCOVERY_FAILED');
      expect((error as Error).message).toMatch(/position types.*answered 404/);
    });
  });
});
