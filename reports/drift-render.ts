/**
 * @module Drift (reports/drift.ts) as text: for the terminal, and as Markdown for a pull-request
 * comment or the run's summary.md. A change many rules saw alike (every auth rule now answers 403)
 * is one line naming its rules, not one line per rule.
 */
import type { Drift, Observation, ObservationChange, RuleStatusChange } from '../schemas/types.gen.js';
import { visibleControlChars } from './control-chars.js';
import { codeSpan, escapeMarkdownCell } from './markdown-escape.js';
import { isEmptyDrift } from './drift.js';
import { colorsFor, paintStatus } from './terminal-style.js';

/** One line of drift: what differs, and the rules that saw it. */
interface Line {
  text: string;
  /** The same in Markdown: target text in code spans, which need no escaping. */
  markdown: string;
  ruleIds: string[];
}

/**
 * @example
 * process.stdout.write(renderDriftTerminal(diffReports(older, newer), { color: shouldUseColor(process.stdout) }));
 */
export function renderDriftTerminal(drift: Drift, options: { color: boolean }): string {
  const c = colorsFor(options.color);
  const t = visibleControlChars;
  const out: string[] = ['', `${c.bold('Drift')} ${c.dim(`since ${t(describeRun(drift.old))}`)}`];
  if (isEmptyDrift(drift)) return [...out, '  nothing changed: same choices, same rule statuses, same rules', ''].join('\n');
  const section = (title: string, lines: readonly Line[], mark: string) => {
    if (lines.length === 0) return;
    out.push(`  ${title}`);
    for (const line of lines)
      out.push(`    ${mark} ${t(line.text)}${line.ruleIds.length > 0 ? c.dim(`  (${t(listIds(line.ruleIds))})`) : ''}`);
  };
  section(
    c.yellow('Observations changed (a warning: clients may depend on the old choice)'),
    changedLines(drift.observations.changed),
    c.yellow('~'),
  );
  section(c.yellow('Observations only in the new run'), presenceLines(drift.observations.added), c.yellow('+'));
  section(c.yellow('Observations only in the old run'), presenceLines(drift.observations.removed), c.yellow('-'));
  const status = (change: RuleStatusChange) => `${paintStatus(c, change.old, change.old)} -> ${paintStatus(c, change.new, change.new)}`;
  const rules = (changes: readonly RuleStatusChange[]) =>
    changes.map((change) => `    ${change.id} ${c.dim(change.level)} ${status(change)}`);
  if (drift.rules.newlyFailing.length > 0) out.push(`  ${c.red('Rules newly failing')}`, ...rules(drift.rules.newlyFailing));
  if (drift.rules.newlyPassing.length > 0) out.push(`  ${c.green('Rules newly passing')}`, ...rules(drift.rules.newlyPassing));
  if (drift.rules.statusChanged.length > 0) out.push(`  Rules with another status`, ...rules(drift.rules.statusChanged));
  if (drift.rules.added.length > 0)
    out.push(`  Rules added`, ...drift.rules.added.map((rule) => `    + ${rule.id} ${c.dim(`${rule.level}, ${rule.status}`)}`));
  if (drift.rules.removed.length > 0)
    out.push(`  Rules removed`, ...drift.rules.removed.map((rule) => `    - ${rule.id} ${c.dim(`${rule.level}, ${rule.status}`)}`));
  out.push('');
  return out.join('\n');
}

/**
 * @example
 * await writeFile('drift.md', renderDriftMarkdown(drift)); // or: gh pr comment --body-file drift.md
 */
export function renderDriftMarkdown(drift: Drift, options: { heading?: string } = {}): string {
  const lines: string[] = [`${options.heading ?? '##'} Drift since ${escapeMarkdownCell(describeRun(drift.old))}`, ''];
  if (isEmptyDrift(drift))
    return [...lines, 'Nothing changed: same choices where the spec leaves room, same rule statuses, same rules.', ''].join('\n');
  const table = (title: string, rows: readonly Line[]) => {
    if (rows.length === 0) return;
    lines.push(title, '', '| What | Rules |', '|---|---|');
    for (const row of rows)
      lines.push(`| ${row.markdown} | ${row.ruleIds.length > 0 ? escapeMarkdownCell(listIds(row.ruleIds), 300) : '(run)'} |`);
    lines.push('');
  };
  if (drift.observations.changed.length > 0) {
    lines.push(
      '> [!WARNING]',
      '> The target chose differently where the spec leaves room. Both may conform, but a client may depend on the old choice.',
      '',
    );
  }
  table('**Observations changed**', changedLines(drift.observations.changed));
  table('**Observations only in the new run**', presenceLines(drift.observations.added));
  table('**Observations only in the old run**', presenceLines(drift.observations.removed));
  const statusTable = (title: string, changes: readonly RuleStatusChange[]) => {
    if (changes.length === 0) return;
    lines.push(title, '', '| Rule | Level | Before | Now |', '|---|---|---|---|');
    for (const change of changes)
      lines.push(`| ${codeSpan(change.id, { table: true })} | ${change.level} | ${change.old} | ${change.new} |`);
    lines.push('');
  };
  statusTable('**❌ Rules newly failing**', drift.rules.newlyFailing);
  statusTable('**✅ Rules newly passing**', drift.rules.newlyPassing);
  statusTable('**Rules with another status**', drift.rules.statusChanged);
  for (const [title, list] of [
    ['**Rules added**', drift.rules.added],
    ['**Rules removed**', drift.rules.removed],
  ] as const) {
    if (list.length > 0) lines.push(title + ': ' + list.map((rule) => codeSpan(rule.id)).join(', '), '');
  }
  return lines.join('\n');
}

function describeRun(run: Drift['old']): string {
  return `${run.source ?? run.baseUrl} (seed ${run.seed}, ${run.toolVersion}, ${run.startedAt})`;
}

/** `topic [qualifier]: old -> new`, one line per distinct change, with the rules that saw it. */
function changedLines(changes: readonly ObservationChange[]): Line[] {
  return grouped(
    changes,
    (change) => `${change.topic}${change.qualifier === undefined ? '' : ` [${change.qualifier}]`}: ${change.old} -> ${change.new}`,
    (change) =>
      `${cell(change.topic)}${change.qualifier === undefined ? '' : ` ${cell(change.qualifier)}`}: ${cell(change.old)} → ${cell(change.new)}`,
  );
}

function presenceLines(observations: readonly Observation[]): Line[] {
  return grouped(
    observations,
    (observation) => `${observation.topic}: ${observation.observed}`,
    (observation) => `${cell(observation.topic)}: ${cell(observation.observed)}`,
  );
}

/** Target text as a code span in a table cell, cut to a readable length. */
function cell(text: string): string {
  return codeSpan(text.length > 200 ? `${text.slice(0, 199)}…` : text, { table: true });
}

function grouped<T extends { ruleId?: string }>(items: readonly T[], textOf: (item: T) => string, markdownOf: (item: T) => string): Line[] {
  const lines = new Map<string, Line>();
  for (const item of items) {
    const text = textOf(item);
    const line = lines.get(text) ?? { text, markdown: markdownOf(item), ruleIds: [] };
    if (item.ruleId !== undefined) line.ruleIds.push(item.ruleId);
    lines.set(text, line);
  }
  return [...lines.values()];
}

function listIds(ids: readonly string[], shown = 3): string {
  const more = ids.length - shown;
  return ids.slice(0, shown).join(', ') + (more > 0 ? `, …and ${more} more` : '');
}
