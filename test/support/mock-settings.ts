/**
 * @module The fixed mock settings the whole suite is proven against: the named profiles, `other-forms`, every
 * switch away from the reference, and `other-forms-2` and `-3`, the forms it leaves out. The sweep
 * (test/suite/mock-sweep.test.ts) runs the whole registry under each (the PR gate under the first four), and the
 * mutation run tries each rule under each (test/mutation). All fixed: a random profile would change with its seed,
 * and a mutant's verdict must not.
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
 * `rank` 1 and 2 take the second and third value no named profile takes: the forms `other-forms` cannot hold at
 * once (six and nine fraction digits, two list shapes). A switch whose every value a named profile takes moves as in
 * `other-forms`, so those forms meet the rarer ones too (relative links on a paged reference list); one with fewer
 * untaken values stays at the reference's.
 *
 * @example
 * otherForms(); // { 'dates.precision': 'minutes', 'dates.zone': 'minus-five', 'dates.close-date': 'normalized', ... }
 * otherForms(2); // { 'dates.precision': 'nanos', 'lists.shape': 'paged', 'paging.link-form': 'relative', ... }
 */
export function otherForms(rank = 0): Record<string, string> {
  const named = NAMED_PROFILES.map((profile) => resolveChoices({ profile }).choices as Readonly<Record<string, string>>);
  const reference = named[0]!;
  const forms: Record<string, string> = {};
  for (const s of CHOICE_SWITCHES.values()) {
    const values = Object.keys(s.values).filter((value) => WARNED_FORMS[s.name] !== value);
    const untaken = values.filter((value) => named.every((c) => c[s.name] !== value));
    const other = untaken[rank] ?? (rank === 0 || untaken.length === 0 ? values.find((value) => value !== reference[s.name]) : undefined);
    if (other !== undefined) forms[s.name] = other;
  }
  return forms;
}

/** The settings that hold the forms no named profile takes: `other-forms` (every switch moved), then the rarer ones. */
const OTHER_FORMS = ['other-forms', 'other-forms-2', 'other-forms-3'] as const;

/** The PR gate's sweep: reference (the mock's own forms), the other named profiles, and other-forms. */
export const GATE_SETTINGS: readonly string[] = [...NAMED_PROFILES, OTHER_FORMS[0]];

/**
 * Every fixed setting: the gate's, then the forms other-forms leaves out. The mutation run and the nightly sweep run
 * them all; in the gate, open-choices.test.ts runs those forms with the rules they touch.
 */
export const MOCK_SETTINGS: readonly string[] = [...GATE_SETTINGS, ...OTHER_FORMS.slice(1)];

/** The mock options of a setting of MOCK_SETTINGS. */
export function mockOptionsOf(name: string): Pick<MockServerOptions, 'profile' | 'choices'> {
  const rank = (OTHER_FORMS as readonly string[]).indexOf(name);
  return rank === -1 ? { profile: name } : { choices: otherForms(rank) };
}

/** The choice every switch takes under a setting of MOCK_SETTINGS. */
export const choicesOf = (name: string): Readonly<Record<string, string>> => resolveChoices(mockOptionsOf(name)).choices;

/**
 * The first job id of a test's mock (MockCore's store.reserveIdsBelow): a real service's ids run to many digits, and
 * from 1 a one-rule run's ids have one or two, which its referenceIds hold by chance and under which a mutant that
 * reads only one digit of a path id passes.
 */
export const FIRST_JOB_ID = 1_000_001;
