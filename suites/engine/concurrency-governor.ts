/**
 * @module How many rules run at once, and how many requests may be in flight. A given --concurrency is kept as
 * given. Otherwise the run starts at the default and, once preflight and discovery have shown a distant target
 * (their median answer slower than DISTANT_MEDIAN_MS) that answered no 429 or 503, raises it up to
 * ADAPTIVE_CAP: against a distant server the run waits on latency, not on either side's CPU, so more rules at once
 * cost the server no more per second than the default costs a near one. A slow answer may also be a server that
 * serves one request at a time (a development server, a busy machine): there more requests at once only queue,
 * until they time out. So a burst of BURST_SIZE requests at once decides first: the limit rises only if the
 * burst's median answer is within BURST_SLOWDOWN times the median of the answers one at a time. A burst of 8 does not
 * show a server that serves 8 at once and queues the rest: after a raise, each SLOWDOWN_WINDOW answers whose median
 * is SLOWDOWN_FACTOR times the median before the raise (or more), and that bring no more answers a second than the
 * burst did (requests in flight over the median answer), bring the limit back to the default for the rest of the run:
 * more at once only queue there. A slowdown that still brings more answers a second is the run's own load (a shared
 * machine's CPU): going back would only lengthen the run. At the first 429, or a 503 with Retry-After, it backs off
 * for the rest of the run: at most PRESSURE_CAP rules at once, and at most PRESSURE_CAP requests in flight (the
 * request gate, which every request of the run passes).
 */
import { ADAPTIVE_CONCURRENCY_CAP, DEFAULT_CONCURRENCY } from './config.js';

/** A median answer slower than this, in ms, marks a distant target (loopback and a LAN answer in a few ms, a busy loopback in under 20). */
export const DISTANT_MEDIAN_MS = 20;
/** The most rules at once the run raises itself to. */
export const ADAPTIVE_CAP = ADAPTIVE_CONCURRENCY_CAP;
/** Rules at once, and requests in flight, once the target has shown pressure. */
export const PRESSURE_CAP = DEFAULT_CONCURRENCY;
/** Requests sent at once to tell a distant target from one that queues them. */
export const BURST_SIZE = 8;
/** How much slower a burst's median answer may be than one at a time for the target to count as distant. */
export const BURST_SLOWDOWN = 3;
/** Answers after a raise judged together: enough that a few slow ones (a large list, a retry) do not decide. */
export const SLOWDOWN_WINDOW = 32;
/**
 * How much slower than before the raise a window's median answer must be to bring the limit back: well above what
 * the run's own load costs a distant server that does not queue (its answers wait on the network), and below the
 * 4-fold and more a server that serves 8 at once shows at 32 rules at once (each running cases at once).
 */
export const SLOWDOWN_FACTOR = 4;
/** Cases of one independent property at once, above the default rules at once. */
export const CASES_AT_ONCE = 4;

/**
 * Cases of one independent property at once with `limit` rules at once. A rule that runs alone (Rule.exclusive) takes
 * every slot of the run, near or distant: nothing else is in flight beside it, and the run waits on it alone, so its
 * cases at once are the run's limit (one at --concurrency 1). Other rules run several only above the default (a
 * distant target, or a --concurrency raised by hand), where the run waits on latency and a rule's chain of cases
 * bounds it; near, the run waits on CPU and more requests in flight would only queue. Under pressure the limit is
 * back at the default, so one.
 *
 * @example
 * casesAtOnce(32); // 4
 * casesAtOnce(8); // 1
 * casesAtOnce(8, true); // 8
 */
export function casesAtOnce(limit: number, exclusive = false): number {
  if (exclusive) return limit;
  return limit <= DEFAULT_CONCURRENCY ? 1 : CASES_AT_ONCE;
}

export interface GovernorOptions {
  /** Rules at once to start with. */
  concurrency: number;
  /** False when --concurrency was given: then nothing changes it. */
  adaptive: boolean;
  /** What times the burst, in ms (default performance.now; tests inject one to stay deterministic). */
  clock?: () => number;
}

/** Why the run went back to the default after a raise: the median before it, and that of the window that slowed down. */
export interface Slowdown {
  limit: number;
  medianMs: number;
  slowMedianMs: number;
  /** Answers a second in the burst, and in the window that slowed down (requests in flight over the median answer). */
  burstPerSecond: number;
  slowPerSecond: number;
}

export class ConcurrencyGovernor {
  #limit: number;
  readonly #adaptive: boolean;
  #pressure = false;
  #samples: number[] = [];
  #burstMs: number[] = [];
  /** The median one at a time that a raise was judged by; undefined until a raise, and again once lowered. */
  #raisedFrom: { medianMs: number; perSecond: number } | undefined;
  #window: number[] = [];
  #windowInFlight = 0;
  #lowered = false;
  #bursting = false;
  #inFlight = 0;
  #waiting: Array<() => void> = [];
  readonly #clock: () => number;

  constructor(options: GovernorOptions) {
    this.#limit = options.concurrency;
    this.#adaptive = options.adaptive;
    this.#clock = options.clock ?? (() => performance.now());
  }

  /** Rules at once, now. */
  get limit(): number {
    return this.#limit;
  }

  /** The most rules at once this run may reach: what connection pools are sized for. */
  get ceiling(): number {
    return this.#adaptive ? Math.max(this.#limit, ADAPTIVE_CAP) : this.#limit;
  }

  /** Whether the target answered a rate limit or an outage with Retry-After. */
  get underPressure(): boolean {
    return this.#pressure;
  }

  /** Whether the answers slowed down after a raise, which brought the limit back to the default. */
  get lowered(): boolean {
    return this.#lowered;
  }

  /**
   * One answer of the target: how long it took, its status (undefined: no answer), and the requests in flight as it
   * came (by default those the gate counts). Returns the slowdown when this answer completes a window that brings the
   * limit back to the default (once per run), else undefined.
   */
  noteAnswer(durationMs: number, status: number | undefined, retryAfter: boolean, inFlight = this.#inFlight): Slowdown | undefined {
    if (status === 429 || (status === 503 && retryAfter)) {
      this.#pressure = true;
      this.#limit = Math.min(this.#limit, PRESSURE_CAP);
      this.#raisedFrom = undefined;
      return undefined;
    }
    if (status === undefined || this.#bursting) return undefined;
    if (this.#raisedFrom !== undefined) return this.#judgeWindow(durationMs, inFlight, this.#raisedFrom);
    if (this.#samples.length < 64) this.#samples.push(durationMs);
    return undefined;
  }

  /**
   * Adds an answer after the raise to the window; a full window slower by SLOWDOWN_FACTOR or more, with no more
   * answers a second than the burst, lowers the limit.
   */
  #judgeWindow(durationMs: number, inFlight: number, before: { medianMs: number; perSecond: number }): Slowdown | undefined {
    this.#window.push(durationMs);
    this.#windowInFlight += inFlight;
    if (this.#window.length < SLOWDOWN_WINDOW) return undefined;
    const slowMedianMs = median(this.#window)!;
    const slowPerSecond = perSecond(this.#windowInFlight / this.#window.length, slowMedianMs);
    this.#window = [];
    this.#windowInFlight = 0;
    if (slowMedianMs < SLOWDOWN_FACTOR * before.medianMs || slowPerSecond > before.perSecond) return undefined;
    this.#raisedFrom = undefined;
    this.#lowered = true;
    this.#limit = DEFAULT_CONCURRENCY;
    return { limit: this.#limit, medianMs: before.medianMs, slowMedianMs, burstPerSecond: before.perSecond, slowPerSecond };
  }

  /** The median answer so far, one request at a time. */
  get medianMs(): number | undefined {
    return median(this.#samples);
  }

  /** Whether the answers so far mark a distant target the run may raise its limit for (a burst then decides). */
  get mayRaise(): boolean {
    const medianMs = this.medianMs;
    return (
      this.#adaptive &&
      !this.#pressure &&
      !this.#lowered &&
      medianMs !== undefined &&
      medianMs >= DISTANT_MEDIAN_MS &&
      this.#limit < ADAPTIVE_CAP
    );
  }

  /**
   * Sends BURST_SIZE requests at once with `send` and keeps their answer times, when the answers so far mark a
   * distant target (else it sends nothing). Their times are not samples of answers one at a time.
   */
  async burst(send: () => Promise<unknown>): Promise<void> {
    if (!this.mayRaise) return;
    this.#bursting = true;
    try {
      const timed = async (): Promise<number> => {
        const started = this.#clock();
        await send().catch(() => undefined);
        return this.#clock() - started;
      };
      this.#burstMs = await Promise.all(Array.from({ length: BURST_SIZE }, timed));
    } finally {
      this.#bursting = false;
    }
  }

  /**
   * After preflight, discovery and the burst: raises the limit when the target is distant, showed no pressure, and
   * answered the burst about as fast as one request at a time. Returns the medians it judged by, and whether it
   * raised the limit.
   */
  adapt(): { medianMs: number | undefined; burstMedianMs: number | undefined; raised: boolean } {
    const medianMs = this.medianMs;
    const burstMedianMs = median(this.#burstMs);
    const raised = this.mayRaise && burstMedianMs !== undefined && burstMedianMs <= BURST_SLOWDOWN * medianMs!;
    if (raised) {
      this.#limit = ADAPTIVE_CAP;
      this.#raisedFrom = { medianMs: medianMs!, perSecond: perSecond(BURST_SIZE, burstMedianMs) };
    }
    return { medianMs, burstMedianMs, raised };
  }

  /** Waits for a request slot: free until the target showed pressure, then PRESSURE_CAP in flight at most. */
  async acquire(): Promise<void> {
    while (this.#pressure && this.#inFlight >= PRESSURE_CAP) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#inFlight++;
  }

  release(): void {
    this.#inFlight--;
    this.#waiting.shift()?.();
  }
}

/** Answers a second with `inFlight` requests in flight that each take `ms` (Little's law). */
function perSecond(inFlight: number, ms: number): number {
  return (1000 * inFlight) / Math.max(ms, 1e-3);
}

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
