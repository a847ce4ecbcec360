/**
 * @module The model-based lifecycle rule (spec 3, with 4.1-4.5 and 4.7):
 * random sequences of operations run against the target and a model of the
 * employer's jobs; after every step the target must agree with the model,
 * and at the end every live job reads back, every deleted job is gone and
 * the scoped list holds exactly the live jobs. With a second key, the second
 * employer acts on the same referenceIds, and its own scoped list must hold
 * exactly its own jobs. A failing sequence is shrunk
 * (fast-check's command shrinking, through ctx.check) to the shortest that
 * still fails, and reported as readable steps.
 */
import * as fc from 'fast-check';
import { ReferenceDataError } from '../arbitraries/job.js';
import { jobCommandsArb } from '../model/job-commands-arb.js';
import { scriptedSequence } from '../model/scripted-sequence.js';
import { emptyModel, type JobsModel, type ModelReal } from '../model/jobs-model.js';
import { expectTargetAgrees } from '../model/verify-target.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

const lifecycle: Implementation = propertyRule(
  {
    id: 'jobs.model.lifecycle',
    section: '3',
    level: 'must',
    title:
      'Random sequences of create, PUT-create, partial update, GET-edit-PUT, archive, re-publish, rename, delete, reuse of freed referenceIds, get and ' +
      "list (by id, referenceId and override; a second employer on the same referenceIds) agree with a model of the employer's jobs",
    statement: "A job's `status` is one of `active`, `archived`, `draft`. … Updates are partial. Only the fields sent change.",
    long: true,
  },
  {
    independentCases: true,
    // Fewer, longer sequences: the referenceId commands need several steps to set up (create, rename or delete, reuse).
    maxRuns: 10,
    arbitrary: (ctx) => {
      try {
        return fc.record({ cmds: jobCommandsArb(ctx.refs, ctx.tag, { withSecondEmployer: ctx.second !== undefined }) });
      } catch (error) {
        if (error instanceof ReferenceDataError) ctx.skip(`cannot build a job: ${error.message}`);
        throw error;
      }
    },
    // Every run first sends the scripted sequence: each way of naming a job once, set up in order.
    examples: (ctx) => [{ cmds: scriptedSequence(ctx.refs, ctx.tag, ctx.second !== undefined) }],
    check: async (ctx, { cmds }) => {
      // Each execution is its own case: its tag scopes the list to the jobs of this sequence only.
      const real: ModelReal = { ctx, scope: ctx.caseTag?.() ?? ctx.tag, ...(ctx.second ? { second: ctx.second } : {}) };
      const model: JobsModel = emptyModel();
      await fc.asyncModelRun(() => ({ model, real }), cmds);
      await expectTargetAgrees(real, model);
    },
  },
);

/**
 * The model-based rules.
 *
 * @example
 * await runConformance({ baseUrl, apiKey, rules: modelRules, seed: 11 });
 */
export const modelRules: Implementation[] = [lifecycle];
