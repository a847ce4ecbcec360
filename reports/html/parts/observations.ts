/**
 * @module What the target chose where the spec is silent (never failures),
 * and what the suite created, deleted and left behind on the target.
 */
import type { ConformanceReport, Observation } from '../../../schemas/types.gen.js';
import { html, type SafeHtml } from '../escape.js';
import { ruleAnchor } from './common.js';

/** One row per (topic, observed, note): the same form seen by many rules is one finding, with every rule that saw it. */
function groupedObservations(report: ConformanceReport): Array<{ observation: Observation; ruleIds: string[] }> {
  const groups = new Map<string, { observation: Observation; ruleIds: string[] }>();
  for (const o of report.observations) {
    const key = JSON.stringify([o.topic, o.section, o.observed, o.note ?? '']);
    const group = groups.get(key) ?? { observation: o, ruleIds: [] };
    if (o.ruleId && !group.ruleIds.includes(o.ruleId)) group.ruleIds.push(o.ruleId);
    groups.set(key, group);
  }
  return [...groups.values()];
}

export function renderObservations(report: ConformanceReport): SafeHtml {
  if (report.observations.length === 0)
    return html`<section id="observations"><h2>Observations</h2><p class="muted">None recorded.</p></section>`;
  const rows = groupedObservations(report).map(
    ({ observation: o, ruleIds }) =>
      html`<tr><td><code>${o.topic}</code></td><td>§${o.section}</td><td>${o.observed}</td><td>${o.note ?? ''}</td><td>${ruleIds.map(
        (id) => html`<a class="chip" href="#${ruleAnchor(id)}">${id}</a> `,
      )}</td></tr>`,
  );
  return html`<section id="observations"><h2>Observations <span class="muted">where the spec is silent; not failures</span></h2>
<table><thead><tr><th>Topic</th><th>§</th><th>Observed</th><th>Note</th><th>Rules</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

export function renderCleanup(report: ConformanceReport): SafeHtml {
  const { created, deleted, leftover } = report.cleanup;
  const table =
    leftover.length === 0
      ? html`<p class="muted">Nothing was left on the target.</p>`
      : html`<table><thead><tr><th>Job id</th><th>referenceId</th><th>Why it is left</th></tr></thead><tbody>${leftover.map(
          (job) => html`<tr><td>${job.id ?? '?'}</td><td><code>${job.referenceId ?? '?'}</code></td><td>${job.reason}</td></tr>`,
        )}</tbody></table>`;
  return html`<section id="cleanup"><h2>Cleanup</h2><p>Created ${created} jobs, deleted ${deleted}.</p>${table}</section>`;
}
