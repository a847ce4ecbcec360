/**
 * The recorded observations of the unmutated mock (observed-forms.json, the mutation run's second oracle) hold every
 * rule under every profile the run takes: a rule added without recording them would fail the mutation run's dry run.
 */
import { describe, expect, it } from 'vitest';
import { rules as registry } from '../../suites/checks/rules.js';
import { MOCK_SETTINGS } from '../support/mock-settings.js';
import { readObservedForms } from './observed-forms.js';

describe('test/mutation/observed-forms.json', () => {
  const forms = readObservedForms();

  it('holds the observations of every rule under every profile of the mutation run (MUTATION_RECORD=1 records them)', () => {
    expect(forms).toBeDefined();
    for (const profile of MOCK_SETTINGS) {
      expect(Object.keys(forms?.[profile] ?? {}).sort(), profile).toEqual(registry.map((rule) => rule.id).sort());
    }
  });

  it('records each observation once, sorted, as the comparison reads them', () => {
    for (const rules of Object.values(forms ?? {})) {
      for (const observed of Object.values(rules)) expect(observed).toEqual([...new Set(observed)].sort());
    }
  });
});
