/**
 * @module The mock settings the mutation run tries each rule under: MUTATION_PROFILES, comma-separated, of
 * test/support/mock-settings.ts's MOCK_SETTINGS.
 */
import { MOCK_SETTINGS } from '../support/mock-settings.js';

/**
 * Every setting by default: a mutant in a branch only another form takes runs there, and a mutant that swaps one
 * legal form for another changes what that setting's rules observe (observed-forms.ts). Each setting more
 * multiplies the time of every surviving mutant (docs/testing.md); MUTATION_PROFILES=reference narrows a run.
 */
export const DEFAULT_MUTATION_PROFILES: readonly string[] = MOCK_SETTINGS;

/** Reads MUTATION_PROFILES; unset or empty is the default list. Throws on a name that is not one of MOCK_SETTINGS. */
export function mutationProfiles(value: string | undefined): string[] {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  if (names.length === 0) return [...DEFAULT_MUTATION_PROFILES];
  const unknown = names.filter((name) => !MOCK_SETTINGS.includes(name));
  if (unknown.length > 0)
    throw new Error(`MUTATION_PROFILES takes ${MOCK_SETTINGS.join(', ')}, not ${unknown.map((n) => JSON.stringify(n)).join(', ')}`);
  return names;
}
