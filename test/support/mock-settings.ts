/**
 * @module The fixed mock settings the whole suite is proven against: the named profiles, and `other-forms`, every
 * switch away from the reference. The PR gate's sweep (test/suite/mock-sweep.test.ts) runs the whole registry under
 * each, and the mutation run tries each rule under each (test/mutation). All fixed: a random profile would change
 * with its seed, and a mutant's verdict must not.
 */
import { CHOICE_SWITCHES, resolveChoices, type MockServerOptions, type ProfileName } from '../../mock/index.js';

export const NAMED_PROFILES: readonly ProfileName[] = ['reference', 'alt', 'lenient'];

/**
 * Forms a should rule warns of, which a strict run fails on: left out of `other-forms` (the string amount is
 * jobs.limits.amount-as-number's warning; test/suite/open-choices.test.ts proves it is no failure).
 */
const WARNED_FORMS: Readonly<Record<string, string>> = { 'salary.amount-form': 'string' };

/**
 * Every switch away from the reference: the first value no named profile takes, or else the first value other than
 * the reference's. So the branches only such a form runs are run, and in combinations no named profile makes (a
 * zone west of UTC with closeDates rewritten in it). Derived from the switches, so a value added later joins it.
 *
 * @example
 * otherForms(); // { 'dates.precision': 'minutes', 'dates.zone': 'minus-five', 'dates.close-date': 'normalized', ... }
 */
export function otherForms(): Record<string, string> {
  const [reference, ...others] = NAMED_PROFILES.map((profile) => resolveChoices({ profile }).choices as Readonly<Record<string, string>>);
  const forms: Record<string, string> = {};
  for (const s of CHOICE_SWITCHES.values()) {
    const values = Object.keys(s.values).filter((value) => WARNED_FORMS[s.name] !== value);
    const untaken = values.find((value) => [reference!, ...others].every((c) => c[s.name] !== value));
    const other = untaken ?? values.find((value) => value !== reference![s.name]);
    if (other !== undefined) forms[s.name] = other;
  }
  return forms;
}

/** Every setting: reference (the mock's own forms), the other named profiles, then the forms none of them takes. */
export const MOCK_SETTINGS: readonly string[] = [...NAMED_PROFILES, 'other-forms'];

/** The mock options of a setting of MOCK_SETTINGS. */
export function mockOptionsOf(name: string): Pick<MockServerOptions, 'profile' | 'choices'> {
  return name === 'other-forms' ? { choices: otherForms() } : { profile: name };
}

/** The choice every switch takes under a setting of MOCK_SETTINGS. */
export const choicesOf = (name: string): Readonly<Record<string, string>> => resolveChoices(mockOptionsOf(name)).choices;
