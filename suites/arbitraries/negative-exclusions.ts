/**
 * @module What the spec says of each class of derived invalid values
 * (schema-negatives.ts), as data: the classes it leaves open are not sent
 * (each with the reason), and the classes a lenient but defensible reading
 * accepts are sent at the should level. Everything else the schemas make
 * invalid, the spec does too, and a server must refuse it.
 */
import type { NegativeKind } from './schema-negatives.js';

export type NegativeLevel = 'must' | 'should';

interface Exclusion {
  field: string;
  kinds: readonly NegativeKind[] | 'all';
  /** Only the values this test picks (default: every value of the kinds). */
  when?: (value: unknown) => boolean;
  because: string;
}

const includesHttpScheme = (value: unknown): boolean => typeof value === 'string' && /https?:\/\//i.test(value);

/** Classes the spec leaves open: never sent. */
export const EXCLUSIONS: readonly Exclusion[] = [
  { field: 'title', kinds: ['empty'], because: "spec 2.1 and 8 state a maximum only; minLength 1 is the mock's choice" },
  {
    field: 'salary.amount',
    kinds: ['coerced-type'],
    because: 'spec 2.5 types it Decimal: a JSON string holding the number is a defensible form (reading notes)',
  },
  {
    field: 'salary.maxAmount',
    kinds: ['coerced-type'],
    because: 'spec 2.5 types it Decimal: a JSON string holding the number is a defensible form (reading notes)',
  },
  {
    field: 'autoRefresh',
    kinds: 'all',
    because: 'spec 2.1: it applies only to employers on unlimited plans, so a server may ignore the field for the others',
  },
  {
    field: 'locations[].description',
    kinds: ['pattern-near-miss', 'largest-valid'],
    because:
      'spec 2.2 states the two forms and that a valid place outside the list is accepted; ' +
      'it states no refusal of a place a server does not know, and 300 letters name no place',
  },
  {
    field: 'applicationUrl',
    kinds: ['pattern-near-miss', 'empty'],
    when: includesHttpScheme,
    because: 'spec 4.2 "Includes http:// or https://": a value that holds one anywhere includes it, however "includes" is read',
  },
  {
    field: 'applicationEmail',
    kinds: ['largest-valid'],
    because: 'spec 2.1 calls it an address: 50 letters are no address (jobs.limits.application-email-length sends a valid one)',
  },
];

/**
 * The reason a derived value is not sent, or undefined when the spec makes it invalid.
 *
 * @example
 * exclusionOf('title', 'empty', ''); // "spec 2.1 and 8 state a maximum only; ..."
 */
export function exclusionOf(field: string, kind: NegativeKind, value: unknown): string | undefined {
  return EXCLUSIONS.find((e) => e.field === field && (e.kinds === 'all' || e.kinds.includes(kind)) && (e.when?.(value) ?? true))?.because;
}

/** Classes a lenient but defensible reading accepts: sent, at the should level, with why. */
export const LENIENT_KINDS: Readonly<Partial<Record<NegativeKind, string>>> = {
  'coerced-type':
    'the spec gives the JSON type; a parser that reads "1" as 1, 123 as "123" or "true" as true is lenient, not wrong by a stated rule',
  'enum-case': 'spec 3 spells the statuses in lower case; a server that compares them without case reads the same status',
  'enum-white-space':
    'spec 3 names the statuses; a server that trims the strings it is sent (a framework default in some) reads the same status',
};

/** Fields whose format a lenient parser reads past (a date written another way). */
const LENIENT_FIELDS: Readonly<Record<string, string>> = {
  closeDate:
    'spec 2.1 "Date, ISO 8601": a lenient date parser reads a near miss (2026-1-09) as a date, and rolls a day past its month over',
};

/**
 * The level a derived value is sent at (must unless a lenient reading stands; see LENIENT_KINDS).
 *
 * @example
 * levelOf('status', 'enum-case'); // 'should'
 * levelOf('status', 'enum-prefix'); // 'must'
 */
export function levelOf(field: string, kind: NegativeKind): NegativeLevel {
  if (LENIENT_KINDS[kind] !== undefined) return 'should';
  if ((kind === 'pattern-near-miss' || kind === 'format-near-miss' || kind === 'empty') && LENIENT_FIELDS[field] !== undefined)
    return 'should';
  return 'must';
}

/**
 * Null where a value is not nullable, but not required there either: a partial update (spec 4.3: only
 * the fields sent change) or a create whose requiredness is not shown may read it as "not sent"
 * (Go's encoding/json and many update models cannot tell the two apart). Sent at the should level;
 * a null that leaves a required value absent stays a must.
 */
export const NULL_AS_NOT_SENT =
  'null where the field is not nullable; a server may read it as not sent (spec 4.3 updates are partial, and 4.2 shows no requiredness)';
