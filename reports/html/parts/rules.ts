/**
 * @module The rule list: filters (status, area, text), then one expandable
 * <details> per rule, grouped by area, with its level (must or should: a
 * failed should rule is a warning). A failed rule opens to its mismatches:
 * expected and received, the shrunk counterexample, the curl reproducer and
 * the replay command (with Copy buttons) and the recorded exchanges.
 */
import type { ConformanceReport, Mismatch, RuleResult } from '../../../schemas/types.gen.js';
import { STATUS_ORDER } from '../../status.js';
import { html, type SafeHtml } from '../escape.js';
import { badge, copyable, IdSource, plural, ruleAnchor } from './common.js';
import { renderExchange } from './exchange.js';

export function renderRules(report: ConformanceReport, ids: IdSource): SafeHtml {
  const areas = [...new Set(report.rules.map((rule) => rule.area))];
  const statusButtons = ['all', ...presentStatuses(report)].map((status) => {
    const count = status === 'all' ? report.rules.length : report.rules.filter((rule) => rule.status === status).length;
    return html`<button type="button" data-filter-status="${status}" aria-pressed="${status === 'all' ? 'true' : 'false'}">${status} ${count}</button>`;
  });
  const areaOptions = areas.map((area) => html`<option value="${area}">${area}</option>`);
  const filters = html`<div class="filters" id="filters" data-needs-script hidden>
  <div class="group" role="group" aria-label="Filter by status">${statusButtons}</div>
  <select id="filter-area" aria-label="Filter by area"><option value="all">all areas</option>${areaOptions}</select>
  <input id="filter-text" type="search" placeholder="rule id or title" aria-label="Filter by text">
  <span class="spacer"></span><span class="muted" id="filter-count"></span>
  <button type="button" id="expand-failures">Expand failures</button><button type="button" id="collapse-all">Collapse all</button>
  <button type="button" id="download-json">report.json</button>
</div>`;
  const groups = areas.map((area) => {
    const rules = report.rules.filter((rule) => rule.area === area);
    const failing = rules.filter((rule) => rule.status === 'failed' || rule.status === 'error').length;
    const warning = rules.filter((rule) => rule.status === 'warning').length;
    const notes = `${failing > 0 ? `, ${failing} failing` : ''}${warning > 0 ? `, ${plural(warning, 'warning')}` : ''}`;
    const head = html`<div class="area-head"><h3>${area}</h3><span class="muted">${plural(rules.length, 'rule')}${notes}</span></div>`;
    return html`<section class="area" data-area="${area}">${head}
${rules.map((rule) => renderRule(rule, ids))}</section>`;
  });
  return html`<section id="rules"><h2>Rules</h2>${filters}
<p id="no-match" class="muted" hidden>No rule matches the filters.</p>
${groups}</section>`;
}

function renderRule(rule: RuleResult, ids: IdSource): SafeHtml {
  const search = `${rule.id} ${rule.title} ${rule.section}`.toLowerCase();
  const cases = rule.cases > 0 ? `${plural(rule.cases, 'case')} · ` : '';
  const names = html`<span class="rule-id">${rule.id}</span><span class="rule-title">${rule.title}</span>`;
  const level = html`<span class="level ${rule.level}" title="${LEVEL_HINT[rule.level]}">${rule.level}</span>`;
  const meta = html`<span class="rule-meta">§${rule.section} · ${cases}${formatMs(rule.durationMs)}</span>`;
  const data = html`data-status="${rule.status}" data-level="${rule.level}" data-area="${rule.area}" data-search="${search}"`;
  return html`<details class="rule ${rule.status}" id="${ruleAnchor(rule.id)}" ${data}>
<summary>${badge(rule.status)}${names}${level}${meta}</summary>
<div class="rule-body">${ruleBody(rule, ids)}</div>
</details>`;
}

function ruleBody(rule: RuleResult, ids: IdSource): SafeHtml {
  const notes: SafeHtml[] = [];
  if (rule.skipReason) notes.push(html`<p><b>Skipped:</b> ${rule.skipReason}</p>`);
  if (rule.errorMessage)
    notes.push(
      html`<p><b>Suite error</b> (the suite could not complete this rule; not a verdict on the target):</p><pre>${rule.errorMessage}</pre>`,
    );
  if (rule.status === 'warning')
    notes.push(
      html`<p><b>Warning:</b> this should rule checks good practice the spec does not state; it fails the run only with --strict.</p>`,
    );
  if (rule.status === 'failed' && rule.level === 'should')
    notes.push(html`<p><b>Failed although a should rule:</b> the target answered with a 5xx, which always counts as must.</p>`);
  if (rule.baselineReason) notes.push(html`<p><b>Known mismatch, accepted by the baseline:</b> ${rule.baselineReason}</p>`);
  if (rule.status === 'disabled') notes.push(html`<p class="muted">Disabled in this run.</p>`);
  if (rule.status === 'passed' && rule.mismatches.length === 0)
    notes.push(html`<p class="muted">Passed ${plural(rule.cases, 'case')}.</p>`);
  return html`${notes}${rule.mismatches.map((mismatch) => renderMismatch(mismatch, ids))}`;
}

function renderMismatch(mismatch: Mismatch, ids: IdSource): SafeHtml {
  const reproducibility =
    mismatch.reproducibility === 'deterministic' ? 'failed' : mismatch.reproducibility === 'flaky' ? 'known' : 'skipped';
  const side = mismatch.side === undefined ? '' : html`<dt>Side</dt><dd>${mismatch.side}</dd>`;
  const outcome = html`<dt>Expected</dt><dd>${mismatch.expected}</dd><dt>Received</dt><dd>${mismatch.received}</dd>`;
  const facts = html`${outcome}<dt>Section</dt><dd>§${mismatch.section}</dd><dt>Level</dt><dd>${mismatch.level}</dd>${side}`;
  const counterexample =
    mismatch.counterexample === undefined
      ? ''
      : html`<h5>Counterexample (shrunk)</h5><pre class="counterexample">${JSON.stringify(mismatch.counterexample, null, 2)}</pre>`;
  return html`<article class="mismatch">
<h4>${mismatch.title}${badge(reproducibility, mismatch.reproducibility)}</h4>
<dl class="facts">${facts}</dl>
${counterexample}
<h5>Reproduce with curl</h5>${copyable(ids, mismatch.curl, 'curl command')}
<h5>Replay</h5>${copyable(ids, mismatch.replay.command, 'replay command')}
<h5>${plural(mismatch.exchanges.length, 'exchange')}</h5>${mismatch.exchanges.map(renderExchange)}
</article>`;
}

const LEVEL_HINT = {
  must: 'must: the spec states it; a failure fails the run',
  should: 'should: good practice the spec does not state; a failure is a warning',
} as const;

function formatMs(ms: number): string {
  return ms >= 1000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;
}

/** Statuses that occur in the report, worst first (for the filter buttons). */
function presentStatuses(report: ConformanceReport): string[] {
  return [...STATUS_ORDER].reverse().filter((status) => report.rules.some((rule) => rule.status === status));
}
