/**
 * @module Invalid values derived from the request schemas, as Schemathesis's
 * negative mode does, never listed by hand: the schemas of a write body
 * (job-input-fields.schema.json and what it refers to, plus the routing
 * conditionals of job-create.schema.json) are walked field by field, nested
 * ones too (salary and its period, locations, categories, positionType,
 * applicantRoutingType), and each keyword gives its classes of invalid
 * values: every other JSON type, null where null is not allowed, an empty
 * string, array or object where empty is invalid, the nearest values
 * outside a length, a count, an Int32 or an enum, strings near each enum
 * member, near misses of a pattern, and text a format's pattern takes for a
 * day that does not exist. The largest value inside each
 * length comes with them (valid). A schema change changes the values; the
 * spec's own word on each class (what it leaves open) is the data of
 * negative-exclusions.ts.
 */
import { isIsoDate } from '../../schemas/iso-date.js';
import { loadSchema, type JsonSchema } from '../../schemas/load.js';
import { exclusionOf, levelOf, type NegativeLevel } from './negative-exclusions.js';

/** The classes of derived values (the keyword each comes from). */
export type NegativeKind =
  | 'other-type'
  | 'coerced-type'
  | 'null'
  | 'empty'
  | 'non-integer'
  | 'outside-int32'
  | 'wraps-int32'
  | 'enum-outside'
  | 'enum-other-member'
  | 'enum-case'
  | 'enum-white-space'
  | 'enum-prefix'
  | 'enum-extension'
  | 'too-long'
  | 'too-many'
  | 'pattern-near-miss'
  | 'format-near-miss'
  | 'largest-valid';

/** A field of the write body: `salary.period.id`, `locations[].description`. `[]` stands for the array's entries. */
export type FieldPath = readonly string[];

export interface DerivedValue {
  /** Dotted path, e.g. `salary.period.id`, `categories[].id`. */
  field: string;
  path: FieldPath;
  kind: NegativeKind;
  value: unknown;
  /** Only `largest-valid` values are valid (a server accepts them). */
  valid: boolean;
  /** The schema keyword and what the value does to it, e.g. `type integer: 2.5 is no integer`. */
  reason: string;
  /** must (the spec makes the value invalid) or should (a lenient reading exists; see negative-exclusions.ts). */
  level: NegativeLevel;
  /**
   * Fields the body must carry for the value to be invalid (a conditional of job-create: the address a
   * routing type requires), e.g. `{ applicantRoutingType: { id: 1 } }`.
   */
  context?: Record<string, unknown>;
  /** True where the value leaves a required value present but null or empty (only omission was sent before). */
  requiredValue?: boolean;
  /**
   * True where an update sends the value alone in its object, the rest of the object not sent (a partial salary,
   * `{salary: {period: {id: 6}}}`), which 4.3 merges into the stored one: see suites/checks/schema-negatives.ts.
   */
  alone?: boolean;
  /**
   * True where a `too-many` list sends one of its entries twice: a server that drops repeats before it counts takes
   * it. The plain `too-many` list's entries differ where the target gives enough of them (categories, from its list).
   */
  repeated?: boolean;
}

/** A value the schema makes invalid, that the spec leaves open: not sent, with why (negative-exclusions.ts). */
export interface ExcludedValue {
  field: string;
  kind: NegativeKind;
  value: unknown;
  because: string;
}

const FIELDS_FILE = 'job-input-fields.schema.json';
const CREATE_FILE = 'job-create.schema.json';
const INT32 = { min: -2_147_483_648, max: 2_147_483_647 };

interface Node {
  schema: JsonSchema;
  file: string;
}

/** The schema a `$ref` names, from `file` (same-file `#/$defs/x` or `other.schema.json#/$defs/x`). */
function resolveRef(ref: string, file: string): Node {
  const [target = '', pointer = ''] = ref.split('#');
  const targetFile = target === '' ? file : target;
  let node: unknown = loadSchema(targetFile);
  for (const key of pointer.split('/').filter(Boolean)) node = (node as JsonSchema)[key];
  if (node === null || typeof node !== 'object') throw new Error(`[suites] ${targetFile}#${pointer}: no schema there`);
  return { schema: node as JsonSchema, file: targetFile };
}

/** The node with its `$ref` resolved (the keywords beside the `$ref` win) and `oneOf [X, null]` read as a nullable X. */
function resolved({ schema, file }: Node): Node {
  if (typeof schema.$ref === 'string') {
    const { $ref, ...siblings } = schema;
    const target = resolved(resolveRef($ref, file));
    return { schema: { ...target.schema, ...siblings }, file: target.file };
  }
  const oneOf = schema.oneOf as JsonSchema[] | undefined;
  if (Array.isArray(oneOf) && oneOf.length === 2 && oneOf.some((s) => s.type === 'null')) {
    const other = resolved({ schema: oneOf.find((s) => s.type !== 'null')!, file });
    return { schema: { ...other.schema, nullable: true }, file: other.file };
  }
  return { schema, file };
}

type JsonType = 'null' | 'boolean' | 'integer' | 'number' | 'string' | 'array' | 'object';

function typesOf(schema: JsonSchema): Set<JsonType> {
  const declared = schema.type === undefined ? [] : Array.isArray(schema.type) ? schema.type : [schema.type];
  const types = new Set(declared as JsonType[]);
  if (schema.nullable === true) types.add('null');
  if (types.has('number')) types.add('integer');
  return types;
}

/** One value of each other JSON type, with whether a lenient parser reads it as the declared type losslessly. */
function otherTypeValues(schema: JsonSchema, types: Set<JsonType>): Array<{ kind: NegativeKind; value: unknown; reason: string }> {
  const declared = [...types].filter((t) => t !== 'null').join(' or ');
  const enumFirst = Array.isArray(schema.enum) ? (schema.enum[0] as unknown) : undefined;
  const candidates: Array<{ type: JsonType; value: unknown; coerced: boolean }> = [
    // A boolean where a string is declared: `true` reads as "true" (Jackson's default coercion of scalars to text).
    { type: 'boolean', value: true, coerced: types.has('string') },
    // A number where a string is declared: `123` reads as "123"; where a boolean is, 1 reads as true.
    { type: 'integer', value: types.has('boolean') ? 1 : 123, coerced: types.has('string') || types.has('boolean') },
    // A string where a number or a boolean is declared: the member written as text ("1", "true").
    {
      type: 'string',
      value: types.has('integer') ? String(enumFirst ?? 1) : types.has('boolean') ? 'true' : 'x',
      coerced: types.has('integer') || types.has('boolean'),
    },
    { type: 'array', value: [], coerced: false },
    { type: 'object', value: {}, coerced: false },
  ];
  return candidates
    .filter(({ type }) => !types.has(type) && !(type === 'integer' && types.has('number')))
    .map(({ type, value, coerced }) => ({
      kind: coerced ? ('coerced-type' as const) : ('other-type' as const),
      value,
      reason: `type ${declared}: ${JSON.stringify(value)} is ${type === 'integer' ? 'a number' : withArticle(type)}`,
    }));
}

/** `an array`, `an object`, `a string`... */
function withArticle(type: string): string {
  return `a${type === 'array' || type === 'object' ? 'n' : ''} ${type}`;
}

/** Strings near one enum member: another case, white space around it, a prefix, an extension. */
function enumNearMisses(member: string, all: readonly string[]): Array<{ kind: NegativeKind; value: string }> {
  const capitalized = member.charAt(0).toUpperCase() + member.slice(1);
  const near: Array<{ kind: NegativeKind; value: string }> = [
    { kind: 'enum-case', value: capitalized === member ? member.toLowerCase() : capitalized },
    { kind: 'enum-white-space', value: ` ${member}` },
    { kind: 'enum-white-space', value: `${member} ` },
    { kind: 'enum-prefix', value: member.slice(0, -1) },
    { kind: 'enum-extension', value: `${member}s` },
  ];
  return near.filter(({ value }) => !all.includes(value));
}

/** Members of the other string vocabularies of the schemas (enums and the named x- lists), for `enum-other-member`. */
function otherVocabularies(own: readonly unknown[]): string[] {
  const words = new Set<string>();
  const walk = (node: unknown): void => {
    if (node === null || typeof node !== 'object') return;
    if (Array.isArray(node)) return node.forEach(walk);
    const record = node as JsonSchema;
    if (Array.isArray(record.enum)) for (const v of record.enum) if (typeof v === 'string') words.add(v);
    for (const [key, child] of Object.entries(record)) {
      if (key.startsWith('x-') && Array.isArray(child))
        for (const item of child) if (typeof (item as { name?: unknown })?.name === 'string') words.add((item as { name: string }).name);
      walk(child);
    }
  };
  for (const file of ['common.schema.json', 'salary-period.schema.json', 'applicant-routing-type.schema.json', 'list-query.schema.json'])
    walk(loadSchema(file));
  return [...words].filter((w) => !own.includes(w) && !own.some((m) => typeof m === 'string' && m.toLowerCase() === w.toLowerCase()));
}

/** Integer members of the other integer enums of the request schemas (a salary period id as a routing type). */
function otherIntegerMembers(own: readonly unknown[]): number[] {
  const enums = [
    resolved({ schema: { $ref: 'salary-period.schema.json#/$defs/periodId' }, file: FIELDS_FILE }).schema.enum,
    resolved({ schema: { $ref: 'applicant-routing-type.schema.json#/$defs/routingId' }, file: FIELDS_FILE }).schema.enum,
  ] as unknown[][];
  return [...new Set(enums.flat())].filter((v): v is number => typeof v === 'number' && !own.includes(v));
}

/** Near misses per pattern: the first positions of a sample are where a pattern's anchor sits. */
const MAX_NEAR_MISSES = 6;

/**
 * Near misses of `pattern`: `sample` after a space, and with one character dropped, for each of its
 * first characters, each kept when the pattern refuses it (the exclusions then drop those a looser reading of the spec accepts).
 */
function patternNearMisses(pattern: string, sample: string): string[] {
  const regex = new RegExp(pattern, 'u');
  // White space before the value: the near miss of an anchored pattern a trimming server lets through.
  const misses = new Set<string>(regex.test(` ${sample}`) ? [] : [` ${sample}`]);
  for (let i = 0; i < sample.length && misses.size < MAX_NEAR_MISSES; i++) {
    const dropped = sample.slice(0, i) + sample.slice(i + 1);
    if (!regex.test(dropped)) misses.add(dropped);
  }
  if (!regex.test('')) misses.add('');
  return [...misses];
}

/**
 * Near misses of the format iso-8601 (schemas/iso-date.ts): text its pattern takes for a day that does not exist (the
 * 30th of February, the 29th in a common year, the 31st of a 30-day month, as a date and as a date-time), each kept
 * when the format refuses it. A far year: no refusal of a past date may hide the refusal of the value. A date
 * library that rolls the day over (JavaScript's Date reads 2099-02-30 as the 2nd of March) lets them through.
 */
function isoDateNearMisses(pattern: string): string[] {
  const regex = new RegExp(pattern, 'u');
  return ['2099-02-30', '2099-02-29', '2099-04-31', '2099-02-30T10:00:00Z'].filter((text) => regex.test(text) && !isIsoDate(text));
}

/** A valid sample of a patterned string, to make near misses and over-long values from (schema `examples`, or a plain one). */
const PATTERN_SAMPLES: Record<string, string> = {
  applicationUrl: 'https://jobs.example.com/apply',
  'locations[].description': 'Toronto, ON',
  closeDate: '2026-12-09',
};

/** A string of exactly `length` characters: the field's sample padded with letters where that keeps its pattern, else letters. */
function stringOfLength(field: string, schema: JsonSchema, length: number): string {
  const sample = PATTERN_SAMPLES[field] ?? '';
  const padded = (sample + 'x'.repeat(Math.max(0, length - sample.length))).slice(0, length);
  const keepsPattern = typeof schema.pattern !== 'string' || new RegExp(schema.pattern, 'u').test(padded);
  return keepsPattern ? padded : 'x'.repeat(length);
}

interface Raw {
  kind: NegativeKind;
  value: unknown;
  reason: string;
  valid?: boolean;
  requiredValue?: boolean;
  repeated?: boolean;
}

/** The derived values of one field (not of its children). */
function valuesOf(field: string, schema: JsonSchema, requiredHere: boolean): Raw[] {
  const types = typesOf(schema);
  const out: Raw[] = otherTypeValues(schema, types);
  if (!types.has('null'))
    out.push({ kind: 'null', value: null, reason: 'null where the type is not nullable', requiredValue: requiredHere });
  if (types.has('integer') && !types.has('number')) {
    const members = Array.isArray(schema.enum) ? (schema.enum as number[]) : [];
    out.push({ kind: 'non-integer', value: members.length > 1 ? members[0]! + 0.5 : 2.5, reason: 'type integer: a fraction' });
    const min = typeof schema.minimum === 'number' ? schema.minimum : undefined;
    const max = typeof schema.maximum === 'number' ? schema.maximum : undefined;
    if (max === INT32.max) out.push({ kind: 'outside-int32', value: INT32.max + 1, reason: 'Int32: one past its largest' });
    if (min === INT32.min) out.push({ kind: 'outside-int32', value: INT32.min - 1, reason: 'Int32: one below its smallest' });
    if (members.length > 0) {
      // Read into 32 bits (a cast to int), a value past Int32 wraps around: this one becomes the lowest member.
      const lowest = Math.min(...members);
      out.push({ kind: 'wraps-int32', value: 2 ** 32 + lowest, reason: `enum ${members.join(', ')}: past Int32, ${lowest} in 32 bits` });
      out.push({ kind: 'enum-outside', value: Math.min(...members) - 1, reason: `enum ${members.join(', ')}: one below the lowest` });
      out.push({ kind: 'enum-outside', value: Math.max(...members) + 1, reason: `enum ${members.join(', ')}: one above the highest` });
      for (const other of otherIntegerMembers(members).filter((v) => v !== Math.max(...members) + 1 && v !== Math.min(...members) - 1))
        out.push({ kind: 'enum-other-member', value: other, reason: `enum ${members.join(', ')}: a member of another enum` });
    }
  }
  if (types.has('string')) {
    const members = Array.isArray(schema.enum) ? (schema.enum as string[]) : [];
    for (const member of members)
      for (const { kind, value } of enumNearMisses(member, members))
        out.push({ kind, value, reason: `enum ${members.join(', ')}: ${kind.replace('enum-', '')} of ${member}` });
    if (members.length > 0)
      for (const other of otherVocabularies(members).slice(0, 2))
        out.push({ kind: 'enum-other-member', value: other, reason: `enum ${members.join(', ')}: a word of another vocabulary` });
    if (typeof schema.minLength === 'number' && schema.minLength >= 1)
      out.push({ kind: 'empty', value: '', reason: `minLength ${schema.minLength}: the empty string`, requiredValue: requiredHere });
    if (typeof schema.maxLength === 'number') {
      const max = schema.maxLength;
      const over =
        members.length > 0
          ? members.reduce((a, b) => (b.length > a.length ? b : a)).padEnd(max + 1, 'z')
          : stringOfLength(field, schema, max + 1);
      out.push({ kind: 'too-long', value: over, reason: `maxLength ${max}: ${max + 1} characters` });
      if (members.length === 0)
        out.push({
          kind: 'largest-valid',
          value: stringOfLength(field, schema, max),
          reason: `maxLength ${max}: exactly ${max}`,
          valid: true,
        });
    }
    const pattern = typeof schema.pattern === 'string' ? schema.pattern : schema['x-pattern'];
    if (schema.format === 'iso-8601' && typeof pattern === 'string')
      for (const miss of isoDateNearMisses(pattern))
        out.push({ kind: 'format-near-miss', value: miss, reason: `format iso-8601: ${JSON.stringify(miss)} names no day` });
    if (typeof pattern === 'string') {
      const sample = PATTERN_SAMPLES[field];
      if (sample !== undefined)
        for (const miss of patternNearMisses(pattern, sample))
          out.push({
            kind: miss === '' ? 'empty' : 'pattern-near-miss',
            value: miss,
            reason: `pattern ${pattern}: ${JSON.stringify(miss)} does not match`,
            requiredValue: requiredHere && miss === '',
          });
    }
  }
  if (types.has('array') && typeof schema.minItems === 'number' && schema.minItems >= 1)
    out.push({ kind: 'empty', value: [], reason: `minItems ${schema.minItems}: no entry`, requiredValue: requiredHere });
  if (types.has('object') && Array.isArray(schema.required) && schema.required.length > 0)
    out.push({ kind: 'empty', value: {}, reason: `required ${schema.required.join(', ')}: an empty object`, requiredValue: true });
  return out;
}

/** The conditionals of job-create (if X.id is c then Y is required): the field each makes required, under which context. */
function conditionals(): Map<string, { context: Record<string, unknown>; schema: JsonSchema }> {
  const found = new Map<string, { context: Record<string, unknown>; schema: JsonSchema }>();
  for (const rule of (loadSchema(CREATE_FILE).allOf ?? []) as JsonSchema[]) {
    const ifProps = ((rule.if as JsonSchema | undefined)?.properties ?? {}) as Record<string, JsonSchema>;
    const thenProps = ((rule.then as JsonSchema | undefined)?.properties ?? {}) as Record<string, JsonSchema>;
    const context: Record<string, unknown> = {};
    for (const [name, condition] of Object.entries(ifProps)) {
      const props = (condition.properties ?? {}) as Record<string, JsonSchema>;
      context[name] = Object.fromEntries(Object.entries(props).map(([key, c]) => [key, c.const]));
    }
    for (const [name, schema] of Object.entries(thenProps)) found.set(name, { context, schema });
  }
  return found;
}

function fieldName(path: FieldPath): string {
  return path.join('.').replace(/\.\[\]/g, '[]');
}

/** Walks a field and its children (object properties, array entries). */
function walkField(path: FieldPath, node: Node, requiredHere: boolean, emit: (path: FieldPath, raw: Raw) => void): void {
  const { schema, file } = resolved(node);
  for (const raw of valuesOf(fieldName(path), schema, requiredHere)) emit(path, raw);
  const types = typesOf(schema);
  if (types.has('array') && schema.items) {
    if (typeof schema.maxItems === 'number') {
      const over = schema.maxItems + 1;
      emit(path, { kind: 'too-many', value: over, reason: `maxItems ${schema.maxItems}: ${over} entries` });
      emit(path, {
        kind: 'too-many',
        value: over,
        reason: `maxItems ${schema.maxItems}: ${over} entries, one of them twice`,
        repeated: true,
      });
    }
    walkField([...path, '[]'], { schema: schema.items as JsonSchema, file }, true, emit);
  }
  if (types.has('object') && schema.properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const dependent = (schema.dependentRequired ?? {}) as Record<string, string[]>;
    for (const needs of Object.values(dependent)) for (const name of needs) required.add(name);
    for (const [name, child] of Object.entries(schema.properties as Record<string, JsonSchema>))
      walkField([...path, name], { schema: child, file }, required.has(name), emit);
  }
}

/** Everything derived, excluded ones included (each with why): the input of derivedNegatives and of its tests. */
export function deriveAll(): { values: DerivedValue[]; excluded: ExcludedValue[] } {
  const values: DerivedValue[] = [];
  const excluded: ExcludedValue[] = [];
  const required = conditionals();
  // A field every create requires: its null or empty value is a required value present but null or empty, as a
  // conditional's field is (sent on every create form, a must there; a should on an update, which may read null as not sent).
  const requiredOnCreate = new Set((loadSchema(CREATE_FILE).required as string[] | undefined) ?? []);
  const fields = loadSchema(FIELDS_FILE).properties as Record<string, JsonSchema>;
  // But 4.2 shows the requiredness of no top-level field beyond its conditionals ("Requiredness of the remaining request
  // fields: not shown"): a server may make one optional and read its null as not sent (a title, a position type it
  // defaults), so that null is a should; a list whose count 2.1 states (1 to 3 locations) it must still refuse.
  const requirednessOpen = (path: FieldPath, context?: Record<string, unknown>): boolean =>
    path.length === 1 &&
    context === undefined &&
    typeof resolved({ schema: fields[path[0]!]!, file: FIELDS_FILE }).schema.minItems !== 'number';
  const seen = new Set<string>();
  const add = (path: FieldPath, raw: Raw, context?: Record<string, unknown>): void => {
    const field = fieldName(path);
    const key = `${field} ${raw.kind} ${JSON.stringify(raw.value)}${raw.repeated ? ' repeated' : ''}`;
    if (seen.has(key)) return;
    seen.add(key);
    const because = exclusionOf(field, raw.kind, raw.value);
    if (because !== undefined) return void excluded.push({ field, kind: raw.kind, value: raw.value, because });
    values.push({
      field,
      path,
      kind: raw.kind,
      value: raw.value,
      valid: raw.valid === true,
      reason: raw.reason,
      level: raw.kind === 'null' && (!raw.requiredValue || requirednessOpen(path, context)) ? 'should' : levelOf(field, raw.kind),
      ...(context ? { context } : {}),
      ...(raw.requiredValue ? { requiredValue: true } : {}),
      ...(raw.repeated ? { repeated: true } : {}),
    });
  };
  for (const [name, schema] of Object.entries(fields)) {
    const conditional = required.get(name);
    // A field a conditional makes required: its keywords there (string, minLength 1) name the required-but-null-or-empty values first.
    if (conditional)
      for (const raw of valuesOf(name, { ...resolved({ schema, file: FIELDS_FILE }).schema, ...conditional.schema }, true))
        add([name], raw, conditional.context);
    walkField([name], { schema, file: FIELDS_FILE }, requiredOnCreate.has(name), (path, raw) => add(path, raw, conditional?.context));
  }
  return { values, excluded };
}

/**
 * The derived values the suite sends: every class of every field, the ones the spec leaves open taken out.
 *
 * @example
 * derivedNegatives().find((v) => v.field === 'salary.period.id' && v.kind === 'non-integer')?.value; // 1.5
 */
export function derivedNegatives(): DerivedValue[] {
  return cached ?? (cached = deriveAll().values);
}
let cached: DerivedValue[] | undefined;

/**
 * The classes at a boundary: the nearest values outside (a length, a count, an enum, an integer: a fraction beside a
 * valid one, the first past Int32 and one that wraps in 32 bits to a member), a required value present but null or
 * empty, and the largest valid value. A server wrong on a path is wrong there first.
 */
const BOUNDARY_KINDS: ReadonlySet<NegativeKind> = new Set([
  'too-long',
  'too-many',
  'empty',
  'enum-outside',
  'non-integer',
  'outside-int32',
  'wraps-int32',
  'largest-valid',
]);
export const isBoundaryValue = (value: DerivedValue): boolean => BOUNDARY_KINDS.has(value.kind) || value.requiredValue === true;

/** An invalid value of a list query parameter, as the query text that carries it. */
export interface QueryNegative {
  name: string;
  value: string;
  reason: string;
}

/**
 * The invalid values of each constrained list parameter (list-query.schema.json: status, page, pageSize), as query
 * text: a value of another JSON type goes out as its JSON text, a number written as text is no violation there (a
 * query is text), and an integer also goes one below its minimum. q takes any string, so it has none.
 *
 * @example
 * derivedQueryNegatives().find((n) => n.name === 'status'); // { name: 'status', value: 'Active', reason: 'enum …: case of active' }
 */
export function derivedQueryNegatives(): QueryNegative[] {
  const file = 'list-query.schema.json';
  const out: QueryNegative[] = [];
  for (const [name, declared] of Object.entries(loadSchema(file).properties as Record<string, JsonSchema>)) {
    const { schema } = resolved({ schema: declared, file });
    // Any text is a string: a string parameter with no enum, length or pattern (q) has no invalid query value.
    if (schema.type === 'string' && !schema.enum && schema.maxLength === undefined && schema.pattern === undefined) continue;
    const raws: Array<Pick<Raw, 'value' | 'reason'>> = valuesOf(name, schema, false).filter(
      (raw) => !raw.valid && raw.kind !== 'coerced-type',
    );
    if (typeof schema.minimum === 'number') raws.push({ value: schema.minimum - 1, reason: `minimum ${schema.minimum}: one below` });
    for (const raw of raws) {
      const value = typeof raw.value === 'string' ? raw.value : JSON.stringify(raw.value);
      if (!out.some((n) => n.name === name && n.value === value)) out.push({ name, value, reason: raw.reason });
    }
  }
  return out;
}

/**
 * Other spellings of an integer as query text, for each integer list parameter (list-query.schema.json: page,
 * pageSize): a sign, white space, a leading zero, a fraction of zero, an exponent, hex and full-width digits. Each
 * spells a valid value, and where the parameter has a maximum in effect (pageSize: 100) the nearest value past it
 * too. A query is text, so whether each reads as the integer is open; none may crash the list, and none may bring a
 * page size past the maximum into effect.
 *
 * @example
 * integerQuerySpellings().find((n) => n.name === 'pageSize' && n.value === '+2'); // { name: 'pageSize', value: '+2', … }
 * integerQuerySpellings().find((n) => n.name === 'pageSize' && n.value === '101e0'); // { name: 'pageSize', value: '101e0', … }
 */
export function integerQuerySpellings(): QueryNegative[] {
  const file = 'list-query.schema.json';
  const out: QueryNegative[] = [];
  for (const [name, declared] of Object.entries(loadSchema(file).properties as Record<string, JsonSchema>)) {
    const { schema } = resolved({ schema: declared, file });
    if (schema.type !== 'integer') continue;
    const valid = Math.max(typeof schema.minimum === 'number' ? schema.minimum : 1, 2);
    const inEffect = schema['x-maximum-in-effect'];
    for (const n of typeof inEffect === 'number' ? [valid, inEffect + 1] : [valid]) {
      const fullWidth = String(n).replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d)));
      for (const value of [`+${n}`, ` ${n}`, `${n} `, `0${n}`, `${n}.0`, `${n}e0`, `0x${n.toString(16)}`, fullWidth])
        out.push({ name, value, reason: `type integer: ${JSON.stringify(value)} is another spelling of ${n}` });
    }
  }
  return out;
}
