import { describe, expect, it } from 'vitest';
import { CHOICE_SWITCHES, resolveChoices } from '../../mock/index.js';
import { choicesOf, GATE_SETTINGS, MOCK_SETTINGS, mockOptionsOf, otherForms } from './mock-settings.js';

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

  it('holds every value no named profile takes in other-forms or its ranks 1 and 2, each value once', () => {
    const held = [0, 1, 2].flatMap((rank) => Object.entries(otherForms(rank)).map(([name, value]) => `${name}=${value}`));
    const untaken = [...CHOICE_SWITCHES.values()].flatMap((s) =>
      Object.keys(s.values)
        .filter((value) => named.every((c) => c[s.name] !== value))
        .map((value) => `${s.name}=${value}`),
    );
    const heldUntaken = held.filter((value) => untaken.includes(value));
    expect(new Set(heldUntaken).size).toBe(heldUntaken.length);
    // The string amount is a should rule's warning, which fails a strict run: no setting holds it.
    expect(untaken.filter((value) => !held.includes(value))).toEqual(['salary.amount-form=string']);
  });

  it('moves a switch whose values the named profiles all take in ranks 1 and 2 as in other-forms, and leaves the rest', () => {
    for (const s of CHOICE_SWITCHES.values()) {
      const untaken = Object.keys(s.values).filter((value) => named.every((c) => c[s.name] !== value));
      for (const rank of [1, 2]) {
        const expected = untaken.length === 0 ? otherForms(0)[s.name] : untaken[rank];
        expect(otherForms(rank)[s.name], `${s.name} at rank ${rank}`).toBe(expected);
      }
    }
    expect(otherForms(2)).toMatchObject({ 'lists.shape': 'paged', 'paging.link-form': 'relative' });
  });

  it('gives the mock a named profile by name and the other forms as choices; the gate sweeps the first four', () => {
    expect(mockOptionsOf('alt')).toEqual({ profile: 'alt' });
    expect(mockOptionsOf('other-forms')).toEqual({ choices: otherForms() });
    expect(mockOptionsOf('other-forms-3')).toEqual({ choices: otherForms(2) });
    expect(MOCK_SETTINGS.slice(0, GATE_SETTINGS.length)).toEqual(GATE_SETTINGS);
    expect(GATE_SETTINGS).toEqual(['reference', 'alt', 'lenient', 'other-forms']);
    expect(choicesOf('other-forms')).toMatchObject(otherForms());
    expect(choicesOf('alt')).toEqual(named[1]);
  });
});
