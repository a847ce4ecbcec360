import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { areaOfRuleId, PROXY_RULE_ID, SUITE_RULE_ID } from './entry.js';
import { catalog, catalogEntry, proxyCatalog } from './index.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const everyEntry = [...catalog, ...proxyCatalog];

/** Every `.ts` file under suites/ (as `grep -rn` walks it), relative to the repository, with its text. */
function suitesFiles(): Array<[string, string]> {
  return readdirSync(join(ROOT, 'suites'), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path): [string, string] => [relative(ROOT, path).split('\\').join('/'), readFileSync(path, 'utf8')]);
}

describe('the rule catalog', () => {
  it('holds every id once', () => {
    const ids = everyEntry.map((entry) => entry.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(catalog.length).toBeGreaterThan(100);
  });

  it('every id follows the one grammar: jobs.<group>.<name>[.<variant>] or proxy.<side>.<name>, lowercase kebab segments', () => {
    expect(catalog.filter((entry) => !SUITE_RULE_ID.test(entry.id)).map((entry) => entry.id)).toEqual([]);
    expect(proxyCatalog.filter((entry) => !PROXY_RULE_ID.test(entry.id)).map((entry) => entry.id)).toEqual([]);
  });

  it('the grammar refuses what it does not describe', () => {
    const notIds = [
      'jobs.create',
      'jobs.Create.location',
      'jobs.create.location_header',
      'jobs.a.b.c.d',
      'create.location-header',
      'jobs.create.-x',
      'jobs..x',
    ];
    for (const id of notIds) {
      expect(SUITE_RULE_ID.test(id), id).toBe(false);
    }
    for (const id of ['proxy.both.api-key', 'proxy.client', 'proxy.client.api-key.get', 'proxy.client.API-key'])
      expect(PROXY_RULE_ID.test(id), id).toBe(false);
    expect(SUITE_RULE_ID.test('jobs.auth.missing-key.put-by-id')).toBe(true);
  });

  it("grep finds every id: its literal entry is in its rule file (the proxy's in proxy.ts), and once in the generated catalog", () => {
    const files = suitesFiles();
    const entryFiles = (id: string) =>
      files.filter(([file, text]) => !file.endsWith('.test.ts') && text.includes(`id: '${id}',`)).map(([file]) => file);
    const misplaced = everyEntry
      .map((entry) => ({ id: entry.id, files: entryFiles(entry.id) }))
      .filter(({ id, files: found }) => {
        const declared = found.filter((file) => file !== 'suites/catalog/catalog.gen.ts');
        const home = id.startsWith('proxy.') ? declared[0] === 'suites/catalog/proxy.ts' : declared[0]?.startsWith('suites/checks/');
        return declared.length !== 1 || !home || found.length !== (id.startsWith('proxy.') ? 1 : 2);
      });
    expect(misplaced).toEqual([]);
  });

  it("a rule's area is its id's group, PUT-create's being create", () => {
    expect(catalog.filter((entry) => entry.area !== areaOfRuleId(entry.id)).map((entry) => entry.id)).toEqual([]);
    expect(areaOfRuleId('jobs.put-create.defaults')).toBe('create');
    expect(() => areaOfRuleId('jobs.nowhere.x')).toThrow(/its group "nowhere" is no area/);
  });

  it('every entry names its section, level, title and the spec sentence it checks', () => {
    const incomplete = everyEntry.filter(
      (entry) =>
        !/^\d+(\.\d+)*$/.test(entry.section) ||
        !['must', 'should'].includes(entry.level) ||
        entry.title.trim() === '' ||
        entry.statement.trim() === '',
    );
    expect(incomplete.map((entry) => entry.id)).toEqual([]);
  });

  it("looks an entry up by id, the suite's and the proxy's", () => {
    expect(catalogEntry('jobs.create.location-header')).toMatchObject({ section: '4.2', area: 'create' });
    expect(catalogEntry('proxy.client.api-key')).toMatchObject({ section: '5', area: 'proxy-client' });
    expect(catalogEntry('jobs.create.nothing-like-this')).toBeUndefined();
  });
});
