/**
 * @module The forms the suite saw, per rule and profile, as the mutation run's second oracle.
 *
 * Where the spec leaves a form open, a mutant of the mock can swap one legal form for another: no rule fails, and
 * the mutant would survive as "open in the spec". The suite still notices such a change, in its observations (the
 * report's record of what the target chose). The mutation test compares each rule's observations with those the
 * unmutated mock gave at the same seed and profile, recorded in test/mutation/observed-forms.json, so a mutant that
 * changes what the suite reports is killed too. A failure of this kind names itself (OBSERVATION_CHANGED), so the
 * run's summary can tell the kills of a rule from the kills of an observation.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { ConformanceReport } from '../../schemas/types.gen.js';

export const OBSERVED_FORMS_FILE = new URL('./observed-forms.json', import.meta.url);

/** The start of the assertion message of a changed observation: scripts/mutation-report.mjs counts these kills. */
export { OBSERVATION_CHANGED } from '../../scripts/mutation-report.mjs';

/** profile → rule id → the rule's observations as `topic = observed`, sorted. */
export type ObservedForms = Record<string, Record<string, string[]>>;

/** A rule's observations as `topic = observed`, once each, sorted: what the suite reported, in any order it made them. */
export function observedForms(report: ConformanceReport): string[] {
  return [...new Set(report.observations.map((o) => `${o.topic} = ${o.observed}`))].sort();
}

export function readObservedForms(): ObservedForms | undefined {
  return existsSync(OBSERVED_FORMS_FILE) ? (JSON.parse(readFileSync(OBSERVED_FORMS_FILE, 'utf8')) as ObservedForms) : undefined;
}

/** Writes the recorded forms, profiles and rules in a stable order, so a re-recording diffs only where a form moved. */
export function writeObservedForms(forms: ObservedForms): void {
  const sorted = (object: Record<string, unknown>) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));
  const byProfile = Object.fromEntries(Object.entries(forms).map(([profile, rules]) => [profile, sorted(rules)]));
  writeFileSync(OBSERVED_FORMS_FILE, `${JSON.stringify(sorted(byProfile), null, 2)}\n`);
}
