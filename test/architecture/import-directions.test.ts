/**
 * The layers import one way: schemas at the bottom,
 * mock/store below mock/core below the mock's adapters, reports below the
 * suite, the suite never importing the mock, nothing importing test/. The rules are the table
 * LAYERS in import-directions.ts.
 */
import { describe, expect, it } from 'vitest';
import { EXCEPTIONS, importsOf, LAYERS, layerOf, REPO_ROOT, repositoryImports, violations } from './import-directions.js';

describe('import directions', () => {
  it('hold across the repository', () => {
    const edges = repositoryImports(REPO_ROOT);
    expect(edges.length).toBeGreaterThan(500); // the reader found the imports at all
    expect(violations(edges)).toEqual([]);
  });

  it('no file under mock/store/ imports from mock/core/', () => {
    const store = repositoryImports(REPO_ROOT).filter((e) => e.from.startsWith('mock/store/'));
    expect(store.length).toBeGreaterThan(10);
    expect(store.filter((e) => !e.to.startsWith('mock/store/') && !e.to.startsWith('schemas/'))).toEqual([]);
  });

  it('no file under suites/contract/ imports the runner or any other folder of the suite but the catalog', () => {
    const contract = repositoryImports(REPO_ROOT).filter((e) => e.from.startsWith('suites/contract/'));
    expect(contract.length).toBeGreaterThan(5);
    const own = (to: string): boolean => to.startsWith('suites/contract/') || to.startsWith('suites/catalog/');
    expect(contract.filter((e) => e.to.startsWith('suites/') && !own(e.to))).toEqual([]);
  });

  it('reads every import form and flags an upward import', () => {
    const source = [
      "import { a } from '../core/api-state.js';",
      "import type { B } from './job-entry.js';",
      "export { c } from '../../suites/contract/rule.js';",
      "import '../../test/setup.js';",
      "const m = await import('../mock-core.js');",
      "import {\n  d,\n  e,\n} from '../../schemas/index.js';",
      "import fc from 'fast-check';",
      "import { MockCore } from 'jobs-conformance/mock';",
    ].join('\n');
    const edges = importsOf('mock/store/x.ts', source);
    expect(edges.map((e) => e.to)).toEqual([
      'mock/core/api-state.ts',
      'mock/store/job-entry.ts',
      'suites/contract/rule.ts',
      'test/setup.ts',
      'mock/mock-core.ts',
      'schemas/index.ts',
      'mock/index.ts',
    ]);
    expect(violations(edges).map((v) => v.split(' ')[2])).toEqual([
      'mock/core/api-state.ts',
      'suites/contract/rule.ts',
      'test/setup.ts',
      'mock/mock-core.ts',
      'mock/index.ts',
    ]);
  });

  it('lists every exception it still needs (a stale one is removed)', () => {
    const edges = repositoryImports(REPO_ROOT);
    for (const x of EXCEPTIONS)
      expect(
        edges.some((e) => e.from.startsWith(x.from) && e.to.startsWith(x.to)),
        x.why,
      ).toBe(true);
  });

  it('applies the most specific layer, and leaves test/ free', () => {
    expect(layerOf('mock/store/jobs-store.ts')?.under).toBe('mock/store/');
    expect(layerOf('mock/core/mock-core.ts')?.under).toBe('mock/core/');
    // The core's HTTP utilities sit below MockCore and the routers that call it.
    expect(violations([{ from: 'mock/core/http/cors.ts', to: 'mock/core/mock-core.ts', specifier: '' }])).toHaveLength(1);
    expect(violations([{ from: 'mock/core/http/api-error.ts', to: 'mock/core/routes/dispatch.ts', specifier: '' }])).toHaveLength(1);
    expect(violations([{ from: 'mock/core/routes/dispatch.ts', to: 'mock/core/mock-core.ts', specifier: '' }])).toEqual([]);
    expect(layerOf('mock/server.ts')?.under).toBe('mock/');
    expect(layerOf('test/mock/list.test.ts')).toBeUndefined();
    expect(violations([{ from: 'suites/checks/create.ts', to: 'mock/core/mock-core.ts', specifier: '' }])).toHaveLength(1);
    expect(violations([{ from: 'schemas/index.ts', to: 'mock/index.ts', specifier: '' }])).toHaveLength(1);
    expect(violations([{ from: 'cli/conformance-command.ts', to: 'reports/index.ts', specifier: '' }])).toEqual([]);
    expect(violations([{ from: 'reports/json.ts', to: 'suites/contract/rule.ts', specifier: '' }])).toHaveLength(1);
    expect(violations([{ from: 'suites/contract/rule.ts', to: 'suites/engine/run-state.ts', specifier: '' }])).toHaveLength(1);
    expect(violations([{ from: 'suites/engine/run-state.ts', to: 'suites/contract/rule.ts', specifier: '' }])).toEqual([]);
    // The floors of the runner never import it: the client, the rules, the target probes.
    for (const from of ['suites/http/client.ts', 'suites/checks/list.ts', 'suites/target/preflight.ts', 'suites/kit/http.ts'])
      expect(violations([{ from, to: 'suites/engine/config.ts', specifier: '' }])).toHaveLength(1);
    expect(violations([{ from: 'suites/index.ts', to: 'suites/engine/config.ts', specifier: '' }])).toEqual([]);
    // Test support beside the source is for tests only (tsconfig.build.json does not ship it).
    const support = 'suites/arbitraries/arbitrary-assertions.test-support.ts';
    expect(violations([{ from: 'suites/arbitraries/job.test.ts', to: support, specifier: '' }])).toEqual([]);
    expect(violations([{ from: 'suites/arbitraries/job.ts', to: support, specifier: '' }])).toHaveLength(1);
    expect(LAYERS.every((layer) => layer.may.some((folder) => layer.under.startsWith(folder)))).toBe(true);
    const modelRule = [{ under: 'suites/model/', may: ['suites/', 'schemas/'], mayNot: ['suites/checks/'] }, ...LAYERS];
    expect(violations([{ from: 'suites/model/commands.ts', to: 'suites/checks/support/http.ts', specifier: '' }], modelRule)).toHaveLength(
      1,
    );
    expect(violations([{ from: 'suites/model/commands.ts', to: 'suites/contract/rule.ts', specifier: '' }], modelRule)).toEqual([]);
  });
});
