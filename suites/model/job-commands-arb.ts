/**
 * @module The lifecycle commands as one fast-check `commands` arbitrary.
 * Targets are positions (taken modulo the live jobs at run time), so every
 * generated or shrunk sequence is meaningful in any state. Bodies send a
 * complete salary (maxAmount and plusCommission explicit), so the model
 * expects the salary sent; the salary-part steps send parts, which merge
 * into the stored one (dependent-patches.ts).
 */
import * as fc from 'fast-check';
import { jobCreateArb, jobFieldUpdateArb, jobStatusArb, titleArb, type JobArbOptions } from '../arbitraries/job.js';
import type { Body, ReferenceData } from '../contract/rule.js';
import { ArchiveJobCommand } from './commands/archive-job.js';
import { ClearSalaryCommand } from './commands/clear-salary.js';
import { CreateDuplicateJobCommand } from './commands/create-duplicate-job.js';
import { CreateJobCommand } from './commands/create-job.js';
import { CreatePrefixSiblingCommand } from './commands/create-prefix-sibling.js';
import { DeleteFreedReferenceCommand } from './commands/delete-freed-reference.js';
import { DeleteJobCommand } from './commands/delete-job.js';
import { GetDeletedJobCommand } from './commands/get-deleted-job.js';
import { GetEditPutCommand } from './commands/get-edit-put.js';
import { GetJobCommand } from './commands/get-job.js';
import { ListJobsCommand } from './commands/list-jobs.js';
import { OtherEmployerCreateCommand } from './commands/other-employer-create.js';
import { OtherEmployerDeleteCommand } from './commands/other-employer-delete.js';
import { OtherEmployerRenameCommand } from './commands/other-employer-rename.js';
import { OtherEmployerUpdateCommand } from './commands/other-employer-update.js';
import { PutCreateJobCommand } from './commands/put-create-job.js';
import { RenameReferenceCommand } from './commands/rename-reference.js';
import { RepublishJobCommand } from './commands/republish-job.js';
import { ReuseReferenceCommand } from './commands/reuse-reference.js';
import { UpdateJobCommand } from './commands/update-job.js';
import { routingSwitchArb, salaryPartArb } from './dependent-patches.js';
import type { JobsCommand } from './jobs-model.js';
import { CREATE_FORMS, ID_FORMS, UPDATE_FORMS } from '../kit/rejected-writes.js';
import { DELETE_WAYS } from '../kit/delete-forms.js';

function completeSalary(body: Body): Body {
  const salary = body.salary as { maxAmount?: number | null; plusCommission?: boolean } | null | undefined;
  if (salary === null || salary === undefined) return body;
  return { ...body, salary: { ...salary, maxAmount: salary.maxAmount ?? null, plusCommission: salary.plusCommission ?? false } };
}

export interface JobCommandsOptions extends JobArbOptions {
  /** Longest sequence generated (default 30). */
  maxCommands?: number;
  /** The run has a second employer's key: add the commands in which that employer acts on the same referenceIds. */
  withSecondEmployer?: boolean;
}

/**
 * Random sequences of create, PUT-create, partial update, GET-edit-PUT,
 * a part of a salary, the routing type switched, salary cleared by null, archive, re-publish (each by id, by referenceId or
 * through the method override), referenceId renamed, delete (three ways), a
 * freed referenceId taken again or deleted by, a referenceId extended by a
 * digit, get, get-deleted, list and duplicate create; with a second
 * employer, that employer's creates, updates, renames and deletes on the same
 * referenceIds.
 *
 * @example
 * await ctx.check(jobCommandsArb(ctx.refs, ctx.tag), async (cmds) => {
 *   await fc.asyncModelRun(() => ({ model: emptyModel(), real: { ctx, scope } }), cmds);
 * });
 */
export function jobCommandsArb(refs: ReferenceData, tag: string, options: JobCommandsOptions = {}): fc.Arbitrary<Iterable<JobsCommand>> {
  const body = jobCreateArb(refs, tag, { ...options, withStatus: true }).map(completeSalary);
  const patch = jobFieldUpdateArb(refs, tag, options).map(completeSalary);
  const title = titleArb(tag);
  const position = fc.nat();
  const putVia = fc.constantFrom(...UPDATE_FORMS);
  const createVia = fc.constantFrom(...CREATE_FORMS);
  // Half the time position 0 (the referenceId freed last; the oldest live job), so "delete, then reuse the referenceId"
  // and "extend a referenceId, then delete by the shorter one" are common pairs.
  const recent = fc.oneof(fc.constant(0), position);
  const deleteJob = fc
    .record({ position: recent, via: fc.constantFrom(...DELETE_WAYS) })
    .map(({ position: p, via }) => new DeleteJobCommand(p, via));
  const create = body.map((b) => new CreateJobCommand(b));
  const putCreate = body.map((b) => new PutCreateJobCommand(b));
  // fc.commands draws its entries evenly: creates are listed several times, so most steps find jobs to act on.
  const commands: fc.Arbitrary<JobsCommand>[] = [
    create,
    create,
    create,
    putCreate,
    putCreate,
    // Half the time judged on its answer alone: the next write's answer shows whether the change was kept.
    fc
      .record({ position, patch, via: putVia, readBack: fc.boolean() })
      .map(({ position: p, patch: u, via, readBack }) => new UpdateJobCommand(p, u, via, tag, readBack)),
    // A field's history: parts of a salary merged into it, the routing type switched back and forth.
    fc.record({ position, part: salaryPartArb, via: putVia }).map(({ position: p, part, via }) => new UpdateJobCommand(p, part, via, tag)),
    fc
      .record({ position, change: routingSwitchArb, via: putVia })
      .map(({ position: p, change, via }) => new UpdateJobCommand(p, change, via, tag)),
    fc.record({ position, title, via: putVia }).map(({ position: p, title: t, via }) => new GetEditPutCommand(p, t, via, tag)),
    fc.record({ position, via: putVia }).map(({ position: p, via }) => new ClearSalaryCommand(p, via)),
    // Archiving, half the time with another field changed in the same body (4.3: the fields sent change, status among them).
    fc
      .record({ position, via: putVia, also: fc.option(patch, { nil: undefined, freq: 2 }) })
      .map(({ position: p, via, also }) => new ArchiveJobCommand(p, via, also && { patch: also, tag })),
    fc.record({ position, via: putVia }).map(({ position: p, via }) => new RepublishJobCommand(p, via)),
    // Renaming, now and then with another field changed in the same body (4.3: the fields sent change, referenceId among them).
    fc
      .record({
        position,
        via: fc.constantFrom(...ID_FORMS),
        freed: fc.option(recent, { nil: undefined }),
        also: fc.option(patch, { nil: undefined, freq: 3 }),
      })
      .map(({ position: p, via, freed, also }) => new RenameReferenceCommand(p, via, freed, also && { patch: also, tag })),
    deleteJob,
    deleteJob,
    fc.record({ position: recent, body, via: createVia }).map(({ position: p, body: b, via }) => new ReuseReferenceCommand(p, b, via)),
    recent.map((p) => new DeleteFreedReferenceCommand(p)),
    fc.record({ position: recent, body, via: createVia }).map(({ position: p, body: b, via }) => new CreatePrefixSiblingCommand(p, b, via)),
    position.map((p) => new GetJobCommand(p)),
    position.map((p) => new GetDeletedJobCommand(p)),
    fc.option(jobStatusArb, { nil: undefined }).map((s) => new ListJobsCommand(s)),
    fc.record({ position, body }).map(({ position: p, body: b }) => new CreateDuplicateJobCommand(p, b, tag)),
  ];
  if (options.withSecondEmployer) {
    commands.push(
      fc.record({ position, body, via: createVia }).map(({ position: p, body: b, via }) => new OtherEmployerCreateCommand(p, b, via)),
      fc.record({ position, title }).map(({ position: p, title: t }) => new OtherEmployerUpdateCommand(p, t, tag)),
      position.map((p) => new OtherEmployerRenameCommand(p)),
      position.map((p) => new OtherEmployerDeleteCommand(p)),
      fc.record({ position, via: fc.constantFrom(...DELETE_WAYS) }).map(({ position: p, via }) => new DeleteJobCommand(p, via, 'shared')),
    );
  }
  // 'medium': fast-check's default 'small' size keeps sequences to about 5 commands, too short to reach most states.
  return fc.commands(commands, { maxCommands: options.maxCommands ?? 30, size: 'medium' });
}
