/**
 * @module The allowed import directions between the layers (the
 * picture is schemas and the shared vocabulary at the bottom; the mock above them; the reports above
 * them and the suite above the reports; test/, scripts/ and bench/ on top). A file may import only from the
 * folders its layer lists; the most specific layer containing the file
 * decides. Imports are read from the TypeScript source: static imports,
 * re-exports, side-effect imports and `import('...')`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface Layer {
  /** Folder (with trailing slash) whose files this layer covers. */
  readonly under: string;
  /** Folders its files may import from (its own folder included explicitly). */
  readonly may: readonly string[];
  /** Folders inside `may` its files must not import from. */
  readonly mayNot?: readonly string[];
}

/** Ordered from the most specific folder to the least; the first containing a file applies. */
export const LAYERS: readonly Layer[] = [
  // The store is the bottom of the mock: it never imports the core (mock/core), the adapters or the suite.
  { under: 'mock/store/', may: ['mock/store/', 'vocabulary/', 'schemas/'] },
  // The core's HTTP utilities (the request and response types, error bodies, CORS, the journal, faults): below MockCore
  // and its routers (mock/core/routes/), which they never import.
  {
    under: 'mock/core/http/',
    may: ['mock/core/http/', 'mock/core/choices/', 'mock/core/mock-config-error.ts', 'vocabulary/', 'schemas/'],
  },
  // The framework-free core (MockCore is its facade) uses the store, never the adapters above it.
  { under: 'mock/core/', may: ['mock/core/', 'mock/store/', 'vocabulary/', 'schemas/'] },
  // Adapters and entry points (node:http server, MSW handlers, express middleware, persistence).
  { under: 'mock/', may: ['mock/', 'vocabulary/', 'schemas/'] },
  // The command lines: the only layer that may import the mock, the suite and the proxy together.
  { under: 'cli/', may: ['cli/', 'mock/', 'suites/', 'proxy/', 'reports/', 'vocabulary/', 'schemas/'] },
  // The proxy's relay forwards bytes and hands finished exchanges over: it knows nothing of the checks or the judging thread.
  { under: 'proxy/relay/', may: ['proxy/relay/', 'vocabulary/', 'schemas/'] },
  // The proxy's checks and the state model they read: below the judging thread that runs them, above the relay.
  { under: 'proxy/checks/', may: ['proxy/checks/', 'proxy/relay/', 'judging/', 'reports/', 'vocabulary/', 'schemas/', 'suites/catalog/'] },
  // The validating proxy: a product of its own beside the suite.
  // Its engine stays out: the proxy reads rule titles from the catalog and compares through judging/.
  { under: 'proxy/', may: ['proxy/', 'judging/', 'reports/', 'vocabulary/', 'schemas/', 'suites/catalog/'] },
  // The rule contract (Rule, RuleContext, the typed errors, the case scope, observations) is the suite's floor: every other
  // folder of the suite builds on it, and it imports no runner, client or rule.
  { under: 'suites/contract/', may: ['suites/contract/', 'suites/catalog/', 'vocabulary/', 'schemas/'] },
  // The rule catalog is data: it imports nothing but the schemas, so the proxy, --list-rules and the docs read it without loading a rule.
  { under: 'suites/catalog/', may: ['suites/catalog/', 'schemas/'] },
  // The client, the one choke point: it stands on the contract and imports no generator, kit, rule or runner.
  { under: 'suites/http/', may: ['suites/http/', 'suites/contract/', 'reports/', 'vocabulary/', 'schemas/'] },
  // The model never imports the checks (the lifecycle rule in checks/ uses the model, never the other way round).
  {
    under: 'suites/model/',
    may: ['suites/', 'judging/', 'reports/', 'vocabulary/', 'schemas/'],
    mayNot: ['suites/checks/', 'suites/engine/'],
  },
  // The rule kit (helpers shared by the checks and the model) never imports a rule.
  {
    under: 'suites/kit/',
    may: ['suites/', 'judging/', 'reports/', 'vocabulary/', 'schemas/'],
    mayNot: ['suites/checks/', 'suites/engine/'],
  },
  // The generators, the rules and the target probes are floors of the runner (suites/engine/), which runs them: none imports it.
  { under: 'suites/arbitraries/', may: ['suites/', 'judging/', 'reports/', 'vocabulary/', 'schemas/'], mayNot: ['suites/engine/'] },
  { under: 'suites/checks/', may: ['suites/', 'judging/', 'reports/', 'vocabulary/', 'schemas/'], mayNot: ['suites/engine/'] },
  { under: 'suites/target/', may: ['suites/', 'judging/', 'reports/', 'vocabulary/', 'schemas/'], mayNot: ['suites/engine/'] },
  // The runner and the suite's public entry (suites/index.ts) on top: they may import every folder of the suite.
  // The suite shares schemas with the mock, never its logic: no import from mock/.
  { under: 'suites/', may: ['suites/', 'judging/', 'reports/', 'vocabulary/', 'schemas/'] },
  // The judging library: the comparisons (dates, amounts, HTML content, paging links) the suite and the proxy share.
  { under: 'judging/', may: ['judging/', 'vocabulary/', 'schemas/'] },
  // Reports sit below the suite: the suite writes them, they never import it.
  { under: 'reports/', may: ['reports/', 'vocabulary/', 'schemas/'] },
  // The shared vocabulary (prefix, methods, the operation table, secret headers): with schemas/ the bottom.
  { under: 'vocabulary/', may: ['vocabulary/', 'schemas/'] },
  { under: 'schemas/', may: ['schemas/'] },
];

/** Imports that break a layer's rule on purpose or for now, each with why; `from` and `to` match as prefixes. */
export const EXCEPTIONS: ReadonlyArray<{ readonly from: string; readonly to: string; readonly why: string }> = [
  { from: 'schemas/openapi.test.ts', to: 'scripts/openapi.mjs', why: 'the test checks the generator of the OpenAPI document' },
  { from: 'suites/checks/rules.test.ts', to: 'scripts/rules-doc.mjs', why: 'the test checks the implementation files the rules doc names' },
  { from: 'judging/html-content.test.ts', to: 'suites/arbitraries/', why: "the test draws its HTML from the suite's generators" },
  { from: 'mock/core/choices/choices.test.ts', to: 'scripts/docs/', why: 'the test checks the doc generated from the registry' },
  { from: 'suites/contract/observation-topics.test.ts', to: 'scripts/docs/', why: 'the test checks the doc generated from the registry' },
];

/** The package's own exports (package.json "exports"), as the source folder each resolves to. */
const SELF_EXPORTS: Readonly<Record<string, string>> = {
  'jobs-conformance/mock': 'mock/index.ts',
  'jobs-conformance/mock/browser': 'mock/browser.ts',
  'jobs-conformance/suites': 'suites/index.ts',
  'jobs-conformance/proxy': 'proxy/index.ts',
  'jobs-conformance/schemas': 'schemas/index.ts',
  'jobs-conformance/vocabulary': 'vocabulary/index.ts',
  'jobs-conformance/reports': 'reports/index.ts',
};

export interface ImportEdge {
  /** Importing file, relative to the repository root (posix). */
  readonly from: string;
  /** Imported file, relative to the repository root (posix); outside the repository when it starts with `..`. */
  readonly to: string;
  readonly specifier: string;
}

const IMPORT =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*{}\s,$]+?\s+from\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The repository files a TypeScript source imports (packages other than this one are left out). */
export function importsOf(file: string, source: string): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const match of source.matchAll(IMPORT)) {
    const specifier = (match[1] ?? match[2])!;
    let to: string | undefined;
    if (specifier.startsWith('.')) to = posix.normalize(posix.join(posix.dirname(file), specifier)).replace(/\.js$/, '.ts');
    else to = SELF_EXPORTS[specifier];
    if (to !== undefined) edges.push({ from: file, to, specifier });
  }
  return edges;
}

/** The layer a file belongs to, undefined when no rule covers it (test/, scripts/, bench/ may import anything). */
export function layerOf(file: string, layers: readonly Layer[] = LAYERS): Layer | undefined {
  return layers.find((layer) => file.startsWith(layer.under));
}

/** Test-only files beside the source: tests, and the helpers they share (`*.test-support.ts`); tsconfig.build.json ships neither. */
const isTestOnly = (file: string): boolean => /\.test(-support)?\.ts$/.test(file);

/** Edges that break a rule, with the rule's folder, e.g. `mock/store/x.ts -> mock/core/y.ts (mock/store/ may import mock/store/, schemas/)`. */
export function violations(edges: readonly ImportEdge[], layers: readonly Layer[] = LAYERS, exceptions = EXCEPTIONS): string[] {
  const found: string[] = [];
  for (const edge of edges) {
    if (edge.to.endsWith('.test-support.ts') && !isTestOnly(edge.from)) {
      found.push(`${edge.from} -> ${edge.to} (a shipped file may not import test support)`);
      continue;
    }
    const layer = layerOf(edge.from, layers);
    const allowed =
      layer && layer.may.some((folder) => edge.to.startsWith(folder)) && !layer.mayNot?.some((folder) => edge.to.startsWith(folder));
    if (!layer || allowed) continue;
    if (exceptions.some((x) => edge.from.startsWith(x.from) && edge.to.startsWith(x.to))) continue;
    const not = layer.mayNot ? ` but not ${layer.mayNot.join(', ')}` : '';
    found.push(`${edge.from} -> ${edge.to} (${layer.under} may import ${layer.may.join(', ')}${not})`);
  }
  return found;
}

/** Every `.ts` file under `dirs` of `root`, relative to it (posix). */
export function sourceFiles(root: string, dirs: readonly string[]): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) files.push(relative(root, path).split('\\').join('/'));
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return files.sort();
}

/** The import edges of every layered source file in the repository at `root`. */
export function repositoryImports(root: string): ImportEdge[] {
  const dirs = [...new Set(LAYERS.map((layer) => layer.under.split('/')[0]!))];
  return sourceFiles(root, dirs).flatMap((file) => importsOf(file, readFileSync(join(root, file), 'utf8')));
}

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
