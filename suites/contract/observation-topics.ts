/**
 * @module The one registry of observation topics: what the suite records
 * where the spec leaves the target a choice (never a failure). `ctx.observe`
 * takes only a topic listed here (a type error otherwise), and
 * `npm run generate` writes docs/observations.md from it. A `{name}` in a
 * topic stands for a value filled in at run time (a status, an operation).
 */
import type { OpenPointId } from '../../vocabulary/index.js';

export interface TopicInfo {
  /** The open point of the spec the topic records the target's answer to (vocabulary/open-points.ts). */
  readonly openPoint: OpenPointId;
  /** The spec section that leaves the choice open. */
  readonly section: string;
  /** One line: what the observed value says. */
  readonly meaning: string;
}

export const OBSERVATION_TOPICS = {
  'q.match': {
    openPoint: 'q.match',
    section: '4.5',
    meaning: 'How the target matches q: a substring of the title or referenceId, a prefix only, or whole words only (probed once per run).',
  },
  'transition.{from}-to-{to}': {
    openPoint: 'lifecycle.unshown',
    section: '3',
    meaning: 'What a PUT of status {to} does to a {from} job where section 3 does not show the transition.',
  },
  'transition.{from}-to-{to}.publish-date': {
    openPoint: 'lifecycle.unshown',
    section: '3',
    meaning: 'Whether publishDate is set anew when a job leaves draft.',
  },
  'job-id-reused': { openPoint: 'job.deleted', section: '2.1', meaning: 'The id of a deleted job was given to another job.' },
  'put-create-status': {
    openPoint: 'put-create.answer',
    section: '4.3',
    meaning: 'The status a PUT /jobs that creates a job answers (200 or 201).',
  },
  'put-create-location-header': {
    openPoint: 'put-create.answer',
    section: '4.3',
    meaning: 'Whether a PUT /jobs that creates a job sends a Location header.',
  },
  'update-archived-job': {
    openPoint: 'lifecycle.unshown',
    section: '4.3',
    meaning: 'How a partial update of an archived job is answered.',
  },
  'error-status.invalid-write': {
    openPoint: 'refusal.status',
    section: '7.2',
    meaning: 'The 4xx a refused invalid write answers, per form (POST, PUT by id, by referenceId, override).',
  },
  'error-status.duplicate-reference-id': {
    openPoint: 'duplicate-reference.status',
    section: '7.1',
    meaning: 'The status a create (or a PUT /jobs/{id} referenceId change) with a referenceId already in use answers.',
  },
  'error-status.content-type': {
    openPoint: 'refusal.status',
    section: '1',
    meaning: 'The 4xx a body with a Content-Type other than JSON answers, and the Accept header that names what it takes, if any.',
  },
  'error-body-shape': {
    openPoint: 'errors.body',
    section: '7.2',
    meaning:
      "The form of each client error a rule was answered (the spec shows none): the status, the keys, each value's JSON type, " +
      'whether a string is empty, how many entries a list has; never the values.',
  },
  'title.astral-characters-at-limit': {
    openPoint: 'input.unbounded',
    section: '8',
    meaning: 'Whether a title of 256 characters outside the BMP (emoji) is counted in code points or UTF-16 units.',
  },
  'locations.too-few-to-probe': {
    openPoint: 'lists.reference',
    section: '8',
    meaning: 'The location list holds too few distinct places to send one more than the maximum.',
  },
  'categories.too-few-to-probe': {
    openPoint: 'lists.reference',
    section: '8',
    meaning: 'The category list holds too few distinct ids to send one more than the maximum.',
  },
  'salary.merge-below-amount': {
    openPoint: 'input.unbounded',
    section: '2.5',
    meaning: 'How a partial salary update that would put maxAmount below amount is answered (refused; a merge is checked).',
  },
  'salary.amount-without-period': {
    openPoint: 'input.unbounded',
    section: '2.5',
    meaning: 'How a partial salary update that sends the amount without its period is answered (refused; a merge is checked).',
  },
  'salary.max-below-amount': {
    openPoint: 'input.unbounded',
    section: '2.5',
    meaning: 'Whether a whole salary whose maxAmount is below its amount is accepted or refused, per write path.',
  },
  'update.empty-body': {
    openPoint: 'input.unbounded',
    section: '4.3',
    meaning: 'Whether an update that sends no field (`{}`, or the referenceId alone on PUT /jobs) is accepted or refused, per form.',
  },
  'routing.other-address': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning:
      "Whether an update sending only the other routing type's address (a URL to a job routed by email, or the reverse) is accepted or refused, per form.",
  },
  'salary.past-32-bits': {
    openPoint: 'input.unbounded',
    section: '2.5',
    meaning: 'Whether a salary whose amount and maxAmount are past a signed 32-bit integer is accepted or refused, per write path.',
  },
  'salary.past-seven-digits': {
    openPoint: 'input.unbounded',
    section: '2.5',
    meaning:
      'Whether an amount past 10,000,000 (beyond the largest amount every server must take) is accepted or refused, ' +
      'per write path; taken, it is written with four places.',
  },
  'salary.not-positive': {
    openPoint: 'input.unbounded',
    section: '2.5',
    meaning: 'Whether a salary whose amount and maxAmount are 0, or below 0, is accepted or refused, per write path.',
  },
  'salary.max-amount-form': {
    openPoint: 'salary.max-amount-form',
    section: '2.5',
    meaning: 'How the largest salary amount comes back (number form, decimals).',
  },
  'salary.amount-form': {
    openPoint: 'salary.amount-form',
    section: '2.5',
    meaning: 'The JSON type of the salary amounts in a response: a number or a decimal string ("Decimal" leaves it open).',
  },
  'reference-list-shape.position types': {
    openPoint: 'lists.reference',
    section: '4.6',
    meaning:
      'The form of the position type list: a bare array, or the object around its items (their key, the metadata beside it), and the pages it spans.',
  },
  'reference-list-shape.categories': {
    openPoint: 'lists.reference',
    section: '4.6',
    meaning:
      'The form of the category list: a bare array, or the object around its items (their key, the metadata beside it), and the pages it spans.',
  },
  'reference-list-shape.locations': {
    openPoint: 'lists.reference',
    section: '4.6',
    meaning:
      'The form of the location list: a bare array, or the object around its items (their key, the metadata beside it), and the pages it spans.',
  },
  'reference-list-cut.{list}': {
    openPoint: 'lists.reference',
    section: '4.6',
    meaning:
      'A list that could not be read to its end (more pages than the cap, a failing page): no id is sent as unknown, since any id may sit on a page not read.',
  },
  'reference-list-without-key': {
    openPoint: 'lists.auth',
    section: '4.6',
    meaning: 'How a reference list answers a request without an API-Key.',
  },
  'reference-list-caching': {
    openPoint: 'lists.reference',
    section: '4.6',
    meaning: 'The Cache-Control header a reference list is answered with, per list (4.6 shows no caching).',
  },
  'location-list-read': {
    openPoint: 'lists.reference',
    section: '4.6',
    meaning: 'Where the location list was read, and how many listed cities the generators leave out.',
  },
  'json-layout': {
    openPoint: 'response.extra',
    section: '4',
    meaning: 'How the JSON bodies are laid out: on one line or indented (white space carries no meaning in JSON).',
  },
  'header.extra-fields': { openPoint: 'response.extra', section: '2.7', meaning: 'Fields a list item carries beyond the job header.' },
  'job.extra-fields': { openPoint: 'response.extra', section: '2.1', meaning: 'Fields a job answer carries beyond the job (2.1).' },
  'list.employer-jobs-moved': {
    openPoint: 'lists.order',
    section: '4.5',
    meaning:
      "Another client changed the employer's jobs (another shard, a shared server) while a list without q was read, " +
      "while the list rules' jobs were created, or around refused writes: that list, where their jobs stand in lists " +
      'without q, or the totals around the refused writes, not judged.',
  },
  'list.employer-not-empty': {
    openPoint: 'lists.order',
    section: '4.5',
    meaning:
      'An employer held jobs of other clients when jobs.list.first-and-last-job ran, so its list with no job, one job and ' +
      'none again was not reached: not judged.',
  },
  'list.sort-order-unobservable': {
    openPoint: 'lists.order',
    section: '4.5',
    meaning: 'Jobs created a second apart share one publishDate, so the list order could not be checked.',
  },
  'page-size-over-max': {
    openPoint: 'paging.page-size-over-max',
    section: '8',
    meaning: 'Whether a pageSize over 100 is refused or clamped.',
  },
  'page-past-end': {
    openPoint: 'paging.page-past-end',
    section: '4.5',
    meaning: 'How a page past the last one is answered (refused, or an empty page).',
  },
  'read-only-fields.create': {
    openPoint: 'refusal.status',
    section: '2.1',
    meaning: 'The status a POST with a foreign employer and id answers when refused.',
  },
  'read-only-fields.update': {
    openPoint: 'refusal.status',
    section: '2.1',
    meaning: 'The status a PUT with a foreign employer and id answers when refused.',
  },
  'location-header-form': {
    openPoint: 'urls.form',
    section: '4.2',
    meaning: 'Whether the Location header of a create is an absolute URL or a relative reference.',
  },
  'date-form': {
    openPoint: 'dates.form',
    section: '2.1',
    meaning:
      'How every job answer writes publishDate (a date, or a date-time with its precision and zone), and whether a closeDate a ' +
      'write sent comes back as sent or rewritten, and in which form.',
  },
  'reference-id-empty': {
    openPoint: 'reference-id.absent',
    section: '2.1',
    meaning: 'What a job created without a referenceId shows for it (null or another value).',
  },
  'update.reference-cleared': {
    openPoint: 'reference-id.absent',
    section: '2.1',
    meaning:
      'How a PUT /jobs/{id} with referenceId "" or null is answered, per form: refused, or taken, and what the job then shows (null or "").',
  },
  'duplicate-entries': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning: 'How a list field holding the same entry twice is answered, per write and field: refused, or taken with one or both entries.',
  },
  'string-characters-refused': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning: 'A character class refused in the plain string fields (line ends and tabs: 2.1 restricts no character), with the status.',
  },
  'reference-id-characters': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning: 'How a referenceId with unusual characters is answered.',
  },
  'auto-refresh.taken': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning:
      "What a create with autoRefresh true answers for the key's employer (2.1: it applies only to employers on unlimited plans): " +
      'refused, or taken as true or false.',
  },
  'routing.both-addresses': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning:
      'What a create sending both applicationEmail and applicationUrl answers, per routing type: refused, or taken (the other shown null).',
  },
  'long-description': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning: 'How a description of 200 000 characters is answered (the spec sets no limit).',
  },
  'auth-status.missing-key': {
    openPoint: 'auth.status',
    section: '5.5',
    meaning: 'The status a request without the API-Key header answers (5.5: not shown; a 4xx, a redirect to a login page...).',
  },
  'auth-status.wrong-key': {
    openPoint: 'auth.status',
    section: '5.5',
    meaning:
      "The status a request with an API-Key the service never issued answers, per key: one of the run's own, an empty value (5.5: not shown).",
  },
  'auth-challenge': {
    openPoint: 'auth.status',
    section: '5.5',
    meaning: 'Whether a refusal for a missing or a wrong key carries a WWW-Authenticate challenge, and its scheme (never its parameters).',
  },
  'isolation-status.{operation}': {
    openPoint: 'job.missing',
    section: '5.3',
    meaning: "The status a request on another employer's job answers, per operation.",
  },
  'other-methods': {
    openPoint: 'refusal.status',
    section: '1',
    meaning:
      'How a request the spec does not list is answered, per request (PATCH or POST on a job, an override naming PATCH or POST, ' +
      'OPTIONS, a path that names nothing): the status, and the Allow header when there is one.',
  },
  'missing-content-type': { openPoint: 'refusal.status', section: '1', meaning: 'How a body sent without a Content-Type is answered.' },
  'malformed-body': {
    openPoint: 'refusal.status',
    section: '1',
    meaning:
      'The status a write answers to each kind of body that is no JSON object: truncated JSON, an empty body, other JSON types, deep nesting.',
  },
  'html-comments': {
    openPoint: 'description.comments',
    section: '2.1',
    meaning: 'Whether HTML comments in a description are refused or accepted, and what is kept.',
  },
  'delete.override-with-empty-body': {
    openPoint: 'input.unbounded',
    section: '4.7',
    meaning: 'Whether the DELETE override on a job path, sent with an empty JSON body ({}), is refused (it deletes otherwise).',
  },
  'status.expired-job': {
    openPoint: 'lifecycle.unshown',
    section: '3',
    meaning: 'Whether an archive or a re-publish of a job past its closeDate is refused, per form (automatic changes are not shown).',
  },
  'status.deleted-job': {
    openPoint: 'job.deleted',
    section: '4.4',
    meaning: 'The status a GET of a deleted job answers (404, 410 or another).',
  },
  'employer.confidential-name': {
    openPoint: 'employer.confidential',
    section: '2.1',
    meaning: "What a confidential job shows of its employer's name: the name, or what hides it.",
  },
  'status.put-unknown-id': {
    openPoint: 'job.missing',
    section: '4.3',
    meaning: 'The status a PUT /jobs/{id} on an id no job has answers.',
  },
  'status.repeated-delete': {
    openPoint: 'job.deleted',
    section: '4.4',
    meaning: 'The status a DELETE of a job already deleted (or never there) answers, per form: 204 again or a 4xx.',
  },
  'array-order': {
    openPoint: 'job.echo',
    section: '2.1',
    meaning:
      "The order of a job's locations and categories in the POST answer and a GET: as sent, by id, or another (the spec states none).",
  },

  'method-override.put': {
    openPoint: 'refusal.status',
    section: '1',
    meaning: 'Whether a PUT sent as POST /jobs/{id} with X-HTTP-Method-Override: PUT is honoured (spec 1 documents DELETE only).',
  },
  'method-override.delete-by-reference': {
    openPoint: 'refusal.status',
    section: '1',
    meaning:
      'How POST /jobs with a referenceId and X-HTTP-Method-Override: DELETE (the override on the path of DELETE /jobs) is answered where declined.',
  },
  'method-override.put-by-reference': {
    openPoint: 'refusal.status',
    section: '1',
    meaning: 'How POST /jobs with a referenceId and X-HTTP-Method-Override: PUT (the override on the path of PUT /jobs) is answered.',
  },
  'update.salary-null': {
    openPoint: 'input.unbounded',
    section: '2.5',
    meaning: 'How a PUT with salary: null is answered: the salary cleared, or the request refused.',
  },
  'close-date.before-publish': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning: 'Whether a closeDate before the publishDate is accepted or refused, per write path and kind of value.',
  },
  'close-date.calendar-edge': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning:
      'Whether a closeDate at a calendar edge (29 February, the turn of a year, past 2038-01-19, year 9999) is accepted or refused, per write path.',
  },
  'close-date.uncommon-form': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning:
      'Whether a closeDate in a form date parsers disagree on (the basic format, a comma fraction, no seconds, an offset in hours or ' +
      'without a colon, a lower-case t and z, a space for T, no zone) is accepted or refused, per write path.',
  },
  'paging-link-param-order': {
    openPoint: 'urls.form',
    section: '2.8',
    meaning: 'The order of the query parameters in a paging link (2.8 says the link repeats the filters and page size).',
  },
  'salary.fifth-decimal': {
    openPoint: 'input.unbounded',
    section: '2.5',
    meaning: 'What an amount sent with a fifth decimal becomes: rounded, cut, or refused (2.5 states four places in responses).',
  },
  'title.blank': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning: 'Whether an empty or white-space title is accepted or refused, per write path and value (2.1 and 8 state a maximum only).',
  },
  'text.json-lookalike': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning: 'Whether a title and a description that read as a number, a boolean or null are accepted, per write path and value.',
  },
  'email.non-ascii': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning:
      'Whether an applicationEmail with letters beyond ASCII (accented, or beyond the BMP at the limit) is accepted, per write path.',
  },
  'salary.without-members': {
    openPoint: 'input.unbounded',
    section: '2.5',
    meaning: 'Whether a salary object with no member is accepted or refused, per write path (2.5 requires period only beside an amount).',
  },
  'description.blank': {
    openPoint: 'input.unbounded',
    section: '2.1',
    meaning: 'Whether each write path took an empty or white-space description, or refused it.',
  },
  'location-type': {
    openPoint: 'job.echo',
    section: '2.2',
    meaning: 'The type a place outside the location list is given (2.2: the allowed values are not shown).',
  },
  'location-spellings': {
    openPoint: 'job.echo',
    section: '2.2',
    meaning:
      'How a listed place sent in another spelling (letter case, accents decomposed or left out, spaces) came back: refused, or ' +
      'taken with the listed id or another, and its name and description as sent, as listed or in another spelling.',
  },
  'job.spelling': {
    openPoint: 'job.echo',
    section: '2.1',
    meaning: "Whether a job's description and location descriptions come back as sent or in another spelling of the same content.",
  },
  'path.trailing-slash': {
    openPoint: 'urls.form',
    section: '4.1',
    meaning: 'What each operation on a path with a trailing slash (/jobs/, /jobs/{id}/) answers: taken as on the plain path, or refused.',
  },
  'paging-link-form': { openPoint: 'urls.form', section: '2.8', meaning: 'Whether paging links are absolute or relative URLs.' },
  'paging-link-origin': { openPoint: 'urls.form', section: '2.8', meaning: 'Paging links that point at another origin than the API root.' },
  'q.characters.{class}': {
    openPoint: 'q.match',
    section: '4.5',
    meaning:
      'A q holding every piece of character class {class} that was refused, or found fewer than the two jobs titled with it ' +
      '(its paging links then not judged).',
  },
  'q.inflections': {
    openPoint: 'q.match',
    section: '4.5',
    meaning:
      'What a q of letters alone, one word of a title, found: refused, or not even the job whose title holds it (then its decoys, ' +
      'its stem and a word one letter away, are not judged).',
  },
  'q.falsy-spellings': {
    openPoint: 'q.match',
    section: '4.5',
    meaning: 'What a q a loosely typed server reads as empty or false (`0`, `false`) answered, where it was refused (then not judged).',
  },
  'q.empty': {
    openPoint: 'q.match',
    section: '4.5',
    meaning: 'What a list with an empty q (`q=`) answered, where it was refused (then not judged): 4.5 states only an omitted q.',
  },
  'q.wildcards': {
    openPoint: 'q.match',
    section: '4.5',
    meaning: 'What a q holding %, _ and . found: refused, or not even the job whose title holds it (then its decoys are not judged).',
  },
} as const satisfies Record<string, TopicInfo>;

export type TopicPattern = keyof typeof OBSERVATION_TOPICS;

/** A pattern with each `{name}` replaced by any string. */
type Filled<P extends string> = P extends `${infer Head}{${string}}${infer Tail}` ? `${Head}${string}${Filled<Tail>}` : P;

/** A topic `ctx.observe` accepts: a registered one, with its `{name}` parts filled. */
export type ObservationTopic = Filled<TopicPattern>;

/**
 * The registry entry of a topic as observed (placeholders matched), or undefined.
 *
 * @example
 * topicInfo('transition.active-to-draft'); // { section: '3', meaning: 'What a PUT ...' }
 */
export function topicInfo(topic: string): TopicInfo | undefined {
  for (const [pattern, info] of Object.entries(OBSERVATION_TOPICS)) {
    const source = pattern
      .split(/\{[^}]+\}/)
      .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
      .join('[^.]+');
    if (new RegExp(`^${source}$`).test(topic)) return info;
  }
  return undefined;
}
