/**
 * @module The model-based lifecycle rule (spec 3, with 4.1-4.5 and 4.7):
 * random sequences of operations run against the target and a model of the
 * employer's jobs; after every step the target must agree with the model,
 * and at the end every live job reads back, every deleted job is gone and
 * the scoped list holds exactly the live jobs. A failing sequence is shrunk
 * (fast-check's command shrinking, through ctx.check) to the shortest that
 * still fails, and reported as readable steps.
 */
import * as fc from 'fast-check';
import { ReferenceDataError } from '../arbitraries/job.js';
import { jobCommandsArb } from '../model/job-commands-arb.js';
import { emptyModel, type JobsModel, type ModelReal } from '../model/jobs-model.js';
import { expectTargetAgrees } from '../model/verify-target.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

const lifecycle: Implementation = propertyRule('jobs.model.lifecycle', {
  arbitrary: (ctx) => {
    try {
      return jobCommandsArb(ctx.refs, ctx.tag);
    } catch (error) {
      if (error instanceof ReferenceDataError) ctx.skip(`cannot build a job: ${error.message}`);
      throw error;
    }
  },
  check: async (ctx, cmds) => {
    // Each execution is its own case: its tag scopes the list to the jobs of this sequence only.
    const real: ModelReal = { ctx, scope: ctx.caseTag?.() ?? ctx.tag };
    const model: JobsModel = emptyModel();
    await fc.asyncModelRun(() => ({ model, real }), cmds);
    await expectTargetAgrees(real, model);
  },
});

/**
 * The model-based rules.
 *
 * @example
 * await runConformance({ baseUrl, apiKey, rules: modelRules, seed: 11 });
 */
export const modelRules: Implementation[] = [lifecycle];
