/**
 * @module Assembles the ConformanceReport (report.json, schemas/report.schema.json)
 * from rule results, for the suite's runner and the proxy alike. Status order,
 * summary, verdict and exit code are owned by status.ts and gating/gating.ts; this
 * module only uses them.
 */
import type { ConformanceReport, Observation, RuleResult, Cleanup } from '../schemas/types.gen.js';
import { summarize, verdictFor } from './status.js';

export interface ReportInput {
  tool: { name: string; version: string };
  apiRoot: string;
  seed: number;
  runs: number;
  options: NonNullable<ConformanceReport['options']>;
  startedAt: Date;
  finishedAt: Date;
  interrupted: boolean;
  rules: RuleResult[];
  observations: Observation[];
  cleanup: Cleanup;
  requests: number;
  /** Rate limiting: retries and time waited. */
  network?: ConformanceReport['network'];
  replayCommand: string;
  /** --shard: this run is shard index of count. */
  shard?: { index: number; count: number };
}

/** Assembles the report (the report.json shape). */
export function buildReport(input: ReportInput): ConformanceReport {
  const report: ConformanceReport = {
    tool: input.tool,
    specVersion: '1.1',
    target: { baseUrl: input.apiRoot },
    seed: input.seed,
    runs: input.runs,
    options: input.options,
    startedAt: input.startedAt.toISOString(),
    finishedAt: input.finishedAt.toISOString(),
    durationMs: Math.max(0, input.finishedAt.getTime() - input.startedAt.getTime()),
    verdict: verdictFor(input.rules, { interrupted: input.interrupted, strict: input.options.strict === true }),
    summary: summarize(input.rules, input.requests),
    rules: input.rules,
    observations: input.observations,
    cleanup: input.cleanup,
    replayCommand: input.replayCommand,
  };
  if (input.network) report.network = input.network;
  if (input.shard) report.shard = input.shard;
  if (input.interrupted) report.interrupted = true;
  return report;
}
