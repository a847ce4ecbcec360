import { describe, expect, it } from 'vitest';
import { MOCK_SETTINGS } from '../support/mock-settings.js';
import { mutationProfiles } from './mutation-profiles.js';

describe('the mutation run settings', () => {
  it('reads MUTATION_PROFILES: every setting when unset, a list, and no unknown name', () => {
    expect(mutationProfiles(undefined)).toEqual([...MOCK_SETTINGS]);
    expect(mutationProfiles(' reference , other-forms ')).toEqual(['reference', 'other-forms']);
    expect(() => mutationProfiles('reference,random')).toThrow(/not "random"/);
  });
});
