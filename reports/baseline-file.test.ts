import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBaselineWritable, readBaseline, writeBaseline } from './baseline-file.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'baseline-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('readBaseline', () => {
  it('reads the object form and records the source', async () => {
    const file = join(dir, 'baseline.json');
    await writeFile(file, JSON.stringify({ rules: [{ id: 'jobs.create.location-header', reason: 'ticket 12' }] }));
    expect(await readBaseline(file)).toEqual({ rules: [{ id: 'jobs.create.location-header', reason: 'ticket 12' }], source: file });
  });

  it('reads a plain list of ids', async () => {
    const file = join(dir, 'ids.json');
    await writeFile(file, '["a.b", "c.d"]');
    expect((await readBaseline(file)).rules).toEqual([{ id: 'a.b' }, { id: 'c.d' }]);
  });

  it('reports a missing file and invalid JSON with distinct codes', async () => {
    await expect(readBaseline(join(dir, 'missing.json'))).rejects.toMatchObject({ code: 'BASELINE_UNREADABLE' });
    const file = join(dir, 'bad.json');
    await writeFile(file, '{ rules: ');
    await expect(readBaseline(file)).rejects.toMatchObject({ code: 'BASELINE_INVALID', context: { file } });
  });
});

describe('writeBaseline', () => {
  it('writes what readBaseline reads back, one entry a line, without the source', async () => {
    const file = join(dir, 'written.json');
    const rules = [{ id: 'jobs.create.location-header', reason: 'POST /jobs responded 201 without a Location header' }, { id: 'a.b' }];
    await writeBaseline(file, { rules, source: 'elsewhere.json' });
    expect(await readFile(file, 'utf8')).toBe(`{\n  "rules": [\n    ${JSON.stringify(rules[0])},\n    {"id":"a.b"}\n  ]\n}\n`);
    expect(await readBaseline(file)).toEqual({ rules, source: file });
    await writeBaseline(file, { rules: [] });
    expect(await readBaseline(file)).toEqual({ rules: [], source: file });
  });

  it('refuses a file in a folder that does not exist, before and at writing, with BASELINE_UNWRITABLE', async () => {
    const file = join(dir, 'missing', 'baseline.json');
    await expect(checkBaselineWritable(file)).rejects.toMatchObject({
      name: 'ReportError',
      code: 'BASELINE_UNWRITABLE',
      context: { file },
    });
    await expect(writeBaseline(file, { rules: [] })).rejects.toMatchObject({ code: 'BASELINE_UNWRITABLE' });
    await expect(checkBaselineWritable(join(dir, 'fine.json'))).resolves.toBeUndefined();
  });
});
