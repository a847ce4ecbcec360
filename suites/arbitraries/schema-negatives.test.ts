/**
 * The values derived from the schemas: deterministic, each invalid one fails
 * job-create.schema.json for the reason its class names (put in a plain valid
 * body, as the rules send it), each largest valid one passes, and every
 * exclusion stands for a value the schema would otherwise give.
 */
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSchema, validators } from '../../schemas/index.js';
import type { ReferenceData } from '../contract/rule.js';
import { patchFor, withContext } from '../kit/negative-bodies.js';
import { jobCreateArb } from './job.js';
import { EXCLUSIONS } from './negative-exclusions.js';
import {
  deriveAll,
  derivedNegatives,
  derivedQueryNegatives,
  integerQuerySpellings,
  isBoundaryValue,
  type NegativeKind,
} from './schema-negatives.js';

const refs: ReferenceData = { positionTypeIds: [4, 7, 9], categoryIds: [12, 3, 30, 17] };
const MARKER = 'jc1-k0-0';
const [body] = fc.sample(jobCreateArb(refs, 'jc1'), { seed: 7, numRuns: 1 });

/** The keywords of job-create a value of each class fails (any one of them names the reason). */
const KEYWORDS: Record<NegativeKind, readonly string[]> = {
  'other-type': ['type', 'oneOf'],
  'coerced-type': ['type', 'oneOf'],
  null: ['type', 'oneOf'],
  empty: ['minLength', 'minItems', 'required', 'pattern', 'format'],
  'non-integer': ['type'],
  'outside-int32': ['minimum', 'maximum'],
  'wraps-int32': ['enum'],
  'enum-outside': ['enum'],
  'enum-other-member': ['enum'],
  'enum-case': ['enum'],
  'enum-white-space': ['enum'],
  'enum-prefix': ['enum'],
  'enum-extension': ['enum'],
  'too-long': ['maxLength'],
  'too-many': ['maxItems'],
  'pattern-near-miss': ['pattern', 'format'],
  'format-near-miss': ['format'],
  'largest-valid': [],
};

function sent(value: (typeof derived)[number]): Record<string, unknown> {
  const base = { ...withContext(body!, value), referenceId: MARKER };
  return { ...base, ...patchFor(value, base, refs, MARKER) };
}

const derived = derivedNegatives();

describe('derivedNegatives (invalid values from the schemas)', () => {
  it('derives the same values every time, from the schemas only', () => {
    expect(deriveAll()).toEqual(deriveAll());
    expect(fc.sample(fc.constantFrom(...derived), { seed: 3, numRuns: 5 })).toEqual(
      fc.sample(fc.constantFrom(...derived), { seed: 3, numRuns: 5 }),
    );
  });

  it('reaches every nested field of a write body', () => {
    const fields = new Set(derived.map((v) => v.field));
    for (const field of [
      'salary.period.id',
      'salary.period',
      'locations[].description',
      'categories[].id',
      'positionType.id',
      'applicantRoutingType.id',
      'status',
      'title',
    ])
      expect(fields).toContain(field);
  });

  it.each(derived.filter((v) => !v.valid).map((v) => [`${v.field} ${v.kind} ${JSON.stringify(v.value)}`, v] as const))(
    '%s fails job-create for its named reason',
    (_, value) => {
      const result = validators.jobCreate(sent(value));
      expect(result.ok).toBe(false);
      if (result.ok) return;
      const rules = result.issues.map((issue) => issue.rule);
      expect(
        rules.some((rule) => KEYWORDS[value.kind].includes(rule)),
        `${value.reason}: ${JSON.stringify(result.issues)}`,
      ).toBe(true);
    },
  );

  it.each(derived.filter((v) => v.valid).map((v) => [`${v.field} ${JSON.stringify(v.value).length - 2}`, v] as const))(
    'the largest valid %s passes job-create',
    (_, value) => {
      expect(validators.jobCreate(sent(value))).toMatchObject({ ok: true });
    },
  );

  it('sends a required value present but null or empty for every required nested field and routing address', () => {
    const required = derived.filter((v) => v.requiredValue).map((v) => `${v.field} ${JSON.stringify(v.value)}`);
    for (const expected of [
      'applicationEmail null',
      'applicationEmail ""',
      'applicationUrl ""',
      'salary.period {}',
      'salary.period.id null',
    ])
      expect(required).toContain(expected);
  });

  it('sends null for every field the mock requires on a create as a boundary value: a must for the lists whose count 2.1 states, else a should', () => {
    const required = loadSchema('job-create.schema.json').required as string[];
    const nulls = derived.filter((v) => v.kind === 'null' && required.includes(v.field));
    expect(nulls.map((v) => v.field).sort()).toEqual([...required].sort());
    for (const value of nulls) {
      expect(value.level, value.field).toBe(['locations', 'categories'].includes(value.field) ? 'must' : 'should');
      expect(isBoundaryValue(value), value.field).toBe(true);
    }
  });

  it('excludes only what an exclusion names, each with its reason, and every exclusion still applies to a derived value', () => {
    const { excluded } = deriveAll();
    for (const exclusion of EXCLUSIONS)
      expect(
        excluded.some((e) => e.field === exclusion.field),
        exclusion.field,
      ).toBe(true);
    for (const e of excluded) expect(e.because.length).toBeGreaterThan(20);
    expect(derived.some((v) => v.field === 'autoRefresh')).toBe(false);
  });

  it('sends a coerced type, another letter case and white space around a status at the should level, a prefix as a must', () => {
    const level = (field: string, kind: NegativeKind) => derived.find((v) => v.field === field && v.kind === kind)?.level;
    expect(level('categories[].id', 'coerced-type')).toBe('should');
    // Jackson reads true as "true" where a string is declared; no parser reads [] as text.
    expect(derived.find((v) => v.field === 'title' && v.value === true)).toMatchObject({ kind: 'coerced-type', level: 'should' });
    expect(derived.find((v) => v.field === 'title' && Array.isArray(v.value))).toMatchObject({ kind: 'other-type', level: 'must' });
    expect(derived.find((v) => v.field === 'confidential' && Array.isArray(v.value))?.level).toBe('must');
    expect(level('status', 'enum-case')).toBe('should');
    expect(level('status', 'enum-white-space')).toBe('should');
    expect(level('status', 'enum-prefix')).toBe('must');
    expect(level('salary.period.id', 'non-integer')).toBe('must');
  });
});

describe('derivedQueryNegatives', () => {
  /** The query as the schema reads it: an integer parameter's text of digits as that number (list-query.schema.json). */
  const asRead = (name: string, value: string): Record<string, unknown> => ({
    [name]: (name === 'page' || name === 'pageSize') && /^-?\d+(\.\d+)?$/.test(value) ? Number(value) : value,
  });

  it('gives status, page and pageSize values that the list query schema refuses, and q none', () => {
    const negatives = derivedQueryNegatives();
    expect(new Set(negatives.map((n) => n.name))).toEqual(new Set(['status', 'page', 'pageSize']));
    for (const { name, value } of negatives) expect(validators.listQuery(asRead(name, value)).ok, `${name}=${value}`).toBe(false);
  });

  it("holds a near miss of every status and each integer's nearest value below its minimum", () => {
    const values = derivedQueryNegatives().map((n) => `${n.name}=${n.value}`);
    for (const status of ['active', 'archived', 'draft'])
      expect(values).toContain(`status=${status.charAt(0).toUpperCase()}${status.slice(1)}`);
    expect(values).toEqual(expect.arrayContaining(['page=0', 'pageSize=0', 'page=2147483648', 'pageSize=2.5']));
  });
});

describe('integerQuerySpellings', () => {
  it('spells a valid value of each integer parameter otherwise: never as its plain digits, and the same value read loosely', () => {
    const spellings = integerQuerySpellings();
    expect(new Set(spellings.map((n) => n.name))).toEqual(new Set(['page', 'pageSize']));
    for (const { name, value } of spellings) {
      expect(value, `${name}=${value}`).not.toBe('2');
      // Read as JavaScript reads a number (sign, spaces, exponent, hex), each is the same valid value, 2.
      const loose = Number(value.normalize('NFKC'));
      expect(validators.listQuery({ [name]: loose }).ok, `${name}=${value} read as ${loose}`).toBe(true);
    }
    expect(spellings.map((n) => `${n.name}=${n.value}`)).toContain('pageSize=+2');
  });
});
