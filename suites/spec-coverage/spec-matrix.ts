/**
 * @module The statement × path matrix of docs/spec-coverage.md, as data: every stated rule a server can
 * break on more than one path (field limits, enums, requiredness, HTML, locations, identity, defaults,
 * partial updates, transitions, response forms) and, per path, the rule that probes it there or why none
 * does. `npm run generate` renders it (scripts/docs/spec-coverage-doc.ts); test/spec-coverage.test.ts
 * fails on an empty cell, an unknown rule id and a pending cell. Nothing at run time reads this module.
 *
 * A cell is one of:
 * - rule ids (`jobs.…`, several joined by ", "), each optionally followed by a note in parentheses;
 * - `n/a: <reason>`: the statement does not apply on that path;
 * - `not probed: <reason>`: it applies, and no rule sends it there, for the reason given;
 * - `pending: <owner> item <N>`: work of another branch lands there; the lead fills it after the merge.
 */

/** The paths a statement can apply to: the five ways a job body is sent, and the four responses that carry a job. */
export const MATRIX_PATHS = {
  post: 'POST',
  putById: 'PUT by id',
  putByReference: 'PUT by referenceId',
  putCreate: 'PUT-create',
  override: 'override PUT',
  created: 'create response',
  read: 'GET',
  updated: 'PUT 200',
  listItem: 'list item',
} as const;

export type MatrixPath = keyof typeof MATRIX_PATHS;
export type MatrixCells = Record<MatrixPath, string>;

/** A cell read: the rules it names, each with its note, or a reason of one kind. */
export type ParsedCell =
  { kind: 'rules'; rules: Array<{ id: string; note?: string }> } | { kind: 'n/a' | 'not probed' | 'pending'; reason: string };

const RULE_ITEM = /^(jobs\.[\w.-]*[\w-])(?: \((.+)\))?$/;
const REASON = /^(n\/a|not probed|pending): (\S.*)$/;

/**
 * Reads a cell; undefined when it is neither a list of rules nor a reason of a known kind.
 *
 * @example
 * parseCell('jobs.a.b (how), jobs.c.d'); // { kind: 'rules', rules: [{ id: 'jobs.a.b', note: 'how' }, { id: 'jobs.c.d' }] }
 * parseCell('n/a: a request header'); // { kind: 'n/a', reason: 'a request header' }
 */
export function parseCell(text: string): ParsedCell | undefined {
  const reason = REASON.exec(text);
  if (reason) return { kind: reason[1] as 'n/a' | 'not probed' | 'pending', reason: reason[2]! };
  const items = text.split(/, (?=jobs\.)/).map((item) => RULE_ITEM.exec(item));
  if (text === '' || items.some((item) => item === null)) return undefined;
  return { kind: 'rules', rules: items.map((item) => (item![2] ? { id: item![1]!, note: item![2] } : { id: item![1]! })) };
}

export interface MatrixRow {
  /** Spec sections, e.g. `2.1, 8`. */
  section: string;
  /** The statement, quoted or closely paraphrased. */
  statement: string;
  cells: MatrixCells;
}

export interface MatrixGroup {
  title: string;
  rows: MatrixRow[];
}

/** What the columns mean, for the doc's preface. */
export const PATH_NOTES: Record<MatrixPath, string> = {
  post: '`POST /jobs` (4.2)',
  putById: '`PUT /jobs/{id}`, a partial update (4.3 form 1)',
  putByReference: '`PUT /jobs` naming a live job by `referenceId` (4.3 form 2)',
  putCreate: '`PUT /jobs` with a new `referenceId`: creates, and "behaves as POST" (4.3)',
  override: '`POST /jobs/{id}` with `X-HTTP-Method-Override: PUT` (section 1): a PUT once the server honours the header',
  created: 'the body of a create: the 201 of a POST, or the answer of a PUT-create',
  read: 'the body of `GET /jobs/{id}` (4.1)',
  updated: 'the 200 body of an update (4.3)',
  listItem: 'an item of `GET /jobs` (2.7: the job header)',
};

// Every success body is validated against the response schemas (suites/http/api.ts): these rules' exchanges carry one of each.
const SCHEMA_CREATED = 'jobs.create.status-201';
const SCHEMA_READ = 'jobs.create.body-matches-get';
const SCHEMA_UPDATED = 'jobs.update.status-200';
const SCHEMA_LIST = 'jobs.list.header-fields';

const notInHeader = (field: string): string => `n/a: the job header (2.7) does not carry ${field}`;
const RESPONSE_STATEMENT = 'n/a: a statement about responses';
const NOT_SENT = 'n/a: never sent: on input only ids (2.3 to 2.6) and the location description (2.2) are supplied';
const REFUSED_NEVER_SHOWN = 'n/a: a request rule: a refused body never reaches a response (the response form is its own row)';
const REFERENCE_IS_LOOKUP = 'n/a: `PUT /jobs` names its job by referenceId; a new one there is a PUT-create (its own column)';
const CREATE_ONLY = 'n/a: a default of create; an update keeps what it does not send (row "only the fields sent change")';
const UPDATE_ONLY = 'n/a: a create has no earlier value to keep';
// jobs.update.by-override (level should: section 1 documents DELETE as the override value) sends one generated field
// (suites/kit/bodies.ts fieldUpdateArb): title, description, locations, categories, position type, whole salary, closeDate,
// confidential, routing; never status, referenceId or a read-only field.
const overrideNeverSends = (what: string): string =>
  `not probed: the override PUT is a should-level form (section 1 documents DELETE); jobs.update.by-override never sends ${what}`;
const LIMIT_RULES_BUT_REFERENCE_ID = [
  'jobs.limits.title-length',
  'jobs.limits.application-email-length',
  'jobs.limits.application-url-length',
  'jobs.limits.locations-count',
  'jobs.limits.categories-count',
].join(', ');
const LIMIT_RULES = `jobs.limits.reference-id-length, ${LIMIT_RULES_BUT_REFERENCE_ID}`;
const WRONG_TYPE_REFUSED = 'every other JSON type of every field, nested ones too, derived from the schemas';
const COERCED = 'a coerced type such as "1" for 1, should';

/** A required value sent present but null or empty, on every path (the derived negatives). */
function nullOrEmptyToo(cells: ReturnType<typeof refusedEverywhere>): ReturnType<typeof refusedEverywhere> {
  const create = ', jobs.create.rejects-schema-negatives (present but null or empty)';
  const update = ', jobs.update.rejects-schema-negatives (present but null or empty)';
  return {
    post: cells.post + create,
    putById: cells.putById + update,
    putByReference: cells.putByReference + update,
    putCreate: cells.putCreate + create,
    override: cells.override + update,
  };
}

/** The four response columns of a field whose response form only the schema states. */
function schemaResponses(
  note: string,
  listItem: string = `${SCHEMA_LIST} (response schema: ${note})`,
): Pick<MatrixCells, 'created' | 'read' | 'updated' | 'listItem'> {
  return {
    created: `${SCHEMA_CREATED} (response schema: ${note})`,
    read: `${SCHEMA_READ} (response schema: ${note})`,
    updated: `${SCHEMA_UPDATED} (response schema: ${note})`,
    listItem,
  };
}

/** The request columns of a statement that only responses carry. */
function responseOnly(requests: string): Pick<MatrixCells, 'post' | 'putById' | 'putByReference' | 'putCreate' | 'override'> {
  return { post: requests, putById: requests, putByReference: requests, putCreate: requests, override: requests };
}

/** The request columns of a rule every write refuses: POST's own rule, the update rule (three forms), the PUT-create rule. */
function refusedEverywhere(
  postRule: string,
  updateRule: string,
  byReference: string = updateRule,
): Pick<MatrixCells, 'post' | 'putById' | 'putByReference' | 'putCreate' | 'override'> {
  return {
    post: postRule,
    putById: updateRule,
    putByReference: byReference,
    putCreate: 'jobs.put-create.rejects-invalid',
    override: updateRule,
  };
}

const types: MatrixGroup = {
  title: 'Field types (2, 4): bodies carry the types of section 2',
  rows: [
    {
      section: '2, 4',
      statement: '"Field names and types are those of section 2." (Int32, String, Boolean, Date, Decimal, Object, Array)',
      cells: {
        post:
          `jobs.create.rejects-schema-negatives (${WRONG_TYPE_REFUSED}), jobs.create.rejects-lenient-values (${COERCED}), ` +
          `jobs.robustness.wrong-types (never a 5xx)`,
        putById: `jobs.update.rejects-schema-negatives (${WRONG_TYPE_REFUSED}), jobs.update.rejects-lenient-values (${COERCED})`,
        putByReference: `jobs.update.rejects-schema-negatives (${WRONG_TYPE_REFUSED}), jobs.update.rejects-lenient-values (${COERCED})`,
        putCreate: `jobs.create.rejects-schema-negatives (${WRONG_TYPE_REFUSED}), jobs.create.rejects-lenient-values (${COERCED})`,
        override: `jobs.update.rejects-schema-negatives (${WRONG_TYPE_REFUSED}), jobs.update.rejects-lenient-values (${COERCED})`,
        ...schemaResponses('the type of every field'),
      },
    },
  ],
};

const limits: MatrixGroup = {
  title: 'Field limits (2.1 to 2.5, 8): one past the limit is refused on every write; responses stay within it',
  rows: [
    {
      section: '2.1, 8',
      statement: '`referenceId` "String, max 50"',
      cells: {
        ...refusedEverywhere('jobs.limits.reference-id-length', 'jobs.update.rejects-over-long', REFERENCE_IS_LOOKUP),
        ...schemaResponses('maxLength 50'),
      },
    },
    {
      section: '2.1, 8',
      statement: '`title` "String, max 256"',
      cells: { ...refusedEverywhere('jobs.limits.title-length', 'jobs.update.rejects-over-long'), ...schemaResponses('maxLength 256') },
    },
    {
      section: '2.1, 8',
      statement: '`applicationEmail` "String, max 50"',
      cells: {
        ...refusedEverywhere('jobs.limits.application-email-length', 'jobs.update.rejects-over-long'),
        ...schemaResponses('maxLength 50', notInHeader('applicationEmail')),
      },
    },
    {
      section: '2.1, 8',
      statement: '`applicationUrl` "String, max 200"',
      cells: {
        ...refusedEverywhere('jobs.limits.application-url-length', 'jobs.update.rejects-over-long'),
        ...schemaResponses('maxLength 200', notInHeader('applicationUrl')),
      },
    },
    {
      section: '2.2, 8',
      statement: 'location `description` "max 300"',
      cells: {
        ...refusedEverywhere('jobs.limits.location-description-length', 'jobs.update.rejects-over-long'),
        ...schemaResponses('maxLength 300'),
      },
    },
    {
      section: '2.1, 4.2, 8',
      statement: '`locations` "1 to 3 entries"',
      cells: { ...refusedEverywhere('jobs.limits.locations-count', 'jobs.update.rejects-list-count'), ...schemaResponses('1 to 3 items') },
    },
    {
      section: '2.1, 4.2, 8',
      statement: '`categories` "1 to 3 entries"',
      cells: {
        ...refusedEverywhere('jobs.limits.categories-count', 'jobs.update.rejects-list-count'),
        ...schemaResponses('1 to 3 items', notInHeader('categories')),
      },
    },
    {
      section: '8',
      statement: 'The largest valid value of each limit (50, 256, 50, 200 characters; 3 locations, 3 categories) is accepted and kept',
      cells: {
        post: LIMIT_RULES,
        putById: `${LIMIT_RULES} (a partial update with the value)`,
        putByReference: `${LIMIT_RULES_BUT_REFERENCE_ID} (a referenceId there names the job: its 50 characters go by PUT /jobs/{id} and PUT-create)`,
        putCreate: LIMIT_RULES,
        override: `${LIMIT_RULES} (where the target honours the override PUT: a refusal is judged when the job's own title sent back the same way is taken)`,
        created: `${LIMIT_RULES} (the 201 of the POST and the answer of the PUT-create keep the value)`,
        read: `${LIMIT_RULES} (GET after each PUT and PUT-create)`,
        updated: `${LIMIT_RULES} (the 200 of each update form)`,
        listItem:
          'jobs.limits.reference-id-length, jobs.limits.title-length, jobs.limits.locations-count ' +
          '(after each PUT and PUT-create; the header (2.7) carries no address or category)',
      },
    },
    {
      section: '2.1, 8',
      statement: '`employer.name` "String, max 128"',
      cells: {
        ...responseOnly('n/a: read-only: a sent employer is never honoured (row "employer is the key\'s")'),
        ...schemaResponses('maxLength 128'),
      },
    },
    {
      section: '2.2, 8',
      statement: 'location `name` "max 256", `type` "max 50"',
      cells: { ...responseOnly(NOT_SENT), ...schemaResponses('maxLength 256 / 50') },
    },
    {
      section: '2.3, 8',
      statement: 'category `name` "String, max 40"',
      cells: { ...responseOnly(NOT_SENT), ...schemaResponses('maxLength 40', notInHeader('categories')) },
    },
    {
      section: '2.4, 8',
      statement: 'position type `name` "String, max 10"',
      cells: { ...responseOnly(NOT_SENT), ...schemaResponses('maxLength 10', notInHeader('the position type')) },
    },
    {
      section: '2.5',
      statement: 'salary period `name` and `unit` "max 50"',
      cells: { ...responseOnly(NOT_SENT), ...schemaResponses('maxLength 50', notInHeader('salary')) },
    },
    {
      section: '2.6',
      statement: 'applicant routing type `name` "String, max 50"',
      cells: { ...responseOnly(NOT_SENT), ...schemaResponses('maxLength 50', notInHeader('the routing type')) },
    },
  ],
};

const enums: MatrixGroup = {
  title: 'Values from fixed sets (2.1 to 2.6, 3, 4.2): a value outside the set is refused on every write',
  rows: [
    {
      section: '2.1, 3, 4.2',
      statement: '`status` "One of active, archived, draft" ("String, max 10")',
      cells: {
        ...refusedEverywhere('jobs.create.rejects-schema-negatives', 'jobs.update.rejects-schema-negatives'),
        putCreate:
          'jobs.create.rejects-schema-negatives (white space, a prefix, an extension, 11 characters, another vocabulary; ' +
          'another letter case: the should rules *.rejects-lenient-values)',
        ...schemaResponses('status enum'),
      },
    },
    {
      section: '2.5, 4.2',
      statement: '`salary.period.id` "1 to 5"',
      cells: {
        ...refusedEverywhere('jobs.create.rejects-out-of-range', 'jobs.update.rejects-out-of-range'),
        ...schemaResponses('period id 1 to 5', notInHeader('salary')),
      },
    },
    {
      section: '2.6, 4.2',
      statement: '`applicantRoutingType.id` "1 or 2"',
      cells: {
        ...refusedEverywhere('jobs.create.rejects-out-of-range', 'jobs.update.rejects-out-of-range'),
        ...schemaResponses('routing type id 1 or 2', notInHeader('the routing type')),
      },
    },
    {
      section: '2.4, 4.2, 4.6',
      statement: '`positionType.id`: an id of the position type list',
      cells: {
        ...refusedEverywhere('jobs.create.rejects-out-of-range', 'jobs.update.rejects-out-of-range'),
        created: 'jobs.reference.ids-accepted (every listed id accepted, its name returned)',
        read: 'jobs.create.body-matches-get (equal to the create response)',
        updated: 'jobs.update.response-matches-get (equal to a GET)',
        listItem: notInHeader('the position type'),
      },
    },
    {
      section: '2.3, 4.2, 4.6',
      statement: '`categories[].id`: ids of the category list',
      cells: {
        ...refusedEverywhere('jobs.create.rejects-out-of-range', 'jobs.update.rejects-out-of-range'),
        created: 'jobs.reference.ids-accepted (every listed id accepted, its name returned)',
        read: 'jobs.create.body-matches-get (equal to the create response)',
        updated: 'jobs.update.response-matches-get (equal to a GET)',
        listItem: notInHeader('categories'),
      },
    },
  ],
};

const requiredness: MatrixGroup = {
  title: 'Requiredness (2.1, 2.5, 4.2): a body that leaves out what another field requires is refused on every write',
  rows: [
    {
      section: '2.5, 4.2',
      statement: '"`salary.period.id` is required when `salary.amount` is given."',
      cells: {
        ...nullOrEmptyToo(refusedEverywhere('jobs.limits.salary-period-required', 'jobs.update.rejects-salary-without-period')),
        ...schemaResponses('a salary carries its period', notInHeader('salary')),
      },
    },
    {
      section: '4.2',
      statement: '`applicationEmail` "Required when `applicantRoutingType.id` is 1."',
      cells: {
        ...nullOrEmptyToo(refusedEverywhere('jobs.limits.routing-email-required', 'jobs.update.rejects-routing-without-address')),
        created: REFUSED_NEVER_SHOWN,
        read: REFUSED_NEVER_SHOWN,
        updated: REFUSED_NEVER_SHOWN,
        listItem: notInHeader('applicationEmail'),
      },
    },
    {
      section: '4.2',
      statement: '`applicationUrl` "Required when `applicantRoutingType.id` is 2."',
      cells: {
        ...nullOrEmptyToo(refusedEverywhere('jobs.limits.routing-url-required', 'jobs.update.rejects-routing-without-address')),
        created: REFUSED_NEVER_SHOWN,
        read: REFUSED_NEVER_SHOWN,
        updated: REFUSED_NEVER_SHOWN,
        listItem: notInHeader('applicationUrl'),
      },
    },
    {
      section: '2.1, 4.2',
      statement: '`applicationUrl` "Includes `http://` or `https://`."',
      cells: {
        ...refusedEverywhere('jobs.limits.routing-url-scheme', 'jobs.update.rejects-url-without-scheme'),
        ...schemaResponses('http(s):// pattern', notInHeader('applicationUrl')),
      },
    },
    {
      section: '2.1',
      statement: '`applicationEmail`, `applicationUrl`: "Null in responses when not applicable."',
      cells: {
        ...responseOnly(RESPONSE_STATEMENT),
        created: 'jobs.limits.routing-other-field-null',
        read: 'jobs.limits.routing-other-field-null',
        updated: 'jobs.limits.routing-other-field-null (after switching the routing type by PUT)',
        listItem: notInHeader('the application addresses'),
      },
    },
  ],
};

const html: MatrixGroup = {
  title: 'Description HTML (2.1 rules 1 to 4)',
  rows: [
    {
      section: '2.1',
      statement: 'Rule 1: "Allowed tags: strong, b, em, i, br, p, div, ul, ol, li, a." (another tag is refused)',
      cells: {
        ...refusedEverywhere('jobs.html.rejects-disallowed-tag', 'jobs.update.rejects-invalid-html'),
        created: REFUSED_NEVER_SHOWN,
        read: REFUSED_NEVER_SHOWN,
        updated: REFUSED_NEVER_SHOWN,
        listItem: notInHeader('the description'),
      },
    },
    {
      section: '2.1',
      statement: 'Rule 2: "On a, the attribute href must exist and target is optional. No other attribute is allowed on a."',
      cells: {
        ...refusedEverywhere(
          'jobs.html.rejects-a-without-href, jobs.html.rejects-other-attribute-on-a',
          'jobs.update.rejects-invalid-html',
        ),
        created: REFUSED_NEVER_SHOWN,
        read: REFUSED_NEVER_SHOWN,
        updated: REFUSED_NEVER_SHOWN,
        listItem: notInHeader('the description'),
      },
    },
    {
      section: '2.1',
      statement: 'Rule 3: "No attributes are allowed on any other tag."',
      cells: {
        ...refusedEverywhere('jobs.html.rejects-attribute-on-non-a', 'jobs.update.rejects-invalid-html'),
        created: REFUSED_NEVER_SHOWN,
        read: REFUSED_NEVER_SHOWN,
        updated: REFUSED_NEVER_SHOWN,
        listItem: notInHeader('the description'),
      },
    },
    {
      section: '2.1',
      statement: 'Rules 1 to 3: a description of allowed tags and attributes only is accepted, and comes back with the same content',
      cells: {
        post: 'jobs.html.accepts-allowed-tags, jobs.html.keeps-allowed-content',
        putById: 'jobs.html.long-description, jobs.update.changes-field (a generated allowed description)',
        putByReference: 'jobs.update.by-reference (a generated allowed description)',
        putCreate: 'jobs.put-create.creates, jobs.roundtrip.put-create',
        override: 'jobs.update.by-override (a generated allowed description, should level)',
        created: 'jobs.html.accepts-allowed-tags',
        read: 'jobs.html.keeps-allowed-content',
        updated: 'jobs.html.long-description',
        listItem: notInHeader('the description'),
      },
    },
    {
      section: '2.1, 8',
      statement: 'Rule 4: "There is no technical length limit."',
      cells: {
        post: 'jobs.html.long-description',
        putById: 'jobs.html.long-description',
        putByReference: 'jobs.html.long-description',
        putCreate: 'jobs.html.long-description',
        override:
          'not probed: jobs.html.long-description sends its long description by POST and the three stated PUT forms; ' +
          'the should-level override PUT gets generated descriptions only (jobs.update.by-override)',
        created: 'jobs.html.long-description',
        read: 'jobs.html.long-description',
        updated: 'jobs.html.long-description',
        listItem: notInHeader('the description'),
      },
    },
  ],
};

const locations: MatrixGroup = {
  title: 'Locations (2.2)',
  rows: [
    {
      section: '2.2',
      statement: '"description takes one of two forms: `<City>`, `<City>, <ProvinceCode>`" (both accepted)',
      cells: {
        post: 'jobs.limits.location-forms',
        putById: 'jobs.reference.location-outside-list (the `City, PC` form), jobs.update.changes-field (generated locations)',
        putByReference: 'jobs.update.by-reference (generated locations)',
        putCreate: 'jobs.put-create.creates (generated locations)',
        override: 'jobs.update.by-override (generated locations, both forms, should level)',
        created: 'jobs.limits.location-forms',
        read: 'jobs.create.body-matches-get (equal to the create response)',
        updated: 'jobs.update.response-matches-get (equal to a GET)',
        listItem: "jobs.list.header-values (equal to the job's)",
      },
    },
    {
      section: '2.2',
      statement: '"A valid Canadian location is accepted even if it is not in the service\'s location list."',
      cells: {
        post: 'jobs.reference.location-outside-list',
        putById: 'jobs.reference.location-outside-list',
        putByReference: 'jobs.reference.location-outside-list',
        putCreate: 'jobs.reference.location-outside-list',
        override:
          'not probed: the should-level override PUT gets generated locations (jobs.update.by-override), not ones chosen outside the list',
        created: 'jobs.reference.location-outside-list',
        read: 'jobs.create.body-matches-get (equal to the create response)',
        updated: 'jobs.reference.location-outside-list',
        listItem: "jobs.list.header-values (list items equal the job's, whatever its places)",
      },
    },
  ],
};

const identity: MatrixGroup = {
  title: 'Identity and read-only fields (2.1, 4.2, 4.3, 7.1)',
  rows: [
    {
      section: '2.1',
      statement: '`id` "Assigned by the service. Read-only." (a sent id is never stored)',
      cells: {
        post: 'jobs.create.publish-date-read-only',
        putById: 'jobs.update.read-only-fields',
        putByReference: 'jobs.update.read-only-fields',
        putCreate: 'jobs.create.publish-date-read-only',
        override: overrideNeverSends('a read-only field (jobs.update.read-only-fields sends them by id and by referenceId)'),
        created: 'jobs.create.status-201',
        read: 'jobs.create.body-matches-get',
        updated: 'jobs.update.by-reference (the named job answers), jobs.update.response-matches-get (equal to a GET)',
        listItem: 'jobs.list.header-values',
      },
    },
    {
      section: '2.1, 3',
      statement: '`publishDate` "Set by the service. Read-only."',
      cells: {
        post: 'jobs.create.publish-date-read-only, jobs.create.publish-date-by-service',
        putById: 'jobs.update.read-only-fields',
        putByReference: 'jobs.update.read-only-fields, jobs.model.lifecycle (publishDate compared as an instant after every update)',
        putCreate: 'jobs.create.publish-date-read-only',
        override: overrideNeverSends('a read-only field (jobs.update.read-only-fields sends them by id and by referenceId)'),
        created: 'jobs.create.publish-date-by-service',
        read: 'jobs.update.read-only-fields',
        updated: 'jobs.model.lifecycle',
        listItem: 'jobs.list.header-values',
      },
    },
    {
      section: '2.1, 5.3',
      statement: "`employer`: the key's employer; a sent one is never stored",
      cells: {
        post: 'jobs.create.publish-date-read-only',
        putById: 'jobs.update.read-only-fields',
        putByReference: 'jobs.update.read-only-fields',
        putCreate: 'jobs.create.publish-date-read-only',
        override: overrideNeverSends('a read-only field (jobs.update.read-only-fields sends them by id and by referenceId)'),
        created: 'jobs.create.publish-date-read-only',
        read: 'jobs.isolation.get-by-id, jobs.update.read-only-fields',
        updated: 'jobs.update.response-matches-get (equal to a GET)',
        listItem: 'jobs.isolation.list, jobs.list.header-values',
      },
    },
    {
      section: '2.1, 4.2, 7.1',
      statement: "`referenceId` is the employer's unique id: one already in use is refused",
      cells: {
        post: 'jobs.create.duplicate-reference-rejected, jobs.create.duplicate-reference-creates-nothing, jobs.concurrency.post-once',
        putById: 'jobs.update.duplicate-reference-rejected',
        putByReference: 'n/a: `PUT /jobs` with a referenceId in use updates that job (4.3)',
        putCreate:
          "n/a: a PUT-create's referenceId is new; repeating it updates: jobs.put-create.idempotent, jobs.concurrency.put-create-once",
        override: 'jobs.update.duplicate-reference-rejected',
        created: REFUSED_NEVER_SHOWN,
        read: REFUSED_NEVER_SHOWN,
        updated: REFUSED_NEVER_SHOWN,
        listItem: 'jobs.create.duplicate-reference-creates-nothing (one job listed with the referenceId)',
      },
    },
    {
      section: '2.1, 4.2',
      statement: "A deleted job's referenceId is free again",
      cells: {
        post: 'jobs.create.deleted-reference-reusable',
        putById: 'jobs.create.deleted-reference-reusable (given to another live job)',
        putByReference: 'n/a: `PUT /jobs` with a free referenceId is a PUT-create (its own column)',
        putCreate: 'jobs.create.deleted-reference-reusable',
        override: overrideNeverSends('a referenceId'),
        created: 'jobs.create.deleted-reference-reusable (a new job, not the deleted one)',
        read: 'jobs.create.deleted-reference-reusable (the job that took it carries it)',
        updated: 'jobs.create.deleted-reference-reusable (PUT /jobs/{id} answers 200)',
        listItem: 'jobs.create.deleted-reference-reusable (one job listed with the referenceId: the one that took it)',
      },
    },
  ],
};

const defaults: MatrixGroup = {
  title: 'Defaults on create (2.1, 2.5, 3, 4.2): POST and PUT-create apply them; updates do not',
  rows: [
    {
      section: '2.1, 3, 4.2',
      statement: '`status` "Default on create: draft."',
      cells: {
        post: 'jobs.create.default-status',
        putById: CREATE_ONLY,
        putByReference: CREATE_ONLY,
        putCreate: 'jobs.put-create.defaults',
        override: CREATE_ONLY,
        created: 'jobs.create.default-status, jobs.put-create.defaults',
        read: 'jobs.model.lifecycle',
        updated: CREATE_ONLY,
        listItem: 'jobs.model.lifecycle',
      },
    },
    {
      section: '3, 4.2, 8',
      statement: '`closeDate` "defaults to 60 days after publishDate when omitted"',
      cells: {
        post: 'jobs.create.default-close-date',
        putById: CREATE_ONLY,
        putByReference: CREATE_ONLY,
        putCreate: 'jobs.put-create.defaults',
        override: CREATE_ONLY,
        created: 'jobs.create.default-close-date, jobs.put-create.defaults',
        read: 'jobs.create.body-matches-get (equal to the create response)',
        updated: CREATE_ONLY,
        listItem: notInHeader('closeDate'),
      },
    },
    {
      section: '2.1, 4.2',
      statement: '`confidential` "Default false."',
      cells: {
        post: 'jobs.create.default-confidential',
        putById: CREATE_ONLY,
        putByReference: CREATE_ONLY,
        putCreate: 'jobs.put-create.default-flags',
        override: CREATE_ONLY,
        created: 'jobs.create.default-confidential, jobs.put-create.default-flags',
        read: 'jobs.create.body-matches-get (equal to the create response)',
        updated: CREATE_ONLY,
        listItem: "jobs.list.header-values (equal to the job's)",
      },
    },
    {
      section: '2.1, 4.2',
      statement: '`autoRefresh` "Default false."',
      cells: {
        post: 'jobs.create.default-auto-refresh',
        putById: CREATE_ONLY,
        putByReference: CREATE_ONLY,
        putCreate: 'jobs.put-create.default-flags',
        override: CREATE_ONLY,
        created: 'jobs.create.default-auto-refresh, jobs.put-create.default-flags',
        read: 'jobs.create.body-matches-get (equal to the create response)',
        updated: CREATE_ONLY,
        listItem: notInHeader('autoRefresh'),
      },
    },
    {
      section: '2.5, 4.2',
      statement: '`salary.plusCommission` "Default false."',
      cells: {
        post: 'jobs.create.default-plus-commission',
        putById: 'jobs.update.salary-merge (a partial salary without plusCommission keeps the stored one, no default)',
        putByReference: 'jobs.update.salary-merge (a partial salary without plusCommission keeps the stored one, no default)',
        putCreate: 'jobs.put-create.default-flags',
        override: 'jobs.update.salary-merge (where the target honours the override PUT)',
        created: 'jobs.create.default-plus-commission, jobs.put-create.default-flags',
        read: 'jobs.create.body-matches-get (equal to the create response)',
        updated: 'jobs.update.salary-merge (the PUT answer keeps the stored plusCommission)',
        listItem: notInHeader('salary'),
      },
    },
    {
      section: '2.1',
      statement: '`salary` "null when no salary is defined"',
      cells: {
        post: 'jobs.create.salary-null-by-default',
        putById: CREATE_ONLY,
        putByReference: CREATE_ONLY,
        putCreate: 'jobs.create.salary-null-by-default',
        override: CREATE_ONLY,
        created: 'jobs.create.salary-null-by-default',
        read: 'jobs.create.body-matches-get (equal to the create response)',
        updated: CREATE_ONLY,
        listItem: notInHeader('salary'),
      },
    },
  ],
};

const updates: MatrixGroup = {
  title: 'Partial updates (4.3) and stated transitions (3)',
  rows: [
    {
      section: '4.2, 4.3',
      statement: 'The fields sent take the values sent',
      cells: {
        post: 'jobs.create.explicit-values, jobs.roundtrip.same-values',
        putById: 'jobs.update.changes-field',
        putByReference: 'jobs.update.by-reference',
        putCreate: 'jobs.roundtrip.put-create, jobs.put-create.creates',
        override: 'jobs.update.by-override (the generated field, should level)',
        created: 'jobs.create.explicit-values',
        read: 'jobs.update.changes-field, jobs.roundtrip.same-values',
        updated: 'jobs.update.response-matches-get, jobs.update.minimal-bodies',
        listItem: 'jobs.list.header-values',
      },
    },
    {
      section: '4.3',
      statement: '"Updates are partial. Only the fields sent change."',
      cells: {
        post: UPDATE_ONLY,
        putById: 'jobs.update.keeps-other-fields',
        putByReference: 'jobs.update.by-reference',
        putCreate: UPDATE_ONLY,
        override: 'jobs.update.by-override (no field not sent changes, should level)',
        created: UPDATE_ONLY,
        read: 'jobs.update.keeps-other-fields',
        updated: 'jobs.update.response-matches-get (equal to a GET)',
        listItem: 'jobs.model.lifecycle',
      },
    },
    {
      section: '2.5, 4.2, 4.3',
      statement:
        'A partial salary (`salary.amount`, `maxAmount`, `period.id`, `plusCommission` are separate request fields) changes only what it sends',
      cells: {
        post: UPDATE_ONLY,
        putById: 'jobs.update.salary-merge',
        putByReference: 'jobs.update.salary-merge',
        putCreate: UPDATE_ONLY,
        override: 'jobs.update.salary-merge (where the target honours the override PUT)',
        created: UPDATE_ONLY,
        read: 'jobs.update.salary-merge (GET after the PUT)',
        updated: 'jobs.update.salary-merge (the PUT answer)',
        listItem: notInHeader('salary'),
      },
    },
    {
      section: '3',
      statement: 'active → archived: "PUT with status = archived", "job identified by id or referenceId"; "Other fields unchanged."',
      cells: {
        post: 'n/a: a create takes the status given (row "created in the status given")',
        putById: 'jobs.lifecycle.archive, jobs.lifecycle.archive-keeps-fields',
        putByReference: 'jobs.lifecycle.archive-by-reference, jobs.lifecycle.archive-keeps-fields',
        putCreate: 'n/a: a create takes the status given (row "created in the status given")',
        override: overrideNeverSends('status'),
        created: 'n/a: a create takes the status given (row "created in the status given")',
        read: 'jobs.lifecycle.archive-keeps-fields',
        updated: 'jobs.lifecycle.archive (the full Job with the new status)',
        listItem: 'jobs.model.lifecycle',
      },
    },
    {
      section: '3',
      statement: 'archived → active: "PUT with status = active", "job identified by id or referenceId"; "Other fields unchanged."',
      cells: {
        post: 'n/a: a create takes the status given (row "created in the status given")',
        putById: 'jobs.lifecycle.republish, jobs.lifecycle.republish-keeps-fields',
        putByReference: 'jobs.lifecycle.republish-by-reference, jobs.lifecycle.republish-keeps-fields',
        putCreate: 'n/a: a create takes the status given (row "created in the status given")',
        override: overrideNeverSends('status'),
        created: 'n/a: a create takes the status given (row "created in the status given")',
        read: 'jobs.lifecycle.republish-keeps-fields',
        updated: 'jobs.lifecycle.republish (the full Job with the new status)',
        listItem: 'jobs.model.lifecycle',
      },
    },
    {
      section: '3',
      statement: 'Created in the status given: "POST or PUT-create with status given"',
      cells: {
        post: 'jobs.create.explicit-status',
        putById: 'n/a: an update changes status by the stated transitions (rows above)',
        putByReference: 'n/a: an update changes status by the stated transitions (rows above)',
        putCreate: 'jobs.model.lifecycle (PUT-create with a generated status)',
        override: 'n/a: an update changes status by the stated transitions (rows above)',
        created: 'jobs.create.explicit-status',
        read: 'jobs.model.lifecycle',
        updated: 'n/a: an update changes status by the stated transitions (rows above)',
        listItem: 'jobs.list.status-filter',
      },
    },
  ],
};

const amounts: MatrixGroup = {
  title: 'Amounts (2.5)',
  rows: [
    {
      section: '2.5',
      statement: '`salary.amount`: "Responses carry four decimal places."',
      cells: {
        ...responseOnly(RESPONSE_STATEMENT),
        created: 'jobs.limits.salary-four-decimals',
        read: 'jobs.limits.salary-four-decimals',
        updated: 'jobs.limits.salary-four-decimals (PUT by id and by referenceId)',
        listItem: notInHeader('salary'),
      },
    },
    {
      section: '2.5, 4.2',
      statement: '`salary.amount`, `salary.maxAmount` "Decimal": an amount sent with up to four decimal places is kept',
      cells: {
        post: 'jobs.limits.salary-four-decimals',
        putById: 'jobs.limits.salary-four-decimals',
        putByReference: 'jobs.limits.salary-four-decimals',
        putCreate: 'jobs.limits.salary-four-decimals',
        override: 'jobs.update.by-override (a generated whole salary, amounts to four decimals, kept as sent; should level)',
        created: 'jobs.limits.salary-four-decimals (the 201 of POST, the answer of PUT-create)',
        read: 'jobs.limits.salary-four-decimals',
        updated: 'jobs.limits.salary-four-decimals',
        listItem: notInHeader('salary'),
      },
    },
    {
      section: '2.5',
      statement:
        '`salary.amount` with a fifth decimal (a half, the smallest, one that carries, one JavaScript writes with an exponent) ' +
        'comes back with four places, rounded down or up, or is refused (observed)',
      cells: {
        post: 'jobs.limits.salary-fifth-decimal (mutant limits-salary-fifth-decimal-rounds-to-cents)',
        putById: 'jobs.limits.salary-fifth-decimal',
        putByReference: 'jobs.limits.salary-fifth-decimal',
        putCreate: 'jobs.limits.salary-fifth-decimal (refused: nothing created)',
        override: 'not probed: the override PUT is a should-level form (jobs.update.by-override)',
        created: 'jobs.limits.salary-fifth-decimal',
        read: 'not probed: the answers are judged; the four-decimal rule reads GET',
        updated: 'jobs.limits.salary-fifth-decimal',
        listItem: notInHeader('salary'),
      },
    },
  ],
};

const protocol: MatrixGroup = {
  title: 'Request conventions (1)',
  rows: [
    {
      section: '1',
      statement:
        '"The `Content-Type` of a request with a body must start with `application/json` (for example with a charset suffix)." (the suffixed form is accepted)',
      cells: {
        post: 'jobs.protocol.json-charset-accepted',
        putById: 'jobs.protocol.json-charset-accepted',
        putByReference: 'jobs.protocol.json-charset-accepted',
        putCreate: 'jobs.protocol.json-charset-accepted',
        override: 'jobs.protocol.json-charset-accepted (fails only when plain application/json is honoured and the suffix is not)',
        created: 'n/a: a request header',
        read: 'n/a: a request header',
        updated: 'n/a: a request header',
        listItem: 'n/a: a request header',
      },
    },
  ],
};

// The values a job comes back with, by method: every character class in every string field, every ISO 8601 form of
// closeDate (suites/arbitraries/character-classes.ts, close-date-forms.ts). Each proven by a mutant in test/mutants/roundtrip.ts.
const CLASSES = 'jobs.roundtrip.character-classes';
const DATE_FORMS = 'jobs.roundtrip.close-date-forms';
const CLOSE_BEFORE_PUBLISH = 'jobs.roundtrip.close-date-before-publish';
const UNCOMMON_FORMS = 'jobs.roundtrip.close-date-uncommon-forms';
const BLANK_TITLE = 'jobs.roundtrip.blank-title';
const BLANK_DESCRIPTION = 'jobs.roundtrip.blank-description';
const NO_CLOSE_DATE_IN_HEADER = 'n/a: the job header (2.7) has no closeDate';

const roundTrips: MatrixGroup = {
  title: 'Values round-trip: character classes and date forms (2.1, 2.7, 4.2, 4.3)',
  rows: [
    {
      section: '2.1, 2.7, 4.3',
      statement:
        'Every string field (title, referenceId, description text, applicationEmail, applicationUrl, location description) ' +
        'keeps HTML-special characters, backslashes, letters beyond ASCII, combining marks, ' +
        'characters beyond the BMP and inner white space, each where a valid value holds it',
      cells: {
        post: `${CLASSES} (mutant roundtrip-list-escapes-html-in-title)`,
        putById: `${CLASSES} (title and description of the class)`,
        putByReference: `${CLASSES} (by the referenceId as written, class and all; mutant roundtrip-put-strips-combining-marks-from-reference-id)`,
        putCreate: `${CLASSES} (the answer, GET and the list item, plainly and through the override; mutant roundtrip-put-create-escapes-html-in-title)`,
        override: `${CLASSES} (the title, description and address by both override paths, where the target honours them)`,
        created: CLASSES,
        read: `${CLASSES} (after the POST and after every update form)`,
        updated: `${CLASSES} (the answer of every update form, untouched fields included)`,
        listItem: `${CLASSES} (title, referenceId, locations; mutant roundtrip-list-mangles-astral-characters)`,
      },
    },
    {
      section: '2.1',
      statement: 'A title keeps the white space at its ends (should: trimming keeps 4.2 symmetry, and 2.1 says only "String")',
      cells: {
        post: 'jobs.roundtrip.title-end-white-space',
        putById: 'jobs.roundtrip.title-end-white-space',
        putByReference: 'jobs.roundtrip.title-end-white-space (mutant roundtrip-put-by-reference-trims-title)',
        putCreate: 'not probed: PUT-create behaves as POST (4.3)',
        override: 'jobs.roundtrip.title-end-white-space (both override paths, where the target honours them)',
        created: 'jobs.roundtrip.title-end-white-space',
        read: 'jobs.roundtrip.title-end-white-space',
        updated: 'jobs.roundtrip.title-end-white-space',
        listItem: 'jobs.roundtrip.title-end-white-space',
      },
    },
    {
      section: '2.1',
      statement:
        '`closeDate` "Date, ISO 8601" in every form mainstream parsers read (a date, seconds and 1-9 fraction digits, Z, +00:00, offsets ' +
        'east and west) comes back as the same day, or the same instant where a time was sent',
      cells: {
        post: `${DATE_FORMS} (mutant roundtrip-close-date-offset-dropped)`,
        putById: DATE_FORMS,
        putByReference: DATE_FORMS,
        putCreate: `${DATE_FORMS} (the answer and a GET)`,
        override: 'not probed: the override PUT is a should-level form (jobs.update.by-override)',
        created: DATE_FORMS,
        read: DATE_FORMS,
        updated: DATE_FORMS,
        listItem: NO_CLOSE_DATE_IN_HEADER,
      },
    },
    {
      section: '2.1',
      statement:
        '`closeDate` in a form date parsers disagree on (basic format, comma fraction, no seconds, an offset in hours or without a ' +
        'colon, lower-case t and z, a space for T, no zone) is kept as the same day or instant, or refused with a 4xx and no effect (observed)',
      cells: {
        post: `${UNCOMMON_FORMS} (mutant roundtrip-close-date-space-spelling-offset-dropped)`,
        putById: UNCOMMON_FORMS,
        putByReference: UNCOMMON_FORMS,
        putCreate: UNCOMMON_FORMS,
        override: UNCOMMON_FORMS,
        created: UNCOMMON_FORMS,
        read: UNCOMMON_FORMS,
        updated: UNCOMMON_FORMS,
        listItem: NO_CLOSE_DATE_IN_HEADER,
      },
    },
    {
      section: '2.1',
      statement:
        '`closeDate` "can be set explicitly", and nothing bounds it by publishDate: one before it (3 days, the publish day, an hour) ' +
        'is kept as sent, or refused with a 4xx and no effect (observed)',
      cells: {
        post: `${CLOSE_BEFORE_PUBLISH} (mutant roundtrip-past-close-date-dropped)`,
        putById: CLOSE_BEFORE_PUBLISH,
        putByReference: CLOSE_BEFORE_PUBLISH,
        putCreate: CLOSE_BEFORE_PUBLISH,
        override: CLOSE_BEFORE_PUBLISH,
        created: CLOSE_BEFORE_PUBLISH,
        read: CLOSE_BEFORE_PUBLISH,
        updated: CLOSE_BEFORE_PUBLISH,
        listItem: NO_CLOSE_DATE_IN_HEADER,
      },
    },
    {
      section: '2.1',
      statement: 'An empty or white-space title is kept as sent or refused without effect (observed: 2.1 and 8 state a maximum only)',
      cells: {
        post: `${BLANK_TITLE} (mutant roundtrip-blank-title-ignored-on-update on the PUTs)`,
        putById: BLANK_TITLE,
        putByReference: BLANK_TITLE,
        putCreate: BLANK_TITLE,
        override: BLANK_TITLE,
        created: BLANK_TITLE,
        read: BLANK_TITLE,
        updated: BLANK_TITLE,
        listItem: 'not probed: a title without a word is not found by q; the answers and GET are judged',
      },
    },
    {
      section: '2.1',
      statement: 'An empty or white-space description is kept or refused without effect (observed: its requiredness is not shown)',
      cells: {
        post: `${BLANK_DESCRIPTION} (mutant roundtrip-empty-description-ignored-on-update on the PUTs)`,
        putById: BLANK_DESCRIPTION,
        putByReference: BLANK_DESCRIPTION,
        putCreate: BLANK_DESCRIPTION,
        override: BLANK_DESCRIPTION,
        created: BLANK_DESCRIPTION,
        read: BLANK_DESCRIPTION,
        updated: BLANK_DESCRIPTION,
        listItem: 'n/a: a list item has no description (2.7)',
      },
    },
  ],
};

/** The matrix, in the order the doc shows it. */
export const specMatrix: readonly MatrixGroup[] = [
  types,
  limits,
  enums,
  requiredness,
  html,
  locations,
  identity,
  defaults,
  updates,
  amounts,
  roundTrips,
  protocol,
];
