/**
 * `npm run generate -- --check` fails on a stale generated file: shown on a
 * copy of the project in a temp folder (its sources, docs and scripts), where
 * the committed files are made stale on purpose. The unit tier checks that
 * the real ones are fresh (schemas/generated-files.test.ts).
 */
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadModule } from '../scripts/bundle-module.mjs';
import { projectRoot as root, runGenerate as generate, type GenerateOutcome } from '../schemas/run-generate.test-support.js';
import type { CatalogEntry } from '../suites/catalog/index.js';

/** What `jobs-conformance --list-rules` prints in the project at `project`, run from its sources. */
async function listRulesOf(project: string): Promise<string> {
  const cli = (await loadModule(join(project, 'cli', 'conformance-command.ts'))) as {
    main(io: { argv: string[]; env: NodeJS.ProcessEnv; stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream }): Promise<number>;
  };
  let out = '';
  const sink = (write: (text: string) => void) => ({ write: (text: string) => (write(text), true) }) as unknown as NodeJS.WritableStream;
  const code = await cli.main({
    argv: ['node', 'jobs-conformance', '--list-rules'],
    env: {},
    stdout: sink((text) => (out += text)),
    stderr: sink(() => {}),
  });
  expect(code).toBe(0);
  return out;
}

// One generation costs seconds of CPU (the rule files and the doc registries bundled and loaded): the copy is made stale
// in every way at once, checked, generated and checked again, and the schema change then checks that nothing else
// stayed stale. The tests read the outcomes.
describe('--check on a copy of the project', { timeout: 180_000 }, () => {
  let copy = '';
  const types = () => join(copy, 'schemas', 'types.gen.ts');
  const openapi = () => join(copy, 'openapi', 'jobs-api-v1.1.json');
  const prefixed = () => join(copy, 'openapi', 'jobs-api-v1.1.prefixed.json');
  const schemaModule = () => join(copy, 'schemas', 'schemas.gen.ts');
  const readme = () => join(copy, 'README.md');
  const ruleFile = () => join(copy, 'suites', 'checks', 'fixture-rule.ts');
  const catalogFile = () => join(copy, 'suites', 'catalog', 'catalog.gen.ts');
  const listFile = () => join(copy, 'suites', 'checks', 'rules.gen.ts');
  const staleFiles = (stderr: string) => [...stderr.matchAll(/^stale: (\S+)/gm)].map((match) => match[1]).sort();

  /** What each step of the shared sequence saw. */
  const seen = {} as {
    freshTypes: string;
    stale: GenerateOutcome;
    typesAfterCheck: string;
    written: GenerateOutcome;
    readmeWritten: string;
    listWritten: string;
    schemaStale: GenerateOutcome;
    schemaWritten: GenerateOutcome;
    typesAfterSchema: string;
    openapiAfterSchema: string;
    schemaModuleAfterSchema: string;
    schemaFresh: GenerateOutcome;
    refused: GenerateOutcome;
  };

  beforeAll(async () => {
    copy = mkdtempSync(join(tmpdir(), 'jobs-generate-'));
    // Every generator reads its own sources (the doc renderers import the registries they render).
    const skip = new Set(['node_modules', 'dist', '.git', '.stryker-tmp', 'mutation-report']);
    cpSync(root, copy, { recursive: true, filter: (src) => !skip.has(relative(root, src).split(sep)[0]!) });
    symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');

    // Stale three ways: a types file edited by hand, an example block that differs from its file, a new rule file.
    seen.freshTypes = readFileSync(types(), 'utf8');
    appendFileSync(types(), '\nexport type Stale = 1;\n');
    mkdirSync(join(copy, 'examples'), { recursive: true });
    writeFileSync(join(copy, 'examples', 'hello.ts'), "console.log('hello');\n");
    writeFileSync(readme(), "# Copy\n\n<!-- example: examples/hello.ts -->\n```ts\nconsole.log('old');\n```\n");
    writeFileSync(
      ruleFile(),
      [
        "import { fixedRule } from '../kit/rule-builders.js';",
        'export const fixtureRule = fixedRule(',
        "  { id: 'jobs.protocol.fixture-rule', section: '1', level: 'should', title: 'A fixture rule', statement: 'Read with GET.' },",
        '  async () => {},',
        ');',
        '',
      ].join('\n'),
    );
    seen.stale = await generate(copy, '--check');
    seen.typesAfterCheck = readFileSync(types(), 'utf8');
    seen.written = await generate(copy);
    seen.readmeWritten = readFileSync(readme(), 'utf8');
    seen.listWritten = readFileSync(listFile(), 'utf8');

    // A schema change without regenerating: exactly the schema's outputs are stale, so the generation above left
    // nothing else stale.
    const file = join(copy, 'schemas', 'category.schema.json');
    const schema = JSON.parse(readFileSync(file, 'utf8'));
    schema.properties.name.maxLength = 41;
    schema.properties.slug = { type: 'string' };
    writeFileSync(file, JSON.stringify(schema, null, 2));
    seen.schemaStale = await generate(copy, '--check');
    seen.schemaWritten = await generate(copy);
    seen.typesAfterSchema = readFileSync(types(), 'utf8');
    seen.openapiAfterSchema = readFileSync(openapi(), 'utf8');
    seen.schemaModuleAfterSchema = readFileSync(schemaModule(), 'utf8');
    seen.schemaFresh = await generate(copy, '--check');

    appendFileSync(readme(), '\n```ts\nconst handWritten = 1;\n```\n');
    seen.refused = await generate(copy, '--check');
    rmSync(readme());
  }, 300_000);
  afterAll(() => {
    if (copy) rmSync(copy, { recursive: true, force: true });
  });

  test('a stale types file fails, names the file, and is left as it was', () => {
    expect(seen.stale.code).toBe(1);
    expect(seen.stale.stderr).toContain(`stale: ${types()}`);
    expect(seen.typesAfterCheck).toBe(`${seen.freshTypes}\nexport type Stale = 1;\n`);
    expect(seen.written.code).toBe(0);
  });

  test('a schema change without regenerating fails on every generated file; generating fixes it', () => {
    expect(seen.schemaStale.code).toBe(1);
    expect(staleFiles(seen.schemaStale.stderr)).toEqual([openapi(), prefixed(), schemaModule(), types()].sort());
    expect(seen.schemaWritten.code).toBe(0);
    expect(seen.typesAfterSchema).toMatch(/export interface Category \{[^}]*slug\?: string;/);
    expect(JSON.parse(seen.openapiAfterSchema).components.schemas.Category.properties.name.maxLength).toBe(41);
    expect(seen.schemaModuleAfterSchema).toContain('"slug": {');
    expect(seen.schemaFresh.code).toBe(0);
  });

  test('an example block that differs from its file is stale; a ts block that is no example file is refused', () => {
    expect(seen.stale.code).toBe(1);
    expect(seen.stale.stderr).toContain(`stale: ${readme()}`);
    expect(seen.written.code).toBe(0);
    expect(seen.readmeWritten).toBe("# Copy\n\n<!-- example: examples/hello.ts -->\n```ts\nconsole.log('hello');\n```\n");
    // Fresh after generating: the schema change's check names the schema's outputs only.
    expect(staleFiles(seen.schemaStale.stderr)).not.toContain(readme());

    expect(seen.refused.code).toBe(1);
    expect(seen.refused.stderr).toContain('README.md:8: a code block that is not an example file');
  });

  test('a rule file added under suites/checks/ is in the generated catalog and in --list-rules, last of its area', async () => {
    expect(seen.stale.code).toBe(1);
    expect(seen.stale.stderr).toContain(`stale: ${catalogFile()}`);
    expect(seen.stale.stderr).toContain(`stale: ${listFile()}`);
    expect(seen.written.code).toBe(0);
    expect(seen.listWritten).toContain('fixtureRule.fixtureRule,');
    expect(staleFiles(seen.schemaStale.stderr)).not.toContain(catalogFile());

    const { catalog } = (await loadModule(join(copy, 'suites', 'catalog', 'index.ts'))) as { catalog: CatalogEntry[] };
    const ids = catalog.map((entry) => entry.id);
    const protocol = ids.filter((id) => id.startsWith('jobs.protocol.'));
    expect(protocol.at(-1)).toBe('jobs.protocol.fixture-rule');
    expect(ids.indexOf('jobs.protocol.fixture-rule')).toBe(ids.indexOf(protocol.at(-2)!) + 1);
    expect(catalog.find((entry) => entry.id === 'jobs.protocol.fixture-rule')).toEqual({
      id: 'jobs.protocol.fixture-rule',
      section: '1',
      level: 'should',
      area: 'protocol',
      title: 'A fixture rule',
      statement: 'Read with GET.',
    });
    expect(await listRulesOf(copy)).toMatch(/^jobs\.protocol\.fixture-rule +§1 +should +A fixture rule$/m);
  });

  test('a rule file that declares a rule it does not export fails generation and names the rule', async () => {
    const ruleFile = join(copy, 'suites', 'checks', 'hidden-rule.ts');
    writeFileSync(
      ruleFile,
      [
        "import { fixedRule } from '../kit/rule-builders.js';",
        "const hidden = fixedRule({ id: 'jobs.protocol.hidden', section: '1', level: 'must', title: 't', statement: 's' }, async () => {});",
        'export const notARule = [hidden.id];',
        '',
      ].join('\n'),
    );
    try {
      const outcome = await generate(copy, '--check');
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain('suites/checks/hidden-rule.ts: the rule jobs.protocol.hidden is not exported');
    } finally {
      rmSync(ruleFile);
    }
  });

  test('a generator whose entry file is missing fails and names the file, instead of leaving its doc unchecked', async () => {
    const entry = join(copy, 'scripts', 'docs', 'choices-doc.ts');
    renameSync(entry, `${entry}.moved`);
    try {
      const outcome = await generate(copy, '--check');
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain('generate: scripts/docs/choices-doc.ts does not exist, so docs/mock-choices.md cannot be generated');
    } finally {
      renameSync(`${entry}.moved`, entry);
    }
  });
});
