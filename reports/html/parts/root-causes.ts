/**
 * @module The root causes above the rules: each failure that explains
 * several failed rules, worst first, with links to those rules (which keep
 * their own entries below).
 */
import type { ConformanceReport } from '../../../schemas/types.gen.js';
import { causesHeadline, failsRules, rootCauses } from '../../root-causes.js';
import { html, type SafeHtml } from '../escape.js';
import { badge, ruleAnchor } from './common.js';

export function renderRootCauses(report: ConformanceReport): SafeHtml | string {
  const causes = rootCauses(report);
  if (causes.length === 0) return '';
  const items = causes.map(
    (
      cause,
    ) => html`<li class="root-cause ${cause.status}" data-rules="${cause.ruleIds.length}">${badge(cause.status)} <code class="cause-line">${cause.requestLine}</code>: <span class="cause-failure">${cause.failure}</span> <span class="muted">(${failsRules(cause)})</span>
<details><summary>the rules</summary><ul class="cause-rules">${cause.ruleIds.map((id) => html`<li><a href="#${ruleAnchor(id)}">${id}</a></li>`)}</ul></details></li>`,
  );
  return html`<section id="root-causes"><h2>Root causes</h2>
<p class="muted">${causesHeadline(causes)}. Each rule keeps its own entry under Rules.</p>
<ul class="root-causes">${items}</ul></section>`;
}
