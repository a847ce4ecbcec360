/**
 * @module The top of the report: verdict, run facts, counts, notices
 * (interrupted run, baseline, stale entries, leftovers) and the replay command.
 */
import type { ConformanceReport } from '../../../schemas/types.gen.js';
import { html, type SafeHtml } from '../escape.js';
import { networkSummary } from '../../network-summary.js';
import { proxySummary } from '../../proxy-summary.js';
import { copyable, IdSource, plural } from './common.js';

const COUNT_ORDER = ['failed', 'warning', 'error', 'known', 'passed', 'skipped', 'disabled'] as const;

export function renderHeader(report: ConformanceReport, ids: IdSource): SafeHtml {
  const options = Object.entries(report.options ?? {})
    .map(([name, value]) => `${name}=${JSON.stringify(value)}`)
    .join('  ');
  const facts: [string, string][] = [
    ['Target', report.target.baseUrl],
    ['Seed', String(report.seed)],
    ['Runs per property', String(report.runs)],
    ['Started', report.startedAt],
    ['Duration', `${(report.durationMs / 1000).toFixed(1)} s`],
    ['Tool', `${report.tool.name} ${report.tool.version}`],
  ];
  if (options) facts.push(['Options', options]);
  const network = networkSummary(report);
  if (network) facts.push(['Rate limits', network]);
  const proxy = proxySummary(report);
  if (proxy) facts.push(['Proxy', proxy]);
  const counts = COUNT_ORDER.map((status) => html`<li class="count ${status}"><b>${report.summary[status]}</b>${status}</li>`);
  const mismatches = plural(report.summary.mismatches, 'mismatch', 'mismatches');
  const tally = html`${report.summary.total} rules · ${mismatches} · ${plural(report.summary.requests, 'request')}`;
  return html`<header class="verdict ${report.verdict}" id="verdict">
  <div class="verdict-title"><h1>Jobs API v${report.specVersion} conformance</h1>
  <div>${verdictReason(report)}</div>
  <span class="muted">${tally}</span></div>
  <div class="verdict-word" data-testid="verdict">${report.verdict}</div>
</header>
<ul class="counts">${counts}</ul>
${notices(report)}
<dl class="meta">${facts.map(([name, value]) => html`<dt>${name}</dt><dd>${value}</dd>`)}</dl>
<h3>Replay this run</h3>
${copyable(ids, report.replayCommand, 'replay command')}`;
}

function notices(report: ConformanceReport): SafeHtml[] {
  const out: SafeHtml[] = [];
  if (report.interrupted) out.push(html`<div class="notice bad">The run was interrupted before every rule ran.</div>`);
  const baseline = report.baseline;
  if (baseline) {
    const source = baseline.source ? html` <code>${baseline.source}</code>` : '';
    out.push(
      html`<div class="notice">Baseline${source}: ${plural(baseline.entries, 'entry', 'entries')}, ${baseline.known.length} accepted as known.</div>`,
    );
    if (baseline.stale.length > 0) {
      out.push(
        html`<div class="notice bad" id="stale-baseline">Stale baseline entries: remove them, so the baseline only shrinks.<ul>${baseline.stale.map(
          (entry) =>
            html`<li><code>${entry.id}</code>: ${entry.cause === 'passes' ? 'passes now' : 'no such rule ran in this unfiltered run'}</li>`,
        )}</ul></div>`,
      );
    }
  }
  const warnings = report.summary.warning;
  if (warnings > 0) {
    const effect = report.options?.strict ? 'This run used --strict: they fail it.' : 'They do not fail the run unless --strict.';
    const failed = html`${plural(warnings, 'warning')}: ${plural(warnings, 'should rule')} failed`;
    out.push(html`<div class="notice warn" id="warnings">${failed}, good practice the spec does not state. ${effect}</div>`);
  }
  const leftover = report.cleanup.leftover;
  if (leftover.length > 0) {
    out.push(
      html`<div class="notice bad">${plural(leftover.length, 'job was', 'jobs were')} left on the target; see <a href="#cleanup">Cleanup</a>.</div>`,
    );
  }
  return out;
}

/** One line under the verdict that says why. */
function verdictReason(report: ConformanceReport): string {
  const { failed, error, known, warning } = report.summary;
  const accepted = known > 0 ? ` (${known} known, accepted by the baseline)` : '';
  const warned =
    warning > 0 ? ` ${plural(warning, 'warning')} (should rules)${report.options?.strict ? ', failing the run under --strict' : ''}.` : '';
  if (report.verdict === 'error') {
    return error > 0
      ? `The suite could not complete ${plural(error, 'rule')}; ${plural(failed, 'rule')} failed.`
      : 'The run ended with an error.';
  }
  if (report.verdict === 'failed') return `${plural(failed, 'rule departs', 'rules depart')} from the spec${accepted}.${warned}`;
  return `No rule departs from the spec${accepted}.${warned}`;
}
