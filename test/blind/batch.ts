/**
 * @module What a blind batch is: bugs planted in the reference mock by someone who has read the spec and
 * the mock but not the suite, to measure how much of what nobody described the suite catches the first
 * time it meets it (test/blind/README.md is the writers' brief). A batch file default-exports a
 * `BlindBatch`, built with the mutant toolkit, which this module hands on so a writer imports from one place.
 *
 * @example
 * import { answerInstead, isPost, jsonResponse, requestJson, type BlindBatch } from '/path/to/checkout/test/blind/batch.js';
 *
 * export default {
 *   // 8 "title | max 256 characters": a title of exactly 256 characters is valid.
 *   'title-of-256-refused-on-post': {
 *     transform: answerInstead(
 *       (req) => isPost(req) && [...String(requestJson(req)?.title ?? '')].length === 256,
 *       () => jsonResponse(400, { code: 'validation_failed' }),
 *     ),
 *   },
 * } satisfies BlindBatch;
 */
import type { Variant } from '../mutants/kit.js';

export type { CoreHandler, CoreRequest, CoreResponse } from '../../mock/index.js';
export * from '../mutants/kit.js';
export { serverError, withJsonBody } from '../mutants/support/json.js';
export { currentJob, jobByReference, namedJob, sideRequest } from '../mutants/support/side-requests.js';

/** One planted bug: the transform that wraps the mock's core, and the mock's choice switches it runs on. */
export type BlindEntry = Variant;

/** A batch: its bugs by kebab-case name, each name saying what the bug breaks. */
export type BlindBatch = Readonly<Record<string, BlindEntry>>;
