/**
 * @module The mock profiles the mutation run tries each rule under (MUTATION_PROFILES, comma-separated).
 * The named ones only: a random profile would change with its seed, and a mutant's verdict must not.
 */
import type { ProfileName } from '../../mock/index.js';

/** Every profile the run can take: reference (the mock's own forms), then the other legal forms a mutant may switch to. */
export const MUTATION_PROFILES: readonly ProfileName[] = ['reference', 'alt', 'lenient'];

/**
 * Every named profile by default: a mutant in a branch only another profile takes runs there, and a mutant that
 * swaps one legal form for another changes what that profile's rules observe (observed-forms.ts). Each profile
 * more multiplies the time of every surviving mutant (docs/testing.md); MUTATION_PROFILES=reference narrows a run.
 */
export const DEFAULT_MUTATION_PROFILES: readonly ProfileName[] = MUTATION_PROFILES;

/** Reads MUTATION_PROFILES; unset or empty is the default list. Throws on a name that is not a named profile. */
export function mutationProfiles(value: string | undefined): ProfileName[] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return [...DEFAULT_MUTATION_PROFILES];
  const unknown = names.filter((name) => !MUTATION_PROFILES.includes(name as ProfileName));
  if (unknown.length > 0)
    throw new Error(`MUTATION_PROFILES takes ${MUTATION_PROFILES.join(', ')}, not ${unknown.map((n) => JSON.stringify(n)).join(', ')}`);
  return names as ProfileName[];
}
