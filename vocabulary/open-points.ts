/**
 * @module The open points of the Jobs API v1.1: every place where the spec leaves a server a form, a status or a
 * behaviour to choose ("not shown", a type without a form, a case it does not mention). One table, read by both
 * sides: each of the mock's choice switches (mock/core/choices/choices.ts) and each of the suite's observation
 * topics (suites/contract/observation-topics.ts) names its point here by id, and a test checks that every point has
 * at least one of each. `npm run generate` writes docs/open-points.md from the three tables.
 */

/** One open point: where the spec leaves room, and the question it leaves open. */
export interface OpenPoint {
  /** Spec section(s), e.g. `4.5, 8`. */
  readonly section: string;
  /** The question the spec leaves open, with the cases it covers. */
  readonly question: string;
}

export const OPEN_POINTS = {
  'refusal.status': {
    section: '1, 2.1, 7.2',
    question:
      'Which requests in a form the spec leaves open are refused, and with which 4xx: invalid input, a body without a JSON ' +
      "Content-Type, a PUT sent through X-HTTP-Method-Override (1 documents DELETE), another employer's read-only fields, " +
      'a method the spec does not list (PATCH, OPTIONS) or an override naming one',
  },
  'duplicate-reference.status': { section: '7.1', question: 'The status of a write with a referenceId already in use' },
  'put-create.answer': { section: '4.3', question: 'What a PUT /jobs that creates a job answers: its status and its Location header' },
  'job.missing': {
    section: '4.1, 4.3, 5.3',
    question: "The status of a request by id naming no job of the caller: a malformed id, an unknown id, another employer's job",
  },
  'auth.status': { section: '5.5', question: 'The status of a request with a missing or an invalid API-Key' },
  'job.deleted': {
    section: '2.1, 4.4',
    question: 'What is left of a deleted job: the status of a request naming it, a repeated DELETE, whether its id is given again',
  },
  'employer.confidential': { section: '2.1', question: 'What a confidential job shows of its employer' },
  'paging.page-size-over-max': { section: '4.5, 8', question: 'What a pageSize above 100 does: refused or clamped' },
  'paging.page-past-end': { section: '4.5', question: 'What a page past the last one answers' },
  'errors.body': { section: '7.2', question: 'The format of error bodies' },
  'reference-id.absent': { section: '2.1', question: 'The referenceId of a job created without one' },
  'dates.form': { section: '2.1', question: 'The form of written date-times: their precision, their UTC offset and its spelling' },
  'job.echo': {
    section: '2.1, 2.2, 4.2',
    question:
      "How sent values come back: closeDate, a description's HTML spelling, a location's description, the order of locations and categories",
  },
  'urls.form': {
    section: '2.8, 4.1, 4.2',
    question:
      'The form of the URLs the service writes (paging links (String (URL)) and their parameters, the Location header) ' +
      'and takes (a path with a trailing slash)',
  },
  'lists.reference': {
    section: '4.6, 8',
    question:
      'The paths, shape and content of the reference lists (4.6 shows the path of /positiontypes only, and no body; 8 bounds how many a job names)',
  },
  'lists.auth': {
    section: '4, 4.6, 5.1',
    question: 'Whether a reference list answers without an API-Key (section 4: every endpoint; 4.6 calls /positiontypes a plain GET)',
  },
  'description.comments': { section: '2.1', question: 'HTML comments in a description (the HTML rules restrict tags and attributes only)' },
  'q.match': { section: '4.5', question: 'How q "matches job title and referenceId": substring, prefix or whole words' },
  'lists.order': {
    section: '4.5',
    question:
      "The order of a job list where the spec leaves it open: jobs of one publishDate, a list read while the employer's jobs change",
  },
  'salary.max-amount-form': { section: '2.5', question: 'The decimal form of salary.maxAmount (only amount states four places)' },
  'salary.amount-form': { section: '2.5', question: 'The JSON type of the salary amounts: a number or a decimal string ("Decimal")' },
  'response.extra': {
    section: '2.1, 2.7, 4',
    question: 'What a response body holds beyond the stated fields, and how it is spelled (extra read-only fields, white space, key order)',
  },
  'lifecycle.unshown': {
    section: '3, 4.3',
    question:
      'What a change section 3 does not show does: a move back to draft, an update of an archived job, publishDate on publishing, ' +
      'a transition of a job past its closeDate',
  },
  'input.unbounded': {
    section: '2.1, 2.5, 4.2, 4.3, 4.7, 8',
    question:
      'Whether input the spec neither forbids nor bounds is accepted, and how stated bounds count: a blank title, a closeDate before ' +
      'publishDate, a long description, unusual referenceId characters, astral characters, a null or merged salary, an update with no ' +
      'field, a body on the DELETE override',
  },
} as const satisfies Record<string, OpenPoint>;

/** The id of an open point: what a choice switch and an observation topic name. */
export type OpenPointId = keyof typeof OPEN_POINTS;

/**
 * Whether a text is the id of an open point.
 *
 * @example
 * isOpenPointId('q.match') // true
 */
export function isOpenPointId(id: string): id is OpenPointId {
  return Object.hasOwn(OPEN_POINTS, id);
}
