/**
 * @module The one mutant toolkit: every broken mock a test needs
 * is either a registered mutant, looked up by name, or built from the same
 * building blocks the mutants are made of, never a hand-written
 * `(next) => (req) => ...` wrapper (only test/mock/, which tests the
 * `transform` option itself, writes its own).
 *
 * @example
 * import { mockOptions, mutantNamed } from './kit.js';
 * await using mock = await createMockServer(mockOptions(mutantNamed('create-without-location-header')));
 */
import type { TestMockServerOptions } from '../../mock/testing.js';
import { mutants } from './index.js';
import type { Mutant, Transform } from './mutant.js';

export { expectedRules, primaryRule, type Mutant, type Transform } from './mutant.js';
export { isJobBody, isListBody, jsonResponse, requestJson, responseJson, withResponseJson, type JsonObject } from './support/json.js';
export {
  effectiveMethod,
  isAnyUpdate,
  isAnyUpdateById,
  isAnyUpdateByReference,
  isAnyWrite,
  isCollection,
  isDelete,
  isItem,
  isJobsPath,
  isOverride,
  isList,
  isPost,
  isPut,
  isPutById,
  isPutByReference,
  jobIdOf,
} from './support/routes.js';
export {
  answerInstead,
  clipsText,
  reshapeRequest,
  rewriteJobs,
  rewriteRequest,
  rewriteResponse,
  rewriteResponseText,
} from './support/transforms.js';

/**
 * The registered mutant called `name` (docs/mutants.md lists them).
 *
 * @example
 * const { transform, choices } = mutantNamed('limits-salary-two-decimals');
 */
export function mutantNamed(name: string): Mutant {
  const mutant = mutants.find((candidate) => candidate.name === name);
  if (mutant === undefined) throw new Error(`no mutant named ${name}; see docs/mutants.md for the list`);
  return mutant;
}

/** A broken variant of the mock: a registered mutant, or a transform built with this kit (and the choices it runs on). */
export interface Variant {
  readonly transform?: Transform | undefined;
  readonly choices?: Readonly<Record<string, string>> | undefined;
}

/**
 * The createMockServer options that start `variant` on a free port (the
 * plain mock when `variant` is undefined).
 *
 * @example
 * await using mock = await createMockServer(mockOptions({ transform: rewriteRequest(isPost, (body) => { delete body.title; }) }));
 */
export function mockOptions(variant?: Variant): TestMockServerOptions {
  return {
    port: 0,
    ...(variant?.transform ? { transform: variant.transform } : {}),
    ...(variant?.choices ? { choices: variant.choices } : {}),
  };
}
