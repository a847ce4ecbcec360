/**
 * @module The lifecycle commands as one fast-check `commands` arbitrary.
 * Targets are positions (taken modulo the live jobs at run time), so every
 * generated or shrunk sequence is meaningful in any state. Bodies send a
 * complete salary (maxAmount and plusCommission explicit), so the model
 * expects the salary sent (partial salaries merge into the stored one:
 * jobs.update.salary-merge probes that).
 */
import * as fc from 'fast-check';
import { jobCreateArb, jobFieldUpdateArb, jobStatusArb, type JobArbOptions } from '../arbitraries/job.js';
import type { Body, ReferenceData } from '../engine/rule.js';
import { ArchiveJobCommand } from './commands/archive-job.js';
import { CreateDuplicateJobCommand } from './commands/create-duplicate-job.js';
import { CreateJobCommand } from './commands/create-job.js';
import { DeleteJobCommand } from './commands/delete-job.js';
import { GetDeletedJobCommand } from './commands/get-deleted-job.js';
import { GetJobCommand } from './commands/get-job.js';
import { ListJobsCommand } from './commands/list-jobs.js';
import { PutCreateJobCommand } from './commands/put-create-job.js';
import { RepublishJobCommand } from './commands/republish-job.js';
import { UpdateJobCommand } from './commands/update-job.js';
import type { JobsCommand } from './jobs-model.js';

function completeSalary(body: Body): Body {
  const salary = body.salary as { maxAmount?: number | null; plusCommission?: boolean } | null | undefined;
  if (salary === null || salary === undefined) return body;
  return { ...body, salary: { ...salary, maxAmount: salary.maxAmount ?? null, plusCommission: salary.plusCommission ?? false } };
}

export interface JobCommandsOptions extends JobArbOptions {
  /** Longest sequence generated (default 25; sequences average about 12 commands). */
  maxCommands?: number;
}

/**
 * Random sequences of create, PUT-create, partial update, archive,
 * re-publish, delete (three ways), get, get-deleted, list and duplicate create.
 *
 * @example
 * await ctx.check(jobCommandsArb(ctx.refs, ctx.tag), async (cmds) => {
 *   await fc.asyncModelRun(() => ({ model: emptyModel(), real: { ctx, scope } }), cmds);
 * });
 */
export function jobCommandsArb(refs: ReferenceData, tag: string, options: JobCommandsOptions = {}): fc.Arbitrary<Iterable<JobsCommand>> {
  const body = jobCreateArb(refs, tag, { ...options, withStatus: true }).map(completeSalary);
  const patch = jobFieldUpdateArb(refs, tag, options).map(completeSalary);
  const position = fc.nat();
  const putVia = fc.constantFrom('id' as const, 'reference' as const);
  const commands: fc.Arbitrary<JobsCommand>[] = [
    body.map((b) => new CreateJobCommand(b)),
    body.map((b) => new CreateJobCommand(b)),
    body.map((b) => new PutCreateJobCommand(b)),
    fc.record({ position, patch, via: putVia }).map(({ position: p, patch: u, via }) => new UpdateJobCommand(p, u, via, tag)),
    fc.record({ position, via: putVia }).map(({ position: p, via }) => new ArchiveJobCommand(p, via)),
    fc.record({ position, via: putVia }).map(({ position: p, via }) => new RepublishJobCommand(p, via)),
    fc
      .record({ position, via: fc.constantFrom('id' as const, 'reference' as const, 'override' as const) })
      .map(({ position: p, via }) => new DeleteJobCommand(p, via)),
    position.map((p) => new GetJobCommand(p)),
    position.map((p) => new GetDeletedJobCommand(p)),
    fc.option(jobStatusArb, { nil: undefined }).map((s) => new ListJobsCommand(s)),
    fc.record({ position, body }).map(({ position: p, body: b }) => new CreateDuplicateJobCommand(p, b, tag)),
  ];
  // 'medium': fast-check's default 'small' size keeps sequences to about 5 commands, too short to reach most states.
  return fc.commands(commands, { maxCommands: options.maxCommands ?? 25, size: 'medium' });
}
