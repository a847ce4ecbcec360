/**
 * @module The rule catalog: every rule's metadata as data, the suite's in the order the rules run, then the
 * proxy's own. The suite's entries are generated from the rule files (catalog.gen.ts, written by
 * `npm run generate`: each rule under suites/checks/ declares its entry beside its code); the proxy's are
 * written in proxy.ts. An entry's grammar and fields are in entry.ts. Nothing here loads a rule's code.
 */
import { suiteCatalog } from './catalog.gen.js';
import type { CatalogEntry, ProxyCatalogEntry } from './entry.js';
import { proxyEntries } from './proxy.js';

export type { Area, CatalogEntry, ProxyArea, ProxyCatalogEntry, Requirement, RuleEntry, RuleLevel } from './entry.js';
export { AREAS, PROXY_RULE_ID, SUITE_RULE_ID } from './entry.js';

/** The suite's rules, in the order they run and reports list them. */
export const catalog: readonly CatalogEntry[] = suiteCatalog;

/** The proxy's own rules (client rules, and server statements only live traffic shows). */
export const proxyCatalog: readonly ProxyCatalogEntry[] = proxyEntries;

const byId = new Map<string, CatalogEntry | ProxyCatalogEntry>([...catalog, ...proxyCatalog].map((entry) => [entry.id, entry]));

/**
 * The entry with id `id`, the suite's or the proxy's; undefined for an id the catalog does not hold.
 *
 * @example
 * catalogEntry('jobs.create.location-header')?.section; // '4.2'
 */
export function catalogEntry(id: string): CatalogEntry | ProxyCatalogEntry | undefined {
  return byId.get(id);
}
