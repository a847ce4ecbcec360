/**
 * The generated files (schemas/types.gen.ts, schemas/schemas.gen.ts,
 * openapi/jobs-api-v1.1.json, docs/mock-choices.md, docs/observations.md, docs/rules.md, docs/mutants.md, docs/spec-coverage.md, and the
 * examples/ files inlined into README.md and docs/) are committed. `npm run generate -- --check`
 * fails when any of them differs from what
 * the schema files give, so a schema change without `npm run generate` fails
 * `npm test`. That the check fails on a stale file is shown on a copy of the project, in the
 * integration tier (test/generated-files-check.test.ts).
 */
import { expect, test } from 'vitest';
import { projectRoot as root, runGenerate as generate } from './run-generate.test-support.js';

test('the committed types and OpenAPI document are fresh (else run `npm run generate` and commit)', async () => {
  const outcome = await generate(root, '--check');
  expect(outcome.stderr).toBe('');
  expect(outcome.code).toBe(0);
});
