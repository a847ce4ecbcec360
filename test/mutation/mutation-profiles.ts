/**
 * @module The mock settings the mutation run tries each rule under (MUTATION_PROFILES, comma-separated): the named
 * profiles, and `other-forms`, every switch away from the reference. All fixed: a random profile would change with its
 * seed, and a mutant's verdict must not.
 */
import { CHOICE_SWITCHES, resolveChoices, type MockServerOptions, type ProfileName } from '../../mock/index.js';

const NAMED: readonly ProfileName[] = ['reference', 'alt', 'lenient'];

/**
 * Forms a should rule warns of, which a strict run fails on: left out of `other-forms` (the string amount is
 * jobs.limits.amount-as-number's warning; test/suite/open-choices.test.ts proves it is no failure).
 */
const WARNED_FORMS: Readonly<Record<string, string>> = { 'salary.amount-form': 'string' };

/**
 * Every switch away from the reference: the first value no named profile takes, or else the first value other than
 * the reference's. So the branches only such a form runs are run by the mutation test, and in combinations no named
 * profile makes (a zone west of UTC with closeDates rewritten in it). Derived from the switches, so a value added
 * later joins it.
 *
 * @example
 * otherForms(); // { 'dates.precision': 'minutes', 'dates.zone': 'minus-five', 'dates.close-date': 'normalized', ... }
 */
export function otherForms(): Record<string, string> {
  const [reference, ...others] = NAMED.map((profile) => resolveChoices({ profile }).choices as Readonly<Record<string, string>>);
  const forms: Record<string, string> = {};
  for (const s of CHOICE_SWITCHES.values()) {
    const values = Object.keys(s.values).filter((value) => WARNED_FORMS[s.name] !== value);
    const untaken = values.find((value) => [reference!, ...others].every((c) => c[s.name] !== value));
    const other = untaken ?? values.find((value) => value !== reference![s.name]);
    if (other !== undefined) forms[s.name] = other;
  }
  return forms;
}

/** Every setting the run can take: reference (the mock's own forms), the other named profiles, then the forms none of them takes. */
export const MUTATION_PROFILES: readonly string[] = [...NAMED, 'other-forms'];

/** The mock options of a setting of MUTATION_PROFILES. */
export function mockOptionsOf(name: string): Pick<MockServerOptions, 'profile' | 'choices'> {
  return name === 'other-forms' ? { choices: otherForms() } : { profile: name };
}

/**
 * Every setting by default: a mutant in a branch only another form takes runs there, and a mutant that swaps one
 * legal form for another changes what that setting's rules observe (observed-forms.ts). Each setting more
 * multiplies the time of every surviving mutant (docs/testing.md); MUTATION_PROFILES=reference narrows a run.
 */
export const DEFAULT_MUTATION_PROFILES: readonly string[] = MUTATION_PROFILES;

/** Reads MUTATION_PROFILES; unset or empty is the default list. Throws on a name that is not one of MUTATION_PROFILES. */
export function mutationProfiles(value: string | undefined): string[] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return [...DEFAULT_MUTATION_PROFILES];
  const unknown = names.filter((name) => !MUTATION_PROFILES.includes(name));
  if (unknown.length > 0)
    throw new Error(`MUTATION_PROFILES takes ${MUTATION_PROFILES.join(', ')}, not ${unknown.map((n) => JSON.stringify(n)).join(', ')}`);
  return names;
}
