import { describe, expect, it } from 'vitest';
import {
  ADAPTIVE_CAP,
  BURST_SIZE,
  BURST_SLOWDOWN,
  CASES_AT_ONCE,
  casesAtOnce,
  ConcurrencyGovernor,
  DISTANT_MEDIAN_MS,
  PRESSURE_CAP,
  SLOWDOWN_FACTOR,
  SLOWDOWN_WINDOW,
} from './concurrency-governor.js';

const answered = (governor: ConcurrencyGovernor, ms: number, times = 5) => {
  for (let i = 0; i < times; i++) governor.noteAnswer(ms, 200, false);
};
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** A distant target: every request waits `ms`, however many are in flight. */
const distant = (ms: number) => () => sleep(ms);
/** A target that serves one request at a time, `ms` each: requests at once wait for those before them. */
function queueing(ms: number): () => Promise<unknown> {
  let last: Promise<unknown> = Promise.resolve();
  return () => (last = last.then(() => sleep(ms)));
}

describe('ConcurrencyGovernor', () => {
  it('raises the limit against a distant target that answers a burst as fast as one request', async () => {
    const governor = new ConcurrencyGovernor({ concurrency: 8, adaptive: true });
    answered(governor, DISTANT_MEDIAN_MS + 15);
    await governor.burst(distant(DISTANT_MEDIAN_MS + 15));
    expect(governor.adapt()).toMatchObject({ medianMs: DISTANT_MEDIAN_MS + 15, raised: true });
    expect(governor.limit).toBe(ADAPTIVE_CAP);
  });

  it('keeps the limit against a slow target that queues a burst, and the burst is no sample of answers one at a time', async () => {
    const governor = new ConcurrencyGovernor({ concurrency: 8, adaptive: true });
    answered(governor, DISTANT_MEDIAN_MS + 15);
    const send = queueing(DISTANT_MEDIAN_MS + 15);
    // The burst's answers pass the client's hook too: they must not move the median of answers one at a time.
    await governor.burst(async () => {
      await send();
      governor.noteAnswer(BURST_SIZE * (DISTANT_MEDIAN_MS + 15), 200, false);
    });
    expect(governor.medianMs).toBe(DISTANT_MEDIAN_MS + 15);
    const adapted = governor.adapt();
    expect(adapted.raised).toBe(false);
    expect(adapted.burstMedianMs).toBeGreaterThan(BURST_SLOWDOWN * (DISTANT_MEDIAN_MS + 15));
    expect(governor.limit).toBe(8);
  });

  it('sends no burst, and keeps the limit, against a near target', async () => {
    const governor = new ConcurrencyGovernor({ concurrency: 8, adaptive: true });
    answered(governor, 1);
    let sent = 0;
    await governor.burst(async () => sent++);
    expect(sent).toBe(0);
    expect(governor.adapt().raised).toBe(false);
    expect(governor.limit).toBe(8);
  });

  it('keeps a given --concurrency whatever the latency', async () => {
    const governor = new ConcurrencyGovernor({ concurrency: 4, adaptive: false });
    answered(governor, 200);
    await governor.burst(distant(1));
    expect(governor.adapt().raised).toBe(false);
    expect(governor.limit).toBe(4);
    expect(governor.ceiling).toBe(4);
  });

  it('never raises after a 429, and backs off to the pressure cap when one comes later', async () => {
    const early = new ConcurrencyGovernor({ concurrency: 8, adaptive: true });
    answered(early, 50);
    early.noteAnswer(50, 429, false);
    await early.burst(distant(50));
    expect(early.adapt().raised).toBe(false);

    const late = new ConcurrencyGovernor({ concurrency: 8, adaptive: true });
    answered(late, 50);
    await late.burst(distant(50));
    expect(late.adapt().raised).toBe(true);
    late.noteAnswer(50, 503, true);
    expect(late.limit).toBe(PRESSURE_CAP);
    expect(late.underPressure).toBe(true);
  });

  /**
   * A governor raised against a distant target answering in `ms`, the burst's times injected: its clock steps ms / 8
   * at each reading, and the burst reads it 8 times as its requests start, then 8 times as they end.
   */
  const raisedAt = async (ms: number): Promise<ConcurrencyGovernor> => {
    let now = 0;
    const clock = () => (now += ms / BURST_SIZE);
    const governor = new ConcurrencyGovernor({ concurrency: 8, adaptive: true, clock });
    answered(governor, ms);
    await governor.burst(async () => governor.noteAnswer(ms, 200, false));
    expect(governor.adapt().raised).toBe(true);
    return governor;
  };

  it('goes back to the default, once, when the answers after a raise slow down by SLOWDOWN_FACTOR and come no faster', async () => {
    const governor = await raisedAt(40);
    const slow = 40 * SLOWDOWN_FACTOR + 1;
    // 32 in flight at `slow` each: fewer answers a second than the burst's 8 at 40 ms (the target serves 8 at once).
    const decisions = Array.from({ length: SLOWDOWN_WINDOW }, () => governor.noteAnswer(slow, 200, false, 32));
    expect(decisions.slice(0, -1).every((decision) => decision === undefined)).toBe(true);
    expect(decisions.at(-1)).toEqual({ limit: 8, medianMs: 40, slowMedianMs: slow, burstPerSecond: 200, slowPerSecond: 32_000 / slow });
    expect(governor.limit).toBe(8);
    expect(governor.lowered).toBe(true);
    expect(governor.underPressure).toBe(false);
    // Never raised again, and no second event.
    expect(governor.mayRaise).toBe(false);
    expect(Array.from({ length: 2 * SLOWDOWN_WINDOW }, () => governor.noteAnswer(10 * slow, 200, false, 32)).some(Boolean)).toBe(false);
  });

  it('keeps the raise when the answers slow down but still come faster than in the burst (the run loads a shared CPU)', async () => {
    const governor = await raisedAt(40);
    const slow = 40 * SLOWDOWN_FACTOR + 1;
    // 100 in flight at `slow` each: about 620 answers a second against the burst's 200.
    for (let i = 0; i < 3 * SLOWDOWN_WINDOW; i++) expect(governor.noteAnswer(slow, 200, false, 100)).toBeUndefined();
    expect(governor.limit).toBe(ADAPTIVE_CAP);
  });

  it('keeps the raise while the answers stay within SLOWDOWN_FACTOR, a few slow ones among them', async () => {
    const governor = await raisedAt(40);
    for (let i = 0; i < 4 * SLOWDOWN_WINDOW; i++) {
      const ms = i % 4 === 0 ? 40 * SLOWDOWN_FACTOR * 10 : 40 * (SLOWDOWN_FACTOR - 1);
      expect(governor.noteAnswer(ms, 200, false, 32)).toBeUndefined();
    }
    expect(governor.limit).toBe(ADAPTIVE_CAP);
    expect(governor.lowered).toBe(false);
  });

  it('judges no slowdown without a raise, nor after a 429 brought the limit down', async () => {
    const near = new ConcurrencyGovernor({ concurrency: 8, adaptive: true });
    answered(near, 1);
    near.adapt();
    expect(Array.from({ length: SLOWDOWN_WINDOW }, () => near.noteAnswer(1000, 200, false, 32)).some(Boolean)).toBe(false);
    expect(near.lowered).toBe(false);

    const pressed = await raisedAt(40);
    pressed.noteAnswer(40, 429, false);
    expect(Array.from({ length: SLOWDOWN_WINDOW }, () => pressed.noteAnswer(1000, 200, false, 32)).some(Boolean)).toBe(false);
    expect(pressed.limit).toBe(PRESSURE_CAP);
  });

  it('takes a 503 without Retry-After as an outage, not pressure', () => {
    const governor = new ConcurrencyGovernor({ concurrency: 8, adaptive: true });
    governor.noteAnswer(50, 503, false);
    expect(governor.underPressure).toBe(false);
  });

  it('lets any number of requests through until pressure, then at most the pressure cap', async () => {
    const governor = new ConcurrencyGovernor({ concurrency: 8, adaptive: true });
    for (let i = 0; i < 20; i++) await governor.acquire();
    governor.noteAnswer(10, 429, false);
    for (let i = 0; i < 20; i++) governor.release();
    let inFlight = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 30 }, async () => {
        await governor.acquire();
        most = Math.max(most, ++inFlight);
        await new Promise((resolve) => setTimeout(resolve, 1));
        inFlight--;
        governor.release();
      }),
    );
    expect(most).toBe(PRESSURE_CAP);
  });
});

describe('casesAtOnce', () => {
  it("runs several cases of a property at once against a distant target, and one again once it answered 429; a rule alone, the run's limit", async () => {
    const governor = new ConcurrencyGovernor({ concurrency: 8, adaptive: true });
    expect(casesAtOnce(governor.limit)).toBe(1);
    // Near, a rule that runs alone still has every slot of the run to itself.
    expect(casesAtOnce(governor.limit, true)).toBe(governor.limit);
    expect(casesAtOnce(1, true)).toBe(1);
    answered(governor, DISTANT_MEDIAN_MS + 15);
    await governor.burst(distant(DISTANT_MEDIAN_MS + 15));
    governor.adapt();
    expect(casesAtOnce(governor.limit)).toBe(CASES_AT_ONCE);
    // A rule that runs alone has every slot to itself: as many of its cases at once as the run has rules at once.
    expect(governor.limit).toBeGreaterThan(CASES_AT_ONCE);
    expect(casesAtOnce(governor.limit, true)).toBe(governor.limit);
    governor.noteAnswer(30, 429, false);
    expect(casesAtOnce(governor.limit)).toBe(1);
    // Back at the default, a rule alone sends no more at once than the default's rules would.
    expect(casesAtOnce(governor.limit, true)).toBe(governor.limit);
    expect(governor.limit).toBeLessThanOrEqual(8);
  });
});
