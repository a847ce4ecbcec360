/**
 * @module Waiting out rate limits: a 429 or 503 with Retry-After is retried
 * after the wait it asks for; a 429 without it after a short exponential
 * backoff. Each wait, the number of retries of one request and the run's
 * total wait are capped; past a cap the request ends with a RATE_LIMITED
 * SuiteError, so its rule ends `error` (never `failed`: a gateway's limit
 * says nothing about conformance). One instance per run counts the retries
 * and the time waited for the report.
 */
import { abortableSleep } from './abortable-sleep.js';
import { SuiteError } from '../contract/errors.js';
import { retryAfterMs } from './retry-after.js';

export interface RetryLimits {
  /** Retries of one request before it ends RATE_LIMITED. */
  maxRetries: number;
  /** The longest single wait; a Retry-After asking for more ends the request at once. */
  maxWaitMs: number;
  /** The most the whole run waits on rate limits. */
  totalWaitMs: number;
  /** First backoff of a 429 without Retry-After; doubles on every retry. */
  backoffMs: number;
}

export const DEFAULT_RETRY_LIMITS: RetryLimits = { maxRetries: 5, maxWaitMs: 60_000, totalWaitMs: 300_000, backoffMs: 500 };

/** What the report says about rate limiting (schema: report.network). */
export interface RetryStats {
  retries: number;
  waitedMs: number;
}

/** The response fields a retry decision needs. */
export interface RetryableResponse {
  status: number;
  headers: Record<string, string>;
}

export class RetryPolicy {
  readonly limits: RetryLimits;
  readonly stats: RetryStats = { retries: 0, waitedMs: 0 };

  constructor(limits: Partial<RetryLimits> = {}) {
    this.limits = { ...DEFAULT_RETRY_LIMITS, ...limits };
  }

  /**
   * The wait before retrying `response` (the `retry`-th retry, from 0), or
   * undefined when it is no rate limit. Throws RATE_LIMITED past a cap.
   */
  waitBeforeRetry(response: RetryableResponse, retry: number, where: string): number | undefined {
    const { status } = response;
    if (status !== 429 && status !== 503) return undefined;
    const asked = retryAfterMs(response.headers['retry-after']);
    // A 503 without Retry-After is an outage, not a limit: the rule sees it.
    if (asked === undefined && status === 503) return undefined;
    const wait = asked ?? this.limits.backoffMs * 2 ** retry;
    const stop = (why: string) =>
      new SuiteError('RATE_LIMITED', `${where}: answered ${status} (rate limited); ${why}`, { context: { status, retries: retry } });
    if (retry >= this.limits.maxRetries)
      throw stop(`still limited after ${retry} ${retry === 1 ? 'retry' : 'retries'} (--retry-max ${this.limits.maxRetries})`);
    if (wait > this.limits.maxWaitMs) throw stop(`Retry-After asks for ${wait} ms, more than --retry-max-wait-ms ${this.limits.maxWaitMs}`);
    if (this.stats.waitedMs + wait > this.limits.totalWaitMs) {
      throw stop(`the run already waited ${this.stats.waitedMs} ms on rate limits (--retry-total-wait-ms ${this.limits.totalWaitMs})`);
    }
    return wait;
  }

  /** Waits `ms` before a retry and counts it; rejects with INTERRUPTED when `signal` aborts. */
  async wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
    this.stats.retries += 1;
    this.stats.waitedMs += ms;
    await abortableSleep(ms, signal, 'waiting out a rate limit');
  }
}
