/**
 * @module What a catalog entry is: the data of one rule (its id, the spec section and sentence it checks, its
 * level, area and title), kept apart from the code that checks it. Each rule file under suites/checks/ declares
 * its rule's entry beside its code (a RuleEntry: the area derives from the id); `npm run generate` collects them
 * into catalog.gen.ts, so `grep -rn '<id>' suites/` finds the rule's file. This folder imports nothing: the proxy,
 * --list-rules, docs/rules.md and the reports read it without loading a single rule.
 *
 * Rule ids (checked on every entry by suites/catalog/catalog.test.ts):
 * - `jobs.<group>.<name>` for the suite's rules, where `<group>` is the rule's area or the operation it
 *   probes (`jobs.create.location-header`, `jobs.put-create.defaults`), and one more `.<variant>` segment where
 *   one statement is probed per operation (`jobs.auth.missing-key.put-by-id`, `jobs.protocol.non-json-rejected.post`);
 * - `proxy.<side>.<name>` for the proxy's own rules, `<side>` being `client` or `server` (`proxy.client.api-key`).
 * Every segment is lowercase kebab-case (`[a-z0-9]+(-[a-z0-9]+)*`). Ids are never renamed.
 */

/** Areas group rules in reports, in the order the catalog runs them (a rule's area is its id's group, see areaOfRuleId). */
export const AREAS = [
  'reference',
  'create',
  'roundtrip',
  'update',
  'lifecycle',
  'html',
  'limits',
  'model',
  'list',
  'paging',
  'protocol',
  'auth',
  'isolation',
  'robustness',
  'concurrency',
] as const;

export type Area = (typeof AREAS)[number];

/** The areas of the proxy's own rules: what a client sends, and what only live traffic shows of a server. */
export type ProxyArea = 'proxy-client' | 'proxy-server';

/**
 * `must`: the spec states it, or it follows directly from a statement; a failure fails the run.
 * `should`: good HTTP practice the spec does not state; a failure is a warning (exit 0 unless
 * --strict). A mismatch answered with a 5xx counts as must even in a should rule (reports/status.ts).
 */
export type RuleLevel = 'must' | 'should';

/** What a rule needs from the configuration; without it the rule is skipped with a reason. */
export type Requirement = 'secondApiKey';

/** The suite's rule ids: `jobs.<group>.<name>`, with one optional `.<variant>`. */
export const SUITE_RULE_ID = /^jobs(\.[a-z0-9]+(-[a-z0-9]+)*){2,3}$/;
/** The proxy's own rule ids: `proxy.<side>.<name>`. */
export const PROXY_RULE_ID = /^proxy\.(client|server)\.[a-z0-9]+(-[a-z0-9]+)*$/;

/** The metadata of one of the suite's rules. */
export interface CatalogEntry {
  /** Stable id (see the grammar above), e.g. `jobs.create.location-header`. Never renamed. */
  readonly id: string;
  /** The spec section the rule enforces, e.g. `4.2`. */
  readonly section: string;
  readonly level: RuleLevel;
  readonly area: Area;
  /** One line: the spec statement checked. */
  readonly title: string;
  /**
   * The spec's own words that the rule checks (as test262 names its spec anchor): an exact quote of
   * the Jobs API v1.1 sentence or table cell, trimmed with "…", garbled field names renamed in
   * [brackets]. A `should` rule quotes the sentence its good practice relates to, after
   * "Good practice; the spec says: ". suites/catalog/rule-statements.test.ts checks every quote against the spec.
   */
  readonly statement: string;
  readonly requires?: readonly Requirement[];
  /**
   * The rule needs the target to itself: the runner lets every running rule end first and starts
   * nothing else until it ends, at any --concurrency. For rules whose outcome other rules' traffic
   * could change (racing requests, anything not scoped to the case's own jobs).
   */
  readonly exclusive?: boolean;
  /**
   * A long chain of requests one after another (a model run, a large property): above --concurrency 1
   * the runner starts it before the other rules, so it runs beside them instead of finishing last on
   * a slow network. Reports keep catalog order; the rule's seed and cases do not change.
   */
  readonly long?: boolean;
}

/** What a rule file declares beside its code: the entry without its area, which areaOfRuleId derives from the id. */
export type RuleEntry = Omit<CatalogEntry, 'area'>;

/** Groups that name an operation rather than an area: PUT-create is creation by another path. */
const AREA_OF_GROUP: Readonly<Record<string, Area>> = { 'put-create': 'create' };

/**
 * The area of the suite's rule `id`: its group (`jobs.<group>.…`), or the area that group belongs to.
 *
 * @example
 * areaOfRuleId('jobs.put-create.defaults'); // 'create'
 */
export function areaOfRuleId(id: string): Area {
  const group = id.split('.')[1] ?? '';
  const area = AREA_OF_GROUP[group] ?? (AREAS as readonly string[]).find((name) => name === group);
  if (area === undefined) throw new Error(`rule ${id}: its group ${JSON.stringify(group)} is no area (${AREAS.join(', ')})`);
  return area as Area;
}

/** The catalog entry of a rule file's declaration, its area derived from the id; keys in the catalog's order. */
export function catalogEntryOf(declared: RuleEntry): CatalogEntry {
  const { id, section, level, title, statement, ...rest } = declared;
  return { id, section, level, area: areaOfRuleId(id), title, statement, ...rest };
}

/** The metadata of one of the proxy's own rules. */
export interface ProxyCatalogEntry {
  readonly id: string;
  readonly section: string;
  readonly level: RuleLevel;
  readonly area: ProxyArea;
  readonly title: string;
  /** The spec's words the rule checks. */
  readonly statement: string;
}
