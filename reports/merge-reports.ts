/**
 * @module merge-reports: the shard reports of one run (--shard i/n on n machines) as the one report an
 * unsharded run with the same seed would have written: every rule once in registry order, the summary,
 * the verdict (so the exit code) and the observations of all shards. It refuses shards that cannot be
 * one run: another seed, tool version, --runs, --only or shard count, a shard missing or given twice, a
 * report of no shard, or a shard already gated by a baseline (the baseline applies to the merged report).
 */
import type { ConformanceReport, Observation, RuleResult } from '../schemas/types.gen.js';
import { ReportError } from './report-error.js';
import { summarize, verdictFor } from './status.js';

export interface ShardReport {
  /** Where the report was read from, for the error lines. */
  source: string;
  report: ConformanceReport;
}

function refuse(message: string, context: Record<string, unknown>): never {
  throw new ReportError('MERGE_REFUSED', message, { context });
}

/** Each shard's seed, tool version and run shape must be the first one's: otherwise the shards are not one run. */
function checkSameRun(shards: readonly ShardReport[]): void {
  const first = shards[0]!;
  const same: Array<[string, (report: ConformanceReport) => unknown]> = [
    ['seed', (r) => r.seed],
    ['tool version', (r) => r.tool.version],
    ['shard count', (r) => r.shard?.count],
    ['--runs', (r) => r.runs],
    ['--only', (r) => r.options?.only ?? null],
    ['--duration', (r) => r.options?.duration ?? null],
  ];
  for (const shard of shards) {
    for (const [what, of] of same) {
      if (of(shard.report) !== of(first.report)) {
        refuse(`mixed ${what}: ${first.source} has ${String(of(first.report))}, ${shard.source} has ${String(of(shard.report))}`, {
          what,
          sources: [first.source, shard.source],
        });
      }
    }
  }
}

function checkShards(shards: readonly ShardReport[]): number {
  if (shards.length === 0) refuse('no shard report to merge', {});
  for (const { source, report } of shards) {
    if (!report.shard) refuse(`${source} is not a shard report (it was not run with --shard i/n)`, { source });
    if (report.baseline)
      refuse(`${source} was gated by a baseline: run the shards without --baseline and pass it to merge-reports`, { source });
  }
  checkSameRun(shards);
  const count = shards[0]!.report.shard!.count;
  const seen = new Map<number, string>();
  for (const { source, report } of shards) {
    const index = report.shard!.index;
    const earlier = seen.get(index);
    if (earlier !== undefined)
      refuse(`shard ${index}/${count} appears twice: ${earlier} and ${source}`, { index, sources: [earlier, source] });
    seen.set(index, source);
  }
  const missing = Array.from({ length: count }, (_, i) => i + 1).filter((index) => !seen.has(index));
  if (missing.length > 0)
    refuse(`missing shard ${missing.map((index) => `${index}/${count}`).join(', ')}: every shard of the run is needed`, { missing });
  return count;
}

/** Run-level observations (discovery, q scope) are made by every shard: each distinct one is kept once. */
function mergeObservations(shards: readonly ConformanceReport[], place: (id: string) => number): Observation[] {
  const kept = new Map<string, Observation>();
  for (const report of shards) {
    for (const observation of report.observations) {
      const key = `${observation.ruleId ?? ''}|${observation.topic}|${observation.observed}`;
      if (!kept.has(key)) kept.set(key, observation);
    }
  }
  const rank = (o: Observation) => (o.ruleId ? place(o.ruleId) : -1);
  return [...kept.values()].sort((a, b) => rank(a) - rank(b));
}

/**
 * Merges the reports of every shard of one run.
 *
 * @example
 * const merged = mergeReports(dirs.map((dir) => ({ source: dir, report: readJson(`${dir}/report.json`) })), rules.map((r) => r.id));
 */
export function mergeReports(shards: readonly ShardReport[], ruleOrder: readonly string[] = []): ConformanceReport {
  const count = checkShards(shards);
  const reports = [...shards].sort((a, b) => a.report.shard!.index - b.report.shard!.index).map((shard) => shard.report);
  const first = reports[0]!;
  const order = new Map(ruleOrder.map((id, index) => [id, index]));
  const place = (id: string) => order.get(id) ?? ruleOrder.length;
  // Registry order, as an unsharded run reports; rules the order does not know keep their shard order after them.
  const rules: RuleResult[] = reports
    .flatMap((report) => report.rules)
    .map((rule, i) => ({ rule, i }))
    .sort((a, b) => place(a.rule.id) - place(b.rule.id) || a.i - b.i)
    .map(({ rule }) => rule);
  const startedAt = new Date(Math.min(...reports.map((r) => Date.parse(r.startedAt))));
  const finishedAt = new Date(Math.max(...reports.map((r) => Date.parse(r.finishedAt))));
  const interrupted = reports.some((r) => r.interrupted === true);
  const strict = first.options?.strict === true;
  const sum = (of: (report: ConformanceReport) => number) => reports.reduce((total, report) => total + of(report), 0);
  const merged: ConformanceReport = {
    tool: first.tool,
    specVersion: first.specVersion,
    target: first.target,
    seed: first.seed,
    runs: first.runs,
    ...(first.options
      ? { options: { ...first.options, referencePrefix: reports.map((r) => r.options?.referencePrefix ?? '').join(',') } }
      : {}),
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    durationMs: Math.max(0, finishedAt.getTime() - startedAt.getTime()),
    verdict: verdictFor(rules, { interrupted, strict }),
    summary: summarize(
      rules,
      sum((r) => r.summary.requests),
    ),
    rules,
    observations: mergeObservations(reports, place),
    cleanup: {
      created: sum((r) => r.cleanup.created),
      deleted: sum((r) => r.cleanup.deleted),
      leftover: reports.flatMap((r) => r.cleanup.leftover),
    },
    // The whole run on one machine: the same command without its shard.
    replayCommand: first.replayCommand.replace(/ --shard \d+\/\d+/, ''),
    shards: reports.map((r) => ({
      index: r.shard!.index,
      count,
      rules: r.rules.length,
      startedAt: r.startedAt,
      durationMs: r.durationMs,
      ...(r.options?.referencePrefix ? { referencePrefix: r.options.referencePrefix } : {}),
    })),
  };
  if (reports.some((r) => r.network)) {
    merged.network = {
      retries: sum((r) => r.network?.retries ?? 0),
      retryWaitMs: sum((r) => r.network?.retryWaitMs ?? 0),
      rateLimitWaitMs: sum((r) => r.network?.rateLimitWaitMs ?? 0),
    };
  }
  if (interrupted) merged.interrupted = true;
  return merged;
}
