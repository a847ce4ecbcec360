import { describe, expect, it } from 'vitest';
import { CHOICE_SWITCHES, resolveChoices } from '../../mock/index.js';
import { choicesOf, mockOptionsOf, otherForms } from './mock-settings.js';

describe('the mock settings', () => {
  const named = (['reference', 'alt', 'lenient'] as const).map((profile) => resolveChoices({ profile }).choices as Record<string, string>);

  it('sets other-forms away from the reference on every switch: a value no named profile takes where one is, never the warned string amount', () => {
    const forms = otherForms();
    for (const s of CHOICE_SWITCHES.values()) {
      const values = Object.keys(s.values).filter((value) => !(s.name === 'salary.amount-form' && value === 'string'));
      const untaken = values.filter((value) => named.every((c) => c[s.name] !== value));
      if (values.length < 2) continue;
      expect(forms[s.name], s.name).not.toBe(named[0]![s.name]);
      expect(values, s.name).toContain(forms[s.name]);
      if (untaken.length > 0) expect(untaken, s.name).toContain(forms[s.name]);
    }
    expect(forms['salary.amount-form']).toBeUndefined();
  });

  it('gives the mock a named profile by name and other-forms as choices', () => {
    expect(mockOptionsOf('alt')).toEqual({ profile: 'alt' });
    expect(mockOptionsOf('other-forms')).toEqual({ choices: otherForms() });
    expect(choicesOf('other-forms')).toMatchObject(otherForms());
    expect(choicesOf('alt')).toEqual(named[1]);
  });
});
