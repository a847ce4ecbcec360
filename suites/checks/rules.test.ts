import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { implementationSources } from '../../scripts/rules-doc.mjs';
import { catalog, type CatalogEntry } from '../catalog/index.js';
import { fixedRule } from '../kit/rule-builders.js';
import { bindingProblems, bindRules, implementations, rules, rulesOf } from './rules.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const entry = (id: string): CatalogEntry => ({ id, section: '1', level: 'must', area: 'protocol', title: id, statement: 's' });
const nothing = async (): Promise<void> => {};

describe('the registry binds the catalog to the implementations', () => {
  it('one to one: no entry without an implementation, no implementation without an entry, no id twice', () => {
    expect(bindingProblems(catalog, implementations)).toEqual([]);
    expect(rules.map((rule) => rule.id)).toEqual(catalog.map((e) => e.id));
  });

  it('a rule takes its metadata from the catalog and its run from the implementation', () => {
    const rule = rules.find((r) => r.id === 'jobs.create.location-header')!;
    const implementation = implementations.find((i) => i.id === 'jobs.create.location-header')!;
    expect(rule).toMatchObject({ ...catalog.find((e) => e.id === rule.id) });
    expect(rule.run).toBe(implementation.run);
  });

  it('the catalog holds each entry as its rule file declares it (npm run generate has run)', () => {
    const declared = new Map(implementations.map((implementation) => [implementation.id, implementation.entry]));
    expect(catalog.filter((entry) => JSON.stringify(declared.get(entry.id)) !== JSON.stringify(entry)).map((entry) => entry.id)).toEqual(
      [],
    );
  });

  it('names each mismatch, and refuses to bind them', () => {
    const entries = [entry('jobs.protocol.x'), entry('jobs.protocol.y'), entry('jobs.protocol.y')];
    const problems = bindingProblems(entries, [
      fixedRule(entry('jobs.protocol.x'), nothing),
      fixedRule(entry('jobs.protocol.x'), nothing),
      fixedRule(entry('jobs.protocol.z'), nothing),
    ]);
    expect(problems).toEqual([
      'jobs.protocol.y: in the catalog, no implementation',
      'jobs.protocol.y: in the catalog, no implementation',
      'jobs.protocol.z: implemented, not in the catalog',
      'jobs.protocol.y: twice in the catalog',
      'jobs.protocol.x: implemented twice',
    ]);
    expect(() => bindRules([entry('jobs.protocol.x')], [])).toThrow(/jobs\.protocol\.x: in the catalog, no implementation/);
  });

  it('rulesOf joins some implementations with their entries, in the order given', () => {
    const some = implementations.filter((i) => i.id.startsWith('jobs.paging.')).reverse();
    expect(rulesOf(some).map((rule) => [rule.id, rule.area])).toEqual(some.map((i) => [i.id, 'paging']));
    expect(() => rulesOf([fixedRule(entry('jobs.protocol.unknown'), nothing)])).toThrow(/implemented, not in the catalog/);
  });

  it('each rule is bound in exactly one file, by its literal id (the Source column of docs/rules.md)', () => {
    const sources = implementationSources(
      ROOT,
      catalog.map((e) => e.id),
    );
    const notOnce = [...sources].filter(([, files]) => files.length !== 1);
    expect(notOnce).toEqual([]);
    expect(sources.get('jobs.auth.missing-key.put-by-id')).toEqual(['suites/checks/auth.ts']);
    expect(sources.get('jobs.create.rejects-out-of-range')).toEqual(['suites/checks/update-validation.ts']);
  });
});
