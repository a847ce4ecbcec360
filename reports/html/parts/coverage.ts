/**
 * @module The spec-coverage matrix: every spec section, the rules that check
 * it (linked to their details, coloured by status) and the section's worst
 * status. Sections without rules show as not covered.
 */
import type { ConformanceReport, RuleResult } from '../../../schemas/types.gen.js';
import { worstStatus } from '../../status.js';
import { html, type SafeHtml } from '../escape.js';
import { compareSections, sectionKey, SPEC_SECTIONS } from '../spec-sections.js';
import { badge, ruleAnchor } from './common.js';

export function renderCoverage(report: ConformanceReport): SafeHtml {
  const bySection = new Map<string, RuleResult[]>();
  for (const rule of report.rules) {
    const key = sectionKey(rule.section);
    bySection.set(key, [...(bySection.get(key) ?? []), rule]);
  }
  const titles = new Map(SPEC_SECTIONS.map((s) => [s.section, s.title]));
  const keys = [...new Set([...titles.keys(), ...bySection.keys()])].sort(compareSections);
  const covered = keys.filter((key) => bySection.has(key)).length;

  const rows = keys.map((key) => {
    const rules = bySection.get(key) ?? [];
    const worst = worstStatus(rules.map((rule) => rule.status));
    const passed = rules.filter((rule) => rule.status === 'passed').length;
    return html`<tr class="${worst ?? 'uncovered'}" data-section="${key}">
  <th>§${key}</th><td>${titles.get(key) ?? 'not a section of the spec'}</td>
  <td class="rules">${
    rules.length === 0
      ? html`<span class="muted">no rules</span>`
      : rules.map(
          (rule) =>
            html`<a class="chip ${rule.status}" href="#${ruleAnchor(rule.id)}" title="${rule.status}: ${rule.title}">${rule.id}</a>`,
        )
  }</td>
  <td>${worst ? badge(worst) : badge('none', 'not covered')}</td>
  <td class="muted passed-count">${rules.length > 0 ? `${passed}/${rules.length} passed` : ''}</td>
</tr>`;
  });
  return html`<section id="coverage"><h2>Spec coverage <span class="muted">${covered} of ${keys.length} sections have rules</span></h2>
<table class="coverage"><thead><tr><th>§</th><th>Section</th><th>Rules</th><th>Status</th><th></th></tr></thead><tbody>${rows}</tbody></table></section>`;
}
