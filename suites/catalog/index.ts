/**
 * @module The rule catalog: every rule's metadata as data, the suite's in the order the rules run, then the
 * proxy's own. One file per area; an entry's grammar and fields are in entry.ts. To add a rule, add its entry
 * to its area's file and bind an implementation to the id under suites/checks/.
 */
import { authEntries } from './auth.js';
import { concurrencyEntries } from './concurrency.js';
import { createEntries } from './create.js';
import type { CatalogEntry, ProxyCatalogEntry } from './entry.js';
import { htmlEntries } from './html.js';
import { isolationEntries } from './isolation.js';
import { lifecycleEntries } from './lifecycle.js';
import { limitsEntries } from './limits.js';
import { listEntries } from './list.js';
import { modelEntries } from './model.js';
import { pagingEntries } from './paging.js';
import { protocolEntries } from './protocol.js';
import { proxyEntries } from './proxy.js';
import { referenceEntries } from './reference.js';
import { robustnessEntries } from './robustness.js';
import { roundtripEntries } from './roundtrip.js';
import { updateEntries } from './update.js';

export type { Area, CatalogEntry, ProxyArea, ProxyCatalogEntry, Requirement, RuleLevel } from './entry.js';
export { PROXY_RULE_ID, SUITE_RULE_ID } from './entry.js';

/** The suite's rules, in the order they run and reports list them. */
export const catalog: readonly CatalogEntry[] = [
  ...referenceEntries,
  ...createEntries,
  ...roundtripEntries,
  ...updateEntries,
  ...lifecycleEntries,
  ...htmlEntries,
  ...limitsEntries,
  ...modelEntries,
  ...listEntries,
  ...pagingEntries,
  ...protocolEntries,
  ...authEntries,
  ...isolationEntries,
  ...robustnessEntries,
  ...concurrencyEntries,
];

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
