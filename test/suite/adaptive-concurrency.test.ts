/**
 * Without --concurrency, a run against a distant target (here the mock answering 30 ms late) raises the rules it
 * runs at once, and the requests in flight follow; a target as slow that serves one request at a time (it queues a
 * burst) keeps the default; one that serves 8 at once and queues the rest brings a raise back to the default, and says
 * why; a given --concurrency is kept; and once the target answers 429, no more than 8 requests
 * of the run are in flight at once (counted at the target).
 */
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../mock/testing.js';
import { BURST_SIZE, BURST_SLOWDOWN, PRESSURE_CAP, SLOWDOWN_FACTOR } from '../../suites/engine/concurrency-governor.js';
import { runConformance, type ProgressEvent, type RunOptions } from '../../suites/engine/run-conformance.js';
import type { Transform } from '../mutants/kit.js';

const DELAY_MS = 30;
/**
 * Requests the suite sent before it had the 429 may reach the mock a little later (the mock runs in the test's
 * process, on the same event loop): those in flight then are done well within this.
 */
const GRACE_MS = 300;
/**
 * The rules run: 21 short ones (about 220 requests), more than 8 to run at once, without a run long enough to cost the
 * tier its time at 120 ms an answer. The test of a slowdown after the raise needs a longer run (below).
 */
const ONLY = 'jobs.auth';
/** Rules that end after a run went back to its default limit before the test of that stops the run. */
const RULES_AFTER_LOWERED = 3;

interface Counted {
  transform: Transform;
  /** The most in flight at once among requests that arrived after the suite had the 429 (and GRACE_MS more). */
  mostAfterPressure: () => number;
  /** Told by the suite that its client has the 429. */
  sawPressure: () => void;
}

/**
 * The mock answering `delayMs` late, counting requests in flight after a 429 it answers to request number `limitAt`.
 * The mock runs in the test's process: on a loaded machine a burst of requests at once costs it some CPU time the
 * requests one at a time did not, so the test that must see a raise adds a delay that dwarfs it, as a network would.
 */
function counted(limitAt?: number, delayMs = DELAY_MS): Counted {
  let afterPressure = 0;
  let mostAfterPressure = 0;
  let seen = 0;
  let pressuredAt = Infinity;
  const transform: Transform = (next) => async (req) => {
    const n = ++seen;
    const late = performance.now() > pressuredAt + GRACE_MS;
    if (late) mostAfterPressure = Math.max(mostAfterPressure, ++afterPressure);
    try {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (n === limitAt) {
        return { status: 429, headers: { 'retry-after': '0', 'content-type': 'text/plain' }, body: 'slow down' };
      }
      return await next(req);
    } finally {
      if (late) afterPressure--;
    }
  };
  return {
    transform,
    mostAfterPressure: () => mostAfterPressure,
    sawPressure: () => void (pressuredAt = Math.min(pressuredAt, performance.now())),
  };
}

async function run(target: Counted, options: Partial<RunOptions> = {}): Promise<{ events: ProgressEvent[]; verdict: string }> {
  await using mock = await createMockServer({ port: 0, transform: target.transform });
  const events: ProgressEvent[] = [];
  const report = await runConformance({
    baseUrl: mock.url,
    apiKey: 'demo-key-1',
    secondApiKey: 'demo-key-2',
    seed: 3,
    runs: 2,
    only: ONLY,
    retryBackoffMs: 10,
    onProgress: (event) => events.push(event),
    onExchange: ({ exchange }) => void (exchange.response?.status === 429 && target.sawPressure()),
    ...options,
  });
  return { events, verdict: report.verdict };
}

const raised = (events: ProgressEvent[]) => events.find((event) => event.type === 'concurrency');

/** The most rules running at once, from the run's rule-start and rule-end events. */
function mostRulesAtOnce(events: ProgressEvent[]): number {
  let running = 0;
  let most = 0;
  for (const event of events) {
    if (event.type === 'rule-start') most = Math.max(most, ++running);
    if (event.type === 'rule-end') running--;
  }
  return most;
}

describe('adaptive concurrency', { timeout: 90_000 }, () => {
  it('runs more rules at once against a distant target, and the run still passes', async () => {
    const target = counted(undefined, 4 * DELAY_MS);
    const { events, verdict } = await run(target);
    expect(raised(events), JSON.stringify(events.filter((event) => event.type.startsWith('concurrency')))).toMatchObject({
      type: 'concurrency',
      limit: 32,
    });
    expect(events.some((event) => event.type === 'concurrency-kept')).toBe(false);
    expect(verdict).toBe('passed');
    expect(mostRulesAtOnce(events)).toBeGreaterThan(8);
  });

  it('keeps the default against a target as slow that serves one request at a time, and says why', async () => {
    let queue: Promise<unknown> = Promise.resolve();
    const oneAtATime: Transform = (next) => (req) => {
      const answer = queue.then(async () => {
        await new Promise((resolve) => setTimeout(resolve, DELAY_MS));
        return next(req);
      });
      queue = answer.catch(() => undefined);
      return answer;
    };
    // A few rules are enough to see the run keep its limit; at 30 ms a request one after another, the auth rules take 7 s.
    const target = { transform: oneAtATime, mostAfterPressure: () => 0, sawPressure: () => undefined };
    const { events, verdict } = await run(target, { only: 'jobs.reference' });
    expect(raised(events)).toBeUndefined();
    const kept = events.find((event) => event.type === 'concurrency-kept');
    expect(kept).toMatchObject({ type: 'concurrency-kept', limit: 8 });
    expect(kept?.type === 'concurrency-kept' && kept.burstMedianMs > BURST_SLOWDOWN * kept.medianMs).toBe(true);
    expect(verdict).toBe('passed');
  });

  it('goes back to the default when a target that serves 8 at once slows down at more, and says why', async () => {
    // 8 requests at once (the burst) answer as one does; each request beyond them adds DELAY_MS to the wait. The
    // answer itself takes 4 times as long, as in the first test: the raise this test needs must not hang on a burst
    // that a loaded machine (the mock shares the test's event loop) slows by some tens of ms.
    let inFlight = 0;
    const eightAtOnce: Transform = (next) => async (req) => {
      const queued = Math.max(0, inFlight++ - (BURST_SIZE - 1));
      try {
        await new Promise((resolve) => setTimeout(resolve, DELAY_MS * (4 + queued)));
        return await next(req);
      } finally {
        inFlight--;
      }
    };
    // The create area's 23 rules (over 1,000 requests): the auth rules end before a window of answers after the raise
    // fills with more than 8 in flight on a slow machine, and the run never has cause to go back. Once it has gone back
    // and a few rules ended at the default, the run is stopped: what is left of it would run as any run at 8 does.
    const stop = new AbortController();
    const events: ProgressEvent[] = [];
    let endedSinceLowered: number | undefined;
    await run(
      { transform: eightAtOnce, mostAfterPressure: () => 0, sawPressure: () => undefined },
      {
        runs: 1,
        only: 'jobs.create',
        signal: stop.signal,
        onProgress: (event) => {
          if (stop.signal.aborted) return;
          events.push(event);
          if (event.type === 'concurrency-lowered') endedSinceLowered = 0;
          if (event.type === 'rule-end' && endedSinceLowered !== undefined && ++endedSinceLowered === RULES_AFTER_LOWERED) stop.abort();
        },
      },
    );
    const concurrencyEvents = JSON.stringify(events.filter((event) => event.type.startsWith('concurrency')));
    expect(raised(events), concurrencyEvents).toBeDefined();
    const lowered = events.find((event) => event.type === 'concurrency-lowered');
    expect(lowered, concurrencyEvents).toMatchObject({ type: 'concurrency-lowered', limit: 8 });
    expect(lowered?.type === 'concurrency-lowered' && lowered.slowMedianMs >= SLOWDOWN_FACTOR * lowered.medianMs).toBe(true);
    // Every rule that ended before the stop passed, at the raised limit and back at the default.
    const ended = events.flatMap((event) => (event.type === 'rule-end' ? [`${event.rule.id}: ${event.result.status}`] : []));
    expect(ended.length).toBeGreaterThanOrEqual(RULES_AFTER_LOWERED);
    expect(ended.filter((line) => !line.endsWith(': passed'))).toEqual([]);
  });

  it('keeps a given --concurrency', async () => {
    const target = counted();
    // 21 short rules: enough for 8 at once, and the subject is the limit, not the load.
    const { events } = await run(target, { concurrency: 8 });
    expect(raised(events)).toBeUndefined();
    expect(mostRulesAtOnce(events)).toBe(8);
  });

  it('never raises after a 429 in preflight', async () => {
    // The limit is settled in preflight: a few rules show it.
    const { events } = await run(counted(1), { only: 'jobs.reference' });
    expect(raised(events)).toBeUndefined();
  });

  it('keeps at most 8 requests in flight once the target answered 429', async () => {
    // The run must first raise its limit, so the target is as distant as in the first test: on a loaded machine a
    // burst against a nearer one cost the mock CPU time enough to keep the default (the raise this test needs).
    const target = counted(60, 4 * DELAY_MS);
    const { events, verdict } = await run(target, { runs: 1 });
    expect(raised(events)).toBeDefined();
    expect(verdict).toBe('passed');
    expect(target.mostAfterPressure()).toBeGreaterThan(0);
    expect(target.mostAfterPressure()).toBeLessThanOrEqual(PRESSURE_CAP);
  });
});
