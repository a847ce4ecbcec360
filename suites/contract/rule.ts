/**
 * @module The contract between the runner and the rules. A rule is one named
 * check of one spec statement; the runner gives it a RuleContext that carries
 * the target's API, the discovered reference data, the run's seed and budget,
 * and the ways to report (fail, observe, skip). Rules never print and never
 * talk HTTP except through the context. A rule's metadata (id, section, level,
 * area, title, statement) is data in suites/catalog/; its id grammar is
 * `jobs.<group>.<name>[.<variant>]` (suites/catalog/entry.ts).
 */
import type * as fc from 'fast-check';
import type { Exchange, Job, JobList, Observation } from '../../schemas/types.gen.js';
import type { Area, Requirement, RuleLevel } from '../catalog/entry.js';
import type { ObservationTopic } from './observation-topics.js';
import type { NearMissKeyKind } from '../../vocabulary/index.js';

export type { Area, Requirement, RuleLevel } from '../catalog/entry.js';

/**
 * A rule as the runner runs it: its catalog entry (suites/catalog/, the metadata) joined with the
 * implementation bound to its id (suites/checks/, the run). The fields are documented on CatalogEntry.
 */
export interface Rule {
  /** Stable id: `jobs.<group>.<name>[.<variant>]`, e.g. `jobs.create.location-header` (grammar: suites/catalog/entry.ts). Never renamed. */
  id: string;
  /** The spec section the rule enforces, e.g. `4.2`. */
  section: string;
  area: Area;
  /** One line: the spec statement checked. */
  title: string;
  /** The spec's own words that the rule checks (an exact quote, see CatalogEntry.statement). */
  statement: string;
  /** Default `must`. */
  level?: RuleLevel;
  requires?: readonly Requirement[];
  /** The rule needs the target to itself (see CatalogEntry.exclusive). */
  exclusive?: boolean;
  /** A long chain of requests, started first above --concurrency 1 (see CatalogEntry.long). */
  long?: boolean;
  run(ctx: RuleContext): Promise<void>;
}

/** A response as the suite saw it. Header names are lower-case. */
export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string>;
  /** The raw body text ('' when empty). */
  text: string;
  /** The body parsed as JSON; undefined when empty or not JSON. */
  json: T | undefined;
  /** The recorded, redacted exchange (also kept in the current case's log). */
  exchange: Exchange;
}

export interface RequestOptions {
  method: string;
  /** Relative to the API root (`/jobs/12`), or an absolute URL (paging links). */
  path: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  /** Serialized with JSON.stringify unless rawBody is given. */
  body?: unknown;
  rawBody?: string;
  /** Sent in chunks (Transfer-Encoding: chunked) without a Content-Length, as a client that streams its body does. */
  chunked?: boolean;
  /** Default `application/json` when a body is sent; null sends no Content-Type. */
  contentType?: string | null;
  /**
   * Default: the client's own key; null sends no API-Key header; a string sends that value; a near miss sends that
   * variant of the client's own key (one of its nearMissKeyKinds), which no rule ever sees.
   */
  apiKey?: string | null | { nearMiss: NearMissKeyKind };
  /**
   * What the exchange records of the response body (default: all of it). A list not scoped to the
   * run's jobs holds other jobs, which never go into a report: it records only what this keeps.
   */
  recordResponse?: (text: string) => string;
}

/** The single choke point for HTTP: records every exchange, redacts API-Key, tags X-Conformance-Case-Id. */
export interface Client {
  /** The API root the suite drives, e.g. `http://127.0.0.1:4010/api/v1.1`. */
  readonly apiRoot: string;
  request<T = unknown>(options: RequestOptions): Promise<ApiResponse<T>>;
  /** The near misses of the client's own key it can send (a key without letters has no other case). */
  nearMissKeyKinds?(): readonly NearMissKeyKind[];
}

export type Body = Record<string, unknown>;
export type ListQuery = { q?: string; status?: string; page?: number | string; pageSize?: number | string };

/**
 * Spec operations over a Client. Success bodies are validated against the
 * response schemas on every call; an invalid body fails the current rule.
 * Creating calls register what they create for cleanup.
 */
export interface JobsApi {
  readonly client: Client;
  /** POST /jobs (4.2) */
  create(body: Body): Promise<ApiResponse<Job>>;
  /** GET /jobs/{id} (4.1) */
  get(id: number | string): Promise<ApiResponse<Job>>;
  /** PUT /jobs/{id} (4.3 form 1) */
  putById(id: number | string, body: Body): Promise<ApiResponse<Job>>;
  /** PUT /jobs with referenceId in the body (4.3 form 2): updates or creates */
  putByReference(body: Body & { referenceId: string }): Promise<ApiResponse<Job>>;
  /** DELETE /jobs/{id} (4.4) */
  deleteById(id: number | string): Promise<ApiResponse>;
  /** DELETE /jobs with {referenceId} (4.4) */
  deleteByReference(referenceId: string): Promise<ApiResponse>;
  /** POST /jobs/{id} with X-HTTP-Method-Override: DELETE (4.7) */
  deleteByOverride(id: number | string): Promise<ApiResponse>;
  /** POST /jobs/{id} with X-HTTP-Method-Override: PUT: the override (spec 1) on PUT /jobs/{id}'s path (4.3 form 1). */
  putByOverride(id: number | string, body: Body): Promise<ApiResponse<Job>>;
  /** POST /jobs with a body and X-HTTP-Method-Override: PUT: the override (spec 1) on PUT /jobs's path (4.3 form 2). */
  putByReferenceOverride(body: Body & { referenceId: string }): Promise<ApiResponse<Job>>;
  /** POST /jobs with {referenceId} and X-HTTP-Method-Override: DELETE: the override on DELETE /jobs's path (4.4, 4.7). */
  deleteByReferenceOverride(referenceId: string): Promise<ApiResponse>;
  /** GET /jobs (4.5). Callers scope it with q = the run tag so only the run's own jobs are seen. */
  list(query?: ListQuery): Promise<ApiResponse<JobList>>;
}

/** Ids discovered from the target's reference lists (4.6); never hard-coded. */
export interface ReferenceData {
  positionTypeIds: number[];
  categoryIds: number[];
  /**
   * Lists read only in part (more pages than the cap, a page that failed), with why: an id outside the
   * ids read may still be listed, so no rule sends one as unknown. Absent: every list was read whole.
   */
  partial?: { positionTypes?: string; categories?: string };
  /** Where the lists were read (4.6 does not show the category and location paths); default /positiontypes, /categories, /locations. */
  paths?: { positionTypes: string; categories: string; locations: string };
}

export interface MismatchInput {
  /** One line: what departs from the spec. */
  title: string;
  /** What the spec requires, with the section. */
  expected: string;
  /** What the target did. */
  received: string;
  /** Exchanges to show; default: every exchange of the current case. */
  exchanges?: Exchange[];
  /** The exchange the curl reproducer replays; default: the last exchange shown. */
  failingExchange?: Exchange;
}

/** An observation as a rule records it: a registered topic, the rule's id added by the runner. */
export type ObservationInput = Omit<Observation, 'ruleId' | 'topic'> & { topic: ObservationTopic };

/** Options of RuleContext.check. */
export interface CheckOptions<T> {
  /** Random cases (default --runs); the examples run on top of them. */
  runs?: number;
  /**
   * The rule's own cap on `runs` (a costly chain per case), when `runs` came from min(--runs, cap): a
   * --duration run then keeps to it, as a run at any --runs does, so that --runs replays what it drew.
   */
  maxRuns?: number;
  /**
   * Cases sent in every run before any random draw (boundary values: the nearest invalid and the largest
   * valid). Each example's fields are laid over a value drawn from the arbitrary with the rule's seed, so
   * the fields an example does not name stay generated, and the example replays by seed and path.
   */
  examples?: ReadonlyArray<Partial<T>>;
  /**
   * The cases share nothing: each sets up its own jobs (under its own case tag), reads only them, and calls no
   * ctx.check. Above --concurrency 1 they then run several at once (cases drawn up front with the same seed);
   * fast-check still sees their outcomes in draw order and shrinks one case at a time, so the report is the same.
   */
  independentCases?: boolean;
}

export interface RuleContext {
  readonly rule: Rule;
  readonly api: JobsApi;
  /** The second employer (--second-api-key), present when the rule requires it. */
  readonly second?: JobsApi;
  readonly refs: ReferenceData;
  /** Run-unique tag, e.g. `jc7f3a9k`: every referenceId the suite creates starts with it, every title holds it as a word. */
  readonly tag: string;
  /** A fresh referenceId that starts with the tag (at most 50 characters). */
  referenceId(): string;
  /**
   * The current case's tag (starts with `tag`): every referenceId() of the case starts with it, so
   * `q = caseTag()` lists only the case's own jobs. Optional for contexts built elsewhere (tests).
   */
  caseTag?(): string;
  /**
   * A seed for the rule's own draws outside ctx.check (a fixture, a covering set of cases), derived from
   * the run seed, the rule id and `label`: the same --seed draws the same. Optional for contexts built elsewhere (tests).
   */
  seedOf?(label: string): number;
  /**
   * How many requests of the rule's own setup may be in flight at once: as many as the cases of an independent
   * property (several against a distant target, else 1, so a near target sees one request at a time). Optional
   * for contexts built elsewhere (tests).
   */
  atOnce?(): number;
  /** fast-check runs per property (--runs). */
  readonly runs: number;
  /**
   * Runs a property with the rule's seed and budget. A thrown MismatchError (from fail/expect or
   * an API call) is shrunk by fast-check; the runner records the shrunk counterexample, its
   * exchanges, a curl reproducer and the replay path, and re-runs it to label it deterministic or flaky.
   */
  check<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, options?: CheckOptions<T>): Promise<void>;
  /** Reports a mismatch in the current case and stops it. */
  fail(mismatch: MismatchInput): never;
  /** fail(mismatch) unless condition holds. */
  expect(condition: boolean, mismatch: MismatchInput): asserts condition;
  /** Records what the target chose where the spec is silent (never a failure); the topic comes from suites/contract/observation-topics.ts. */
  observe(observation: ObservationInput): void;
  /** Stops the rule as skipped, with a reason. */
  skip(reason: string): never;
  /**
   * The job `id` of `api`'s employer that this run created and then removed with a DELETE answered 2xx (its cleanup
   * among them), with the referenceId it was created with; undefined for any other job. Optional for contexts built
   * elsewhere (tests).
   */
  removedByRun?(api: JobsApi, id: number): { referenceId: string | null } | undefined;
}
