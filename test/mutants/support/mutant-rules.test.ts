import { describe, expect, it } from 'vitest';
import { rules as registry } from '../../../suites/checks/rules.js';
import { expectedRules, mutantNamed, primaryRule } from '../kit.js';
import { namedRulesNotRun, rulesForMutant } from './mutant-rules.js';

describe('rulesForMutant', () => {
  it('runs the area of the mutant plus the rules it names from other areas, in registry order', () => {
    const mutant = mutantNamed('create-default-status-active');
    const ids = rulesForMutant(mutant, registry, 'area').map((rule) => rule.id);
    expect(ids).toContain('jobs.create.default-status');
    expect(ids).toContain('jobs.model.lifecycle');
    expect(ids.filter((id) => !id.startsWith('jobs.create.') && !id.startsWith('jobs.put-create.'))).toEqual(['jobs.model.lifecycle']);
    expect(ids).toEqual(registry.map((rule) => rule.id).filter((id) => ids.includes(id)));
    expect(rulesForMutant(mutant, registry, 'registry')).toHaveLength(registry.length);
  });

  it('runs only the rules a mutant names under the named scope, in registry order', () => {
    const mutant = mutantNamed('create-default-status-active');
    const ids = rulesForMutant(mutant, registry, 'named').map((rule) => rule.id);
    expect([...ids].sort()).toEqual([...expectedRules(mutant)].sort());
    expect(ids).toEqual(registry.map((rule) => rule.id).filter((id) => ids.includes(id)));
  });

  it('runs only the primary rule under the primary scope (the gate)', () => {
    const mutant = mutantNamed('create-default-status-active');
    expect(expectedRules(mutant).length).toBeGreaterThan(1);
    expect(rulesForMutant(mutant, registry, 'primary').map((rule) => rule.id)).toEqual([primaryRule(mutant)]);
  });

  it('names the rules a mutant expects that are not among those that run', () => {
    const mutant = { ...mutantNamed('create-answers-200'), expectedRule: ['jobs.create.status-201', 'jobs.create.renamed-away'] as const };
    expect(namedRulesNotRun(mutant, rulesForMutant(mutant, registry, 'area'))).toEqual(['jobs.create.renamed-away']);
    expect(
      namedRulesNotRun(
        mutant,
        registry.filter((rule) => rule.area === 'auth'),
      ),
    ).toEqual(['jobs.create.status-201', 'jobs.create.renamed-away']);
  });
});
