/**
 * @module The mock's choice switches: every point where the Jobs API v1.1
 * leaves a form or a status open ("not shown", or a type without a form, see
 * the reading notes of the spec) is one named switch with its allowed values.
 * The reference value of each is the mock's historical behaviour. Every value
 * of every switch is conformant, a switch never covers a stated rule, with one
 * marked exception (lists.auth=open, a departure kept for clients). The
 * choices table is generated from this registry (docs/mock-choices.md).
 */
import type { OpenPointId } from '../../../vocabulary/index.js';
import { MockConfigError } from '../mock-config-error.js';

/** One switch: where the spec leaves room, and the forms the mock can take there. */
export interface ChoiceSwitch {
  /** Dotted kebab name, e.g. `paging.link-form`. */
  readonly name: string;
  /** The open point of the spec this switch answers (vocabulary/open-points.ts). */
  readonly openPoint: OpenPointId;
  /** Spec section(s), e.g. `2.8`. */
  readonly section: string;
  /** The question the spec leaves open. */
  readonly question: string;
  /** Allowed value -> one-line meaning (integer-like keys such as `400` come first in JS key order). */
  readonly values: Readonly<Record<string, string>>;
  readonly reference: string;
  /** The value of the `lenient` profile (the accepting value, or another form); default: the `alt` value. */
  readonly lenient?: string;
  /**
   * Kept at the reference value by every profile: its other value is legal but a should rule warns about it, and the
   * profiles must pass `--strict` with 0 warnings. Set it with `--choice`.
   */
  readonly outsideProfiles?: true;
}

/** What a switch is declared with: its name, open point and question, its values, and which is the reference. */
interface SwitchSpec<V extends string> {
  name: string;
  openPoint: OpenPointId;
  section: string;
  question: string;
  values: Record<V, string>;
  reference: NoInfer<V>;
  lenient?: NoInfer<V>;
  /** Every profile keeps the reference value: the other is legal, but a should rule warns about it. */
  outsideProfiles?: true;
}

function define<const V extends string>(spec: SwitchSpec<V>): ChoiceSwitch & { values: Record<V, string>; reference: V } {
  const { name, openPoint, section, question, values, reference, lenient, outsideProfiles } = spec;
  return Object.freeze({
    name,
    openPoint,
    section,
    question,
    values: Object.freeze(values),
    reference,
    ...(lenient ? { lenient } : {}),
    ...(outsideProfiles ? { outsideProfiles } : {}),
  });
}

const SWITCH_LIST = [
  define({
    name: 'status.invalid-input',
    openPoint: 'refusal.status',
    section: '7.2',
    question: 'Status code of a request with invalid input (body, query)',
    values: {
      '400': '400 Bad Request',
      '422': '422 Unprocessable Content (malformed JSON stays 400)',
    },
    reference: '400',
  }),
  define({
    name: 'status.duplicate-reference',
    openPoint: 'duplicate-reference.status',
    section: '7.1',
    question: 'Status code of a POST (or referenceId change) with a referenceId in use',
    values: {
      '409': '409 Conflict',
      '400': '400 Bad Request',
      '422': '422 Unprocessable Content',
    },
    reference: '409',
    lenient: '422',
  }),
  define({
    name: 'status.put-create',
    openPoint: 'put-create.answer',
    section: '4.3',
    question: 'Status code of a PUT /jobs that creates a job',
    values: {
      '201': '201 Created with a Location header, as POST',
      '200': '200 OK with a Location header',
    },
    reference: '201',
  }),
  define({
    name: 'status.malformed-id',
    openPoint: 'job.missing',
    section: '4.1',
    question: 'Status code for a path id that is not a positive Int32 in decimal (`abc`, `-1`, `2147483648`)',
    values: {
      '404': '404 Not Found: no job has that id',
      '400': '400 (the invalid-input status): the id is malformed',
    },
    reference: '404',
  }),
  define({
    name: 'status.auth',
    openPoint: 'auth.status',
    section: '5.5',
    question: 'Status code for a missing or invalid API-Key',
    values: {
      '401': '401 with `WWW-Authenticate: API-Key` for both',
      '403': '403 Forbidden for both',
      split: '401 when the key is missing, 403 when it is not valid',
    },
    reference: '401',
    lenient: 'split',
  }),
  define({
    name: 'status.deleted-job',
    openPoint: 'job.deleted',
    section: '4.4',
    question: 'Status code for a request by id to a job the employer deleted',
    values: {
      '404': '404 Not Found, as for an id that never existed',
      '410': '410 Gone (the store remembers deleted ids per employer)',
    },
    reference: '404',
  }),
  define({
    name: 'status.repeated-delete',
    openPoint: 'job.deleted',
    section: '4.4',
    question: 'A DELETE of a job that is gone: one the employer deleted (by id or override), or a referenceId no job holds',
    values: {
      refuse: 'refused like any request naming the job: the status.deleted-job code by id, 404 by referenceId',
      '204': '204 again: DELETE is idempotent (HTTP), the job stays removed',
    },
    reference: 'refuse',
  }),
  define({
    name: 'job.confidential-employer',
    openPoint: 'employer.confidential',
    section: '2.1',
    question: 'What a confidential job shows of its employer ("true if the employer name is confidential")',
    values: {
      shown: 'the employer as for any job: its id and name',
      masked: 'the id, and the name written as `Confidential` (full job and list header)',
    },
    reference: 'shown',
  }),
  define({
    name: 'paging.page-size-over-max',
    openPoint: 'paging.page-size-over-max',
    section: '4.5, 8',
    question: 'A pageSize above 100',
    values: {
      clamp: 'clamped to 100; `paging.pageSize` shows 100',
      reject: 'refused with the invalid-input status',
    },
    reference: 'clamp',
    lenient: 'clamp',
  }),
  define({
    name: 'paging.page-past-end',
    openPoint: 'paging.page-past-end',
    section: '4.5',
    question: 'A page past the last one',
    values: {
      empty: '200 with `data: []`, `next: null`, `previous` on page - 1',
      '404': '404 Not Found (page 1 of an empty list is still 200)',
    },
    reference: 'empty',
    lenient: 'empty',
  }),
  define({
    name: 'errors.body',
    openPoint: 'errors.body',
    section: '7.2',
    question: 'Format of error bodies',
    values: {
      mock: '`{status, code, message, fieldErrors?}` (schemas/error.schema.json), application/json',
      problem: 'RFC 9457 problem details `{type, title, status, detail, code, errors?}`, application/problem+json',
      message: '`{message}` only, application/json',
    },
    reference: 'mock',
    lenient: 'message',
  }),
  define({
    name: 'job.reference-id-absent',
    openPoint: 'reference-id.absent',
    section: '2.1',
    question: 'referenceId of a job created without one',
    values: {
      null: '`null`, as in the samples',
      empty: '`""`, as described',
    },
    reference: 'null',
  }),
  define({
    name: 'dates.precision',
    openPoint: 'dates.form',
    section: '2.1',
    question: 'Precision of publishDate (and the default closeDate)',
    values: {
      ms: 'milliseconds: `2025-01-10T08:00:00.123Z`',
      seconds: 'whole seconds: `2025-01-10T08:00:00Z` (publishDate is set to the whole second)',
      minutes:
        "minutes only, as Java's OffsetDateTime.toString() at zero seconds: `2025-01-10T08:00Z` (publishDate is set to the whole minute)",
      micros: 'six fraction digits: `2025-01-10T08:00:00.123456Z` (the last three follow from the millisecond)',
      nanos: 'nine fraction digits: `2025-01-10T08:00:00.123456789Z` (the last six follow from the millisecond)',
    },
    reference: 'ms',
  }),
  define({
    name: 'dates.zone',
    openPoint: 'dates.form',
    section: '2.1',
    question: 'The UTC offset written date-times carry, and how it is spelled',
    values: {
      z: '`Z`',
      offset: '`+00:00`',
      'minus-five': 'every date-time in a fixed non-UTC offset: `2025-01-10T03:00:00.123-05:00`',
      'plus-0530': 'every date-time at +05:30, the offset without its colon: `2025-01-10T13:30:00.123+0530`',
    },
    reference: 'z',
  }),
  define({
    name: 'dates.close-date',
    openPoint: 'job.echo',
    section: '2.1, 4.2',
    question: 'closeDate in responses',
    values: {
      'as-sent': 'echoed exactly as sent (a date stays a date)',
      normalized: 'a UTC date-time in the service form (dates.precision, dates.zone); a date is its midnight UTC',
    },
    reference: 'as-sent',
  }),
  define({
    name: 'paging.link-form',
    openPoint: 'urls.form',
    section: '2.8',
    question: 'Form of `paging.previous` and `paging.next` (String (URL))',
    values: {
      absolute: '`{base_url}/api/v1.1/jobs?page=2&pageSize=10`',
      relative: '`/api/v1.1/jobs?page=2&pageSize=10`',
    },
    reference: 'absolute',
  }),
  define({
    name: 'paging.param-order',
    openPoint: 'urls.form',
    section: '2.8',
    question: 'Order of the query parameters in paging links',
    values: {
      'filters-first': '`q`, `status`, `page`, `pageSize`',
      'page-first': '`page`, `pageSize`, `q`, `status`',
    },
    reference: 'filters-first',
  }),
  define({
    name: 'lists.shape',
    openPoint: 'lists.reference',
    section: '4.6',
    question: 'Shape of the reference list responses',
    values: {
      data: '`{data: [...]}`',
      array: 'a bare array `[...]`',
      'items-count': '`{items: [...], count}`',
      named: 'the items under the name of the list: `{positionTypes: [...]}`, `{categories: [...]}`, `{locations: [...]}`',
      paged:
        'pages of 3 items: `{data: [...], paging: {total, page, pages, pageSize, previous, next}}`, `next` in the form of paging.link-form',
    },
    reference: 'data',
  }),
  define({
    name: 'lists.auth',
    openPoint: 'lists.auth',
    section: '4.6, 5.1',
    question: 'Whether `/categories` and `/locations` need an API key (`/positiontypes` never does: 4.6 calls it a plain GET)',
    values: {
      key: 'a valid API-Key is required (status.auth applies): section 4, "All endpoints require authentication"',
      open: 'no key needed; a wrong one is ignored (a departure from section 4, kept as a switch for clients written against such servers)',
    },
    reference: 'key',
    lenient: 'open',
  }),
  define({
    name: 'description.form',
    openPoint: 'job.echo',
    section: '2.1',
    question: 'Spelling of a stored description',
    values: {
      'as-sent': 'stored and returned exactly as sent',
      reserialized:
        'parsed and written back: lower-case names, double-quoted attributes, `<br/>`, entities decoded (the same tree, attributes and text)',
      'numeric-references': 'as sent, every non-ASCII character written as a numeric character reference (`¡` as `&#161;`)',
    },
    reference: 'as-sent',
  }),
  define({
    name: 'description.comments',
    openPoint: 'description.comments',
    section: '2.1',
    question: 'HTML comments in a description (the HTML rules restrict tags and attributes only)',
    values: {
      accept: 'accepted (subject to the shared allow-list)',
      refuse: 'refused with the invalid-input status, rule `html`',
    },
    reference: 'accept',
    lenient: 'accept',
  }),
  define({
    name: 'q.match',
    openPoint: 'q.match',
    section: '4.5',
    question: 'How `q` "matches job title and referenceId" (case-insensitive)',
    values: {
      substring: 'a substring of the title or the referenceId',
      'word-prefix': 'a prefix of a word of the title, or a prefix of the referenceId',
      word: 'one whole word of the title (words end at white space only: `a-b` is one word), or the whole referenceId',
    },
    reference: 'substring',
  }),
  define({
    name: 'order.ties',
    openPoint: 'lists.order',
    section: '4.5',
    question: 'Order of jobs with the same publishDate',
    values: {
      'id-desc': 'newest id first',
      'id-asc': 'oldest id first',
    },
    reference: 'id-desc',
  }),
  define({
    name: 'salary.max-amount-form',
    openPoint: 'salary.max-amount-form',
    section: '2.5',
    question: 'Decimal form of `salary.maxAmount` (only `amount` states four places)',
    values: {
      'four-places': '`60000.0000`',
      plain: 'a plain JSON number: `60000`, `1.5`',
    },
    reference: 'four-places',
  }),
  define({
    name: 'salary.amount-form',
    openPoint: 'salary.amount-form',
    section: '2.5',
    question: 'JSON type of `salary.amount` and `salary.maxAmount` ("Decimal": a number is the plain reading)',
    values: {
      number: 'JSON numbers: `52000.0000`',
      string: 'decimal strings: `"52000.0000"` (Django REST Framework\'s default; a should rule warns, so no profile takes it)',
    },
    reference: 'number',
    outsideProfiles: true,
  }),
  define({
    name: 'locations.description',
    openPoint: 'job.echo',
    section: '2.2',
    question: '`description` of a location in responses',
    values: {
      'as-sent': 'echoed as sent',
      canonical: "the list's `City, PC` for a known place (cities matched case- and accent-insensitively); others as sent",
      'country-suffix':
        'as canonical, followed by `, Canada` (`Red Deer, AB, Canada`) when that fits in 300 characters; ' +
        'a sent `..., Canada` is read without it (4.2: a GET result posted back)',
    },
    reference: 'as-sent',
  }),
  define({
    name: 'job.extra-fields',
    openPoint: 'response.extra',
    section: '2.1',
    question: 'Extra read-only fields in the full Job',
    values: {
      none: 'exactly the fields of 2.1',
      'updated-at': 'adds `updatedAt` (date-time of the last change)',
    },
    reference: 'none',
  }),
  define({
    name: 'header.extra-fields',
    openPoint: 'response.extra',
    section: '2.7',
    question: 'Extra read-only fields in the job header (list item)',
    values: {
      none: 'exactly the fields of 2.7',
      'job-fields': 'adds `closeDate` and `autoRefresh`, more fields of the full job (2.7: the header is a subset of the job)',
    },
    reference: 'none',
  }),
  define({
    name: 'transitions.to-draft',
    openPoint: 'lifecycle.unshown',
    section: '3',
    question: 'A PUT that moves an active or archived job back to draft',
    values: {
      allowed: 'allowed (status is just a value)',
      refused: 'refused with the invalid-input status',
    },
    reference: 'allowed',
    lenient: 'allowed',
  }),
  define({
    name: 'validation.blank-title',
    openPoint: 'input.unbounded',
    section: '4.2',
    question: 'A title of only white space',
    values: {
      accept: 'accepted and stored as sent',
      refuse: 'refused with the invalid-input status',
    },
    reference: 'accept',
    lenient: 'accept',
  }),
  define({
    name: 'validation.close-before-publish',
    openPoint: 'input.unbounded',
    section: '2.1, 4.2',
    question: 'A closeDate before the publishDate (a date counts to its end)',
    values: {
      accept: 'accepted',
      refuse: 'refused with the invalid-input status',
    },
    reference: 'accept',
    lenient: 'accept',
  }),
  define({
    name: 'json.format',
    openPoint: 'response.extra',
    section: '4',
    question: 'Spelling of JSON response bodies (white space, key order)',
    values: {
      compact: 'compact, keys in the order of the field tables',
      'pretty-sorted': 'pretty-printed (two spaces), the keys of every object sorted',
      'pretty-reversed': 'pretty-printed (two spaces), the keys of every object in reverse order',
    },
    reference: 'compact',
  }),
] as const;

type SwitchList = typeof SWITCH_LIST;
type SwitchOf<N> = Extract<SwitchList[number], { name: N }>;
export type ChoiceName = SwitchList[number]['name'];

/** The value of every switch. */
export type Choices = { readonly [N in ChoiceName]: keyof SwitchOf<N>['values'] & string };

/** The registry, by name, in a stable (documentation) order. */
export const CHOICE_SWITCHES: ReadonlyMap<ChoiceName, ChoiceSwitch> = new Map(SWITCH_LIST.map((s) => [s.name, s]));

export const PROFILES = ['reference', 'alt', 'lenient', 'random'] as const;
export type ProfileName = (typeof PROFILES)[number];

function valuesOf(s: ChoiceSwitch): string[] {
  return Object.keys(s.values);
}

/** The first value that is not the reference one. */
function altValue(s: ChoiceSwitch): string {
  return valuesOf(s).find((v) => v !== s.reference)!;
}

/** mulberry32: a small, fast, seedable generator; the same seed draws the same profile. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function profileValue(profile: ProfileName, s: ChoiceSwitch, draw: () => number): string {
  if (profile === 'reference' || s.outsideProfiles) return s.reference;
  if (profile === 'alt') return altValue(s);
  if (profile === 'lenient') return s.lenient ?? altValue(s);
  const values = valuesOf(s);
  return values[Math.floor(draw() * values.length)]!;
}

/** What the mock is configured with (constructor, CLI, control API). */
export interface ProfileOptions {
  /** `reference` (default), `alt`, `lenient` or `random`. */
  profile?: string;
  /** Seed of the `random` profile (0 … 2^32-1); drawn when omitted. */
  profileSeed?: number;
  /** Single switches over the profile, e.g. `{ 'paging.link-form': 'relative' }`. */
  choices?: Readonly<Record<string, string>>;
}

/** The resolved configuration: what `GET /__control/profile` answers. */
export interface ResolvedProfile {
  profile: ProfileName;
  /** Set for `random` only. */
  profileSeed?: number;
  /** The overrides given, as given. */
  overrides: Readonly<Record<string, string>>;
  choices: Choices;
}

const MAX_SEED = 0xffffffff;

/**
 * Resolves a profile and its overrides to the value of every switch. Throws
 * MockConfigError (`unknown_profile`, `unknown_choice`, `invalid_choice`) for an
 * unknown profile or switch, or a value (or seed) the switch does not allow.
 *
 * @example
 * resolveChoices({ profile: 'random', profileSeed: 7, choices: { 'paging.link-form': 'relative' } }).choices['q.match'];
 */
export function resolveChoices(options: ProfileOptions = {}): ResolvedProfile {
  const profile = (options.profile ?? 'reference') as ProfileName;
  if (!PROFILES.includes(profile)) {
    throw new MockConfigError('unknown_profile', `unknown profile ${JSON.stringify(options.profile)}; use one of ${PROFILES.join(', ')}`);
  }
  let seed = options.profileSeed;
  if (seed !== undefined && !(Number.isInteger(seed) && seed >= 0 && seed <= MAX_SEED)) {
    throw new MockConfigError('invalid_choice', `profile seed must be an integer 0 … ${MAX_SEED}, not ${JSON.stringify(seed)}`);
  }
  if (profile === 'random') seed ??= Math.floor(Math.random() * (MAX_SEED + 1));
  const draw = seededRandom(seed ?? 0);
  const values: Record<string, string> = {};
  for (const s of CHOICE_SWITCHES.values()) values[s.name] = profileValue(profile, s, draw);
  const overrides = options.choices ?? {};
  for (const [name, value] of Object.entries(overrides)) {
    const s = CHOICE_SWITCHES.get(name);
    if (!s) throw new MockConfigError('unknown_choice', `unknown choice ${JSON.stringify(name)}; see docs/mock-choices.md`);
    if (!Object.hasOwn(s.values, value)) {
      throw new MockConfigError(
        'invalid_choice',
        `choice ${name} cannot be ${JSON.stringify(value)}; use one of ${valuesOf(s).join(', ')}`,
      );
    }
    values[name] = value;
  }
  return {
    profile,
    ...(profile === 'random' ? { profileSeed: seed } : {}),
    overrides: { ...overrides },
    choices: Object.freeze(values),
  };
}

/** Every switch at its reference value. */
export const REFERENCE_CHOICES: Choices = resolveChoices().choices;

/** Parses `name=value` (the CLI's `--choice`); throws MockConfigError when it is not that form. */
export function parseChoiceArgument(text: string): [string, string] {
  const at = text.indexOf('=');
  if (at <= 0) throw new MockConfigError('invalid_choice', `--choice takes name=value, not ${JSON.stringify(text)}`);
  return [text.slice(0, at).trim(), text.slice(at + 1).trim()];
}
