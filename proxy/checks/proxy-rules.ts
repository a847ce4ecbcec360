/**
 * @module The rules the proxy names, looked up in the rule catalog (suites/catalog/): the suite's own
 * rules, so one rule id means one statement whichever tool found it, and the proxy's own (mostly client
 * rules, plus the server statements only live traffic shows, in suites/catalog/proxy.ts). The catalog is
 * data only: looking a title up loads no rule, generator or HTTP client.
 */
import { catalogEntry, proxyCatalog, type ProxyCatalogEntry, type RuleLevel } from '../../suites/catalog/index.js';

export type Side = 'client' | 'server';

export type ProxyRule = ProxyCatalogEntry;

/** The proxy's own rules (the suite has no id for these statements). */
export const proxyRules: readonly ProxyRule[] = proxyCatalog;

export interface RuleInfo {
  id: string;
  section: string;
  title: string;
  level: RuleLevel;
  /** The area a report groups the rule under. */
  area: string;
}

/**
 * The rule with id `id`, the suite's or the proxy's own, from the catalog.
 *
 * @example
 * ruleInfo('jobs.create.location-header').section; // '4.2'
 */
export function ruleInfo(id: string): RuleInfo {
  const entry = catalogEntry(id);
  if (!entry) throw new Error(`proxy: no rule ${id}`);
  return { id: entry.id, section: entry.section, title: entry.title, level: entry.level, area: entry.area };
}
