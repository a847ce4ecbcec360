/**
 * @module One phrase on a validating proxy's session for the headers of every
 * human-readable report (terminal, summary.md, report.html): what it judged,
 * its findings per side, and where its model stayed silent rather than guess.
 * Absent for a suite run.
 */
import type { ConformanceReport } from '../schemas/types.gen.js';

/**
 * @example
 * proxySummary(report) // 'proxy: 41 exchanges, 2 employers · findings: 1 client, 0 server · silent: 3 jobs first seen, 2 comparisons with concurrent traffic'
 */
export function proxySummary(report: ConformanceReport): string | undefined {
  const proxy = report.proxy;
  if (!proxy) return undefined;
  const s = proxy.silences;
  const silent = [
    [s.jobsFirstSeen, 'jobs first seen (created before the proxy started, or elsewhere)'],
    [s.uncertainWrites, 'writes with an unknown outcome'],
    [s.changedElsewhere, 'reads taken as changes made elsewhere'],
    [s.concurrentSkips, 'comparisons skipped for concurrent traffic'],
    [s.withoutKey, 'exchanges without a key'],
  ]
    .filter(([count]) => (count as number) > 0)
    .map(([count, what]) => `${count} ${what}`);
  const parts = [
    `proxy: ${proxy.exchanges} ${proxy.exchanges === 1 ? 'exchange' : 'exchanges'}, ${proxy.employers} ${proxy.employers === 1 ? 'employer' : 'employers'}`,
    `findings: ${proxy.findings.client} client, ${proxy.findings.server} server`,
  ];
  if (proxy.failedExchanges > 0) parts.push(`${proxy.failedExchanges} without a response`);
  if (proxy.uncheckedBodies > 0) parts.push(`${proxy.uncheckedBodies} bodies not checked`);
  if (silent.length > 0) parts.push(`silent where the model could not know: ${silent.join(', ')}`);
  return parts.join(' · ');
}
