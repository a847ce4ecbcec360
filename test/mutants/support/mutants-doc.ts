/**
 * @module docs/mutants.md, rendered from the mutant list: what each breaks
 * and which rule flags it. mutants-doc.test.ts keeps the file in step.
 */
import { expectedRules, primaryRule, type Mutant } from '../mutant.js';

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * @example
 * await writeFile('docs/mutants.md', renderMutantsDoc(mutants));
 */
export function renderMutantsDoc(mutants: readonly Mutant[]): string {
  const areas = new Set(mutants.map((mutant) => mutant.area));
  const rows = mutants.map((mutant) => {
    const also = expectedRules(mutant).slice(1);
    const flagged = `\`${primaryRule(mutant)}\`${also.length > 0 ? `<br>also: ${also.map((id) => `\`${id}\``).join(', ')}` : ''}`;
    return `| \`${mutant.name}\` | ${mutant.area} | ${cell(mutant.violates)} | ${flagged} |`;
  });
  return `<!-- Generated from test/mutants/*.ts by test/mutants/mutants-doc.test.ts (UPDATE_MUTANTS_DOC=1 rewrites it). Do not edit. -->
# Mutants: broken variants of the mock that the suite must flag

The project keeps ${mutants.length} deliberately broken variants of the reference mock, over ${areas.size} areas (GitHub issue 4).
Each breaks exactly one spec statement. It is a \`transform\` around the real mock core (\`createMockServer({ transform })\`): it rewrites a request before the core sees it, rewrites a response after, or keeps a little state of its own. It never edits the mock's code.

\`test/mutants/mutants.test.ts\` starts each mutant on a free port and runs the \`jobs-conformance\` CLI against it, the way a user would:
the default budget (default \`--runs\`, a random seed) and both demo keys, so that the isolation rules run.
The test passes only if the report has failed rules and the mutant's rule is among them. The plain mock is the control: against it every rule must pass (none failed, none skipped). A mutant must never make the suite itself break (a rule with status \`error\`).

- **Run:** \`npx vitest run test/mutants\`. It runs a private copy of \`dist/\` (compiled afresh when a suite source is newer), so that a rebuild elsewhere cannot break a run half-way.
- **Replay a failure:** \`MUTANTS_SEED=<seed> npx vitest run test/mutants -t <name>\`. The failure message gives both values.
- **Speed:** runs overlap (\`MUTANTS_CONCURRENCY\`, default 3). The suites run in child processes and the mocks in the test process, so every core is used.
- **Use one in a test:** \`mutantNamed(name)\` in \`test/mutants/kit.ts\` returns a registered mutant, and \`mockOptions(mutant)\` starts it with \`createMockServer\`. A test that needs a broken mock no mutant gives builds it with the same kit (\`rewriteRequest\`, \`rewriteResponse\`, \`rewriteJobs\`, \`reshapeRequest\`, \`answerInstead\`).
- **Add a mutant** whenever you add a rule. Put it in the file of its area, with a comment naming the spec section, then regenerate this page: \`UPDATE_MUTANTS_DOC=1 npx vitest run test/mutants/mutants-doc.test.ts\`.

"Flagged by" names the rule that must fail. "also" lists rules the same fault trips by necessity: for example, every rule that reads a job fails on a job body that breaks the schema.

| Mutant | Area | Spec statement broken (what the mutant does) | Flagged by |
|---|---|---|---|
${rows.join('\n')}
`;
}
