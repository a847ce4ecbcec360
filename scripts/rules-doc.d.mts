/** Types for scripts/rules-doc.mjs (plain ESM so `npm run generate` needs no build). */

interface DocRule {
  id: string;
  section: string;
  level?: 'must' | 'should';
  title: string;
  statement: string;
  requires?: readonly string[];
}

/**
 * The files that name each id as a literal, under the folder its kind of rule is implemented in
 * (suites/checks/ for `jobs.*`, proxy/ for `proxy.*`), tests left out; paths relative to `root`.
 */
export declare function implementationSources(root: string, ids: readonly string[]): Map<string, string[]>;

/** docs/rules.md: the suite's table and the proxy's, each row with the file that implements the rule. */
export declare function renderRulesDoc(rules: readonly DocRule[], proxyRules: readonly DocRule[], root: string): string;
