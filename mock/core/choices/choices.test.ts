import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MockConfigError } from '../mock-config-error.js';
import { renderChoicesDoc } from '../../../scripts/docs/choices-doc.js';
import { CHOICE_SWITCHES, parseChoiceArgument, PROFILES, REFERENCE_CHOICES, resolveChoices } from './choices.js';

// Every form the spec leaves open that the mock can take, one switch each: adding or dropping one is a deliberate change.
const EXPECTED_SWITCHES = [
  'status.invalid-input',
  'status.duplicate-reference',
  'status.put-create',
  'status.malformed-id',
  'status.auth',
  'status.deleted-job',
  'paging.page-size-over-max',
  'paging.page-past-end',
  'errors.body',
  'job.reference-id-absent',
  'dates.precision',
  'dates.zone',
  'dates.close-date',
  'paging.link-form',
  'paging.param-order',
  'lists.shape',
  'lists.auth',
  'description.form',
  'description.comments',
  'q.match',
  'order.ties',
  'salary.max-amount-form',
  'salary.amount-form',
  'locations.description',
  'job.extra-fields',
  'header.extra-fields',
  'transitions.to-draft',
  'validation.blank-title',
  'validation.close-before-publish',
  // Forms the spec leaves open for writes: a repeated DELETE, a confidential job's employer.
  'status.repeated-delete',
  'job.confidential-employer',
  'json.format',
];

function thrown(f: () => unknown): MockConfigError {
  try {
    f();
  } catch (error) {
    if (error instanceof MockConfigError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('the choice registry', () => {
  it('has every expected switch, each with a spec section, a question, two or more values and a reference among them', () => {
    expect([...CHOICE_SWITCHES.keys()].sort()).toEqual([...EXPECTED_SWITCHES].sort());
    for (const s of CHOICE_SWITCHES.values()) {
      expect(s.name, s.name).toMatch(/^[a-z]+(-[a-z]+)*\.[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(s.section, s.name).toMatch(/^\d/);
      expect(s.question.length, s.name).toBeGreaterThan(10);
      expect(Object.keys(s.values).length, s.name).toBeGreaterThanOrEqual(2);
      expect(Object.hasOwn(s.values, s.reference), s.name).toBe(true);
      if (s.lenient !== undefined) expect(Object.hasOwn(s.values, s.lenient), s.name).toBe(true);
    }
  });

  it('never makes /positiontypes need a key (4.6: a plain GET)', () => {
    expect(CHOICE_SWITCHES.get('lists.auth')!.question).toContain('/positiontypes` never');
  });
});

describe('resolveChoices', () => {
  it('resolves every named profile; reference is the default and gives every reference value', () => {
    for (const profile of PROFILES) expect(resolveChoices({ profile, profileSeed: 1 }).profile).toBe(profile);
    const reference = resolveChoices();
    expect(reference.profile).toBe('reference');
    expect(reference.profileSeed).toBeUndefined();
    for (const s of CHOICE_SWITCHES.values()) expect(reference.choices[s.name]).toBe(s.reference);
    expect(REFERENCE_CHOICES).toEqual(reference.choices);
  });

  it('alt flips every switch; lenient flips every switch whose lenient value is not the reference', () => {
    const alt = resolveChoices({ profile: 'alt' }).choices as Record<string, string>;
    const lenient = resolveChoices({ profile: 'lenient' }).choices as Record<string, string>;
    for (const s of CHOICE_SWITCHES.values()) {
      if (s.outsideProfiles) continue;
      expect(alt[s.name], s.name).not.toBe(s.reference);
      expect(lenient[s.name], s.name).toBe(s.lenient ?? alt[s.name]);
    }
    expect(lenient['validation.blank-title']).toBe('accept');
    expect(lenient['errors.body']).not.toBe(alt['errors.body']);
  });

  it('random is deterministic per seed, different seeds differ, and a missing seed is drawn and reported', () => {
    expect(resolveChoices({ profile: 'random', profileSeed: 42 })).toEqual(resolveChoices({ profile: 'random', profileSeed: 42 }));
    const draws = new Set([1, 2, 3, 4, 5].map((seed) => JSON.stringify(resolveChoices({ profile: 'random', profileSeed: seed }).choices)));
    expect(draws.size).toBe(5);
    const drawn = resolveChoices({ profile: 'random' });
    expect(drawn.profileSeed).toEqual(expect.any(Number));
    expect(resolveChoices({ profile: 'random', profileSeed: drawn.profileSeed }).choices).toEqual(drawn.choices);
  });

  it('random reaches every value of every switch over a few seeds', () => {
    const seen = new Map<string, Set<string>>();
    for (let seed = 0; seed < 64; seed++) {
      for (const [name, value] of Object.entries(resolveChoices({ profile: 'random', profileSeed: seed }).choices)) {
        if (!seen.has(name)) seen.set(name, new Set());
        seen.get(name)!.add(value);
      }
    }
    for (const s of CHOICE_SWITCHES.values()) {
      const expected = s.outsideProfiles ? [s.reference] : Object.keys(s.values).sort();
      expect([...seen.get(s.name)!].sort(), s.name).toEqual(expected);
    }
  });

  it('keeps a switch outside the profiles at its reference value in every profile; a choice still sets it', () => {
    const outside = [...CHOICE_SWITCHES.values()].filter((s) => s.outsideProfiles);
    expect(outside.map((s) => s.name)).toContain('salary.amount-form');
    for (const profile of PROFILES) {
      const choices = resolveChoices({ profile, profileSeed: 3 }).choices as Record<string, string>;
      for (const s of outside) expect(choices[s.name], `${profile} ${s.name}`).toBe(s.reference);
    }
    expect(resolveChoices({ choices: { 'salary.amount-form': 'string' } }).choices['salary.amount-form']).toBe('string');
  });

  it('a choice overrides the profile and is reported as an override', () => {
    const resolved = resolveChoices({ profile: 'alt', choices: { 'paging.link-form': 'absolute', 'q.match': 'substring' } });
    expect(resolved.choices['paging.link-form']).toBe('absolute');
    expect(resolved.choices['q.match']).toBe('substring');
    expect(resolved.choices['order.ties']).toBe('id-asc');
    expect(resolved.overrides).toEqual({ 'paging.link-form': 'absolute', 'q.match': 'substring' });
  });

  it('throws a typed MockConfigError for an unknown profile, switch or value, or a bad seed', () => {
    expect(thrown(() => resolveChoices({ profile: 'strict' })).code).toBe('unknown_profile');
    expect(thrown(() => resolveChoices({ choices: { 'paging.link': 'relative' } })).code).toBe('unknown_choice');
    const bad = thrown(() => resolveChoices({ choices: { 'paging.link-form': 'sideways' } }));
    expect(bad.code).toBe('invalid_choice');
    expect(bad.message).toContain('absolute, relative');
    for (const seed of [-1, 1.5, 2 ** 32])
      expect(thrown(() => resolveChoices({ profile: 'random', profileSeed: seed })).code).toBe('invalid_choice');
    expect(thrown(() => resolveChoices({ choices: { toString: 'x' } })).code).toBe('unknown_choice');
  });

  it('parses name=value', () => {
    expect(parseChoiceArgument('q.match=word-prefix')).toEqual(['q.match', 'word-prefix']);
    expect(thrown(() => parseChoiceArgument('q.match')).code).toBe('invalid_choice');
  });
});

describe('docs/mock-choices.md', () => {
  it('is what the registry renders (else: npm run generate), with every switch and value', () => {
    const doc = readFileSync(fileURLToPath(new URL('../../../docs/mock-choices.md', import.meta.url)), 'utf8');
    expect(doc).toBe(renderChoicesDoc());
    for (const s of CHOICE_SWITCHES.values()) {
      const row = doc.split('\n').find((line) => line.startsWith(`| \`${s.name}\` | \`${s.openPoint}\` | ${s.section} |`));
      expect(row, s.name).toBeDefined();
      for (const value of Object.keys(s.values)) expect(row, `${s.name} ${value}`).toContain(`\`${value}\``);
      expect(row).toContain(`**\`${s.reference}\`** (reference)`);
    }
    expect(doc).toContain('Re-publishing (archived -> active) therefore changes nothing but `status`');
  });
});
