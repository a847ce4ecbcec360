/**
 * @module The root causes above the rules: each failure that explains
 * several failed rules, worst first, with links to those rules (which keep
 * their own entries below).
 */
import type { ConformanceReport } from '../../../schemas/types.gen.js';
import { causesHeadline, failsRules, rootCauses, type RootCause } from '../../root-causes.js';
import { html, type SafeHtml } from '../escape.js';
import { badge, ruleAnchor } from './common.js';

export function renderRootCauses(report: ConformanceReport): SafeHtml | string {
  const causes = rootCauses(report);
  if (causes.length === 0) return '';
  return html`<section id="root-causes"><h2>Root causes</h2>
<p class="muted">${causesHeadline(causes)}. Each rule keeps its own entry under Rules.</p>
<ul class="root-causes">${causes.map(renderCause)}</ul></section>`;
}

function renderCause(cause: RootCause): SafeHtml {
  const failure = html`<code class="cause-line">${cause.requestLine}</code>: <span class="cause-failure">${cause.failure}</span>`;
  const links = cause.ruleIds.map((id) => html`<li><a href="#${ruleAnchor(id)}">${id}</a></li>`);
  const line = html`${badge(cause.status)} ${failure} <span class="muted">(${failsRules(cause)})</span>`;
  return html`<li class="root-cause ${cause.status}" data-rules="${cause.ruleIds.length}">${line}
<details><summary>the rules</summary><ul class="cause-rules">${links}</ul></details></li>`;
}
