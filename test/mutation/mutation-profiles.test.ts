import { describe, expect, it } from 'vitest';
import { CHOICE_SWITCHES, resolveChoices } from '../../mock/index.js';
import { mockOptionsOf, mutationProfiles, MUTATION_PROFILES, otherForms } from './mutation-profiles.js';

describe('the mutation run settings', () => {
  const named = (['reference', 'alt', 'lenient'] as const).map((profile) => resolveChoices({ profile }).choices as Record<string, string>);

  it('sets other-forms to values no named profile takes, for every switch that has one, never the warned string amount', () => {
    const forms = otherForms();
    for (const [name, value] of Object.entries(forms)) {
      expect(Object.keys(CHOICE_SWITCHES.get(name)?.values ?? {}), name).toContain(value);
      for (const choices of named) expect(choices[name], name).not.toBe(value);
    }
    for (const s of CHOICE_SWITCHES.values()) {
      const untaken = Object.keys(s.values).filter((value) => named.every((c) => c[s.name] !== value));
      const open = untaken.filter((value) => !(s.name === 'salary.amount-form' && value === 'string'));
      expect(s.name in forms, s.name).toBe(open.length > 0);
    }
    expect(forms['salary.amount-form']).toBeUndefined();
  });

  it('gives the mock a named profile by name and other-forms as choices', () => {
    expect(mockOptionsOf('alt')).toEqual({ profile: 'alt' });
    expect(mockOptionsOf('other-forms')).toEqual({ choices: otherForms() });
  });

  it('reads MUTATION_PROFILES: every setting when unset, a list, and no unknown name', () => {
    expect(mutationProfiles(undefined)).toEqual([...MUTATION_PROFILES]);
    expect(mutationProfiles(' reference , other-forms ')).toEqual(['reference', 'other-forms']);
    expect(() => mutationProfiles('reference,random')).toThrow(/not "random"/);
  });
});
