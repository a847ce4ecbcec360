/**
 * @module The one sequence the lifecycle rule sends in every run before its
 * random ones (the model's "boundaries first"): each way of naming a job
 * once, in the order that sets it up. Two referenceIds, one a prefix of the
 * other; the GET-edit-PUT by id, by referenceId and by override, and a title set back to the
 * one it had two writes ago, then to the one it was created with; salary
 * cleared by null, then set again in parts, the other job given an equal one; the routing type switched back
 * and forth; that changed job archived, edited while archived and re-published, then archived on
 * each path with another field changed in the same body; a delete by referenceId, then the referenceId taken again;
 * a rename by id with another field, then back to the referenceId it held (through the override),
 * then the one it left (a PUT /jobs with it creates) and the job's own one (an
 * update by it), and one by override with another field; the header fields a list shows (confidential,
 * locations) changed; a DELETE by a freed referenceId, then a POST taking a
 * referenceId freed by a rename; a delete through the override and one by id,
 * each followed by its referenceId taken again; and, with a
 * second key, the second employer creating, updating and deleting by the
 * same referenceIds, renaming its job to one only the first employer holds,
 * and deleting by one only the first employer holds; then the first employer deleting, each way, a job whose
 * referenceId the second holds too, and taking it again. Before that, an update judged on its answer alone, then one by
 * id whose answer must hold it; two jobs of the first employer trade
 * referenceIds through a third, and a create with either name is refused; and a renamed job's status is changed by
 * its new referenceId; last, a rename by id and the name it left taken through the override's PUT-create.
 * Random sequences reach the same commands in other orders and states.
 */
import * as fc from 'fast-check';
import { jobCreateArb, jobFieldUpdateArb, titleArb } from '../arbitraries/job.js';
import type { Body, ReferenceData } from '../contract/rule.js';
import { ArchiveJobCommand } from './commands/archive-job.js';
import { ClearSalaryCommand } from './commands/clear-salary.js';
import { CreateDuplicateJobCommand } from './commands/create-duplicate-job.js';
import { CreateJobCommand } from './commands/create-job.js';
import { CreatePrefixSiblingCommand } from './commands/create-prefix-sibling.js';
import { DeleteFreedReferenceCommand } from './commands/delete-freed-reference.js';
import { DeleteJobCommand } from './commands/delete-job.js';
import { GetEditPutCommand } from './commands/get-edit-put.js';
import { OtherEmployerCreateCommand } from './commands/other-employer-create.js';
import { OtherEmployerDeleteCommand } from './commands/other-employer-delete.js';
import { OtherEmployerRenameCommand } from './commands/other-employer-rename.js';
import { OtherEmployerUpdateCommand } from './commands/other-employer-update.js';
import { RenameReferenceCommand } from './commands/rename-reference.js';
import { RepublishJobCommand } from './commands/republish-job.js';
import { ReuseReferenceCommand } from './commands/reuse-reference.js';
import { UpdateJobCommand } from './commands/update-job.js';
import { routingSwitch, salaryPart } from './dependent-patches.js';
import type { PutVia } from './put-job.js';
import { routingTypeIds } from '../arbitraries/schema-limits.js';
import { DELETE_WAYS } from '../kit/delete-forms.js';
import type { JobsCommand } from './jobs-model.js';

/** A whole salary, so that clearing it by null changes the job (2.5: period 1 is yearly). */
const SALARY = { amount: 52000, maxAmount: 61000, period: { id: 1 }, plusCommission: false };
const EMAIL_ROUTING = { applicantRoutingType: { id: routingTypeIds.email }, applicationEmail: 'jobs@example.com' };
const URL_ROUTING = { applicantRoutingType: { id: routingTypeIds.url }, applicationUrl: 'https://example.com/apply' };
const ID_FORMS_FOR_SWITCHES: readonly PutVia[] = ['reference', 'override', 'id'];

/**
 * @example
 * scriptedSequence(ctx.refs, ctx.tag, ctx.second !== undefined); // 54 commands, 72 with a second employer
 */
export function scriptedSequence(refs: ReferenceData, tag: string, withSecondEmployer: boolean): JobsCommand[] {
  // A fixed seed: the sequence is the same in every run, as boundary values are.
  const bodies = fc.sample(jobCreateArb(refs, tag), { seed: 29, numRuns: 6 });
  // Another seed than the bodies': the same seed draws the bodies' own titles, and an edit to them changes nothing.
  const [titleA, titleB, titleC, titleD] = fc.sample(titleArb(tag), { seed: 31, numRuns: 4 }) as [string, string, string, string];
  const [patch, ...withStatus] = fc.sample(jobFieldUpdateArb(refs, tag), { seed: 29, numRuns: 4 }) as [Body, Body, Body, Body];
  const body = (i: number): Body => bodies[i]!;
  // Live jobs after each step, by position: [first], [first, first+digit], ...
  const commands: JobsCommand[] = [
    new CreateJobCommand({ ...body(0), status: 'active', salary: SALARY }),
    new CreatePrefixSiblingCommand(0, body(1), 'post'),
    new GetEditPutCommand(0, titleA, 'id', tag),
    new GetEditPutCommand(0, titleB, 'reference', tag),
    // The title set back by id to the one it had two writes ago: a server that skips a write it takes for a repeat keeps B.
    new UpdateJobCommand(0, { title: titleA }, 'id', tag),
    // And to the one it was created with: a server whose dirty check compares with the first value it loaded keeps A.
    new UpdateJobCommand(0, { title: body(0).title }, 'id', tag),
    new GetEditPutCommand(1, titleC, 'override', tag),
    new ClearSalaryCommand(0, 'id'),
    // The override on PUT /jobs's path (where honoured), which random sequences take least: a salary set, then cleared.
    new UpdateJobCommand(0, { salary: SALARY }, 'reference-override', tag),
    new ClearSalaryCommand(0, 'reference-override'),
    // The salary's history in parts, one update form each: set again without a maxAmount after the clear, a
    // maxAmount set, cleared by null, and the amount sent alone: each time the maxAmount is what the last part left.
    new UpdateJobCommand(0, salaryPart(['amount', 'period'], { amount: 48000, period: { id: 1 } }), 'id', tag),
    // The other job given that very salary: the first one's next salary change leaves the second one's as it is.
    new UpdateJobCommand(1, { salary: { amount: 48000, maxAmount: null, period: { id: 1 }, plusCommission: false } }, 'id', tag),
    new UpdateJobCommand(0, salaryPart(['maxAmount'], { amount: 48000, maxAmount: 70000 }), 'reference', tag),
    new UpdateJobCommand(0, salaryPart(['maxAmount'], { amount: 48000, maxAmount: null }), 'override', tag),
    new UpdateJobCommand(0, salaryPart(['amount', 'period'], { amount: 53000, period: { id: 2 } }), 'reference-override', tag),
    // The routing type switched three times: back to the type the job had, then on. Each time the address of the
    // type left is null (2.1), however many switches before.
    ...ID_FORMS_FOR_SWITCHES.map((via) => new UpdateJobCommand(0, routingSwitch(EMAIL_ROUTING, URL_ROUTING), via, tag)),
    // A job changed by every update above, archived (through the override, which random sequences take least) and
    // re-published: each state change keeps the fields as they are now. Then archived on each path with another field
    // changed in the same body, and re-published on each: the status and the field both change.
    new ArchiveJobCommand(0, 'override'),
    // Edited while archived (where the target takes it), then re-published: the edit stays.
    new UpdateJobCommand(0, { description: '<p>Edited while archived</p>' }, 'id', tag),
    new RepublishJobCommand(0, 'reference'),
    new ArchiveJobCommand(0, 'id', { patch: withStatus[0], tag }),
    new RepublishJobCommand(0, 'override'),
    new ArchiveJobCommand(0, 'reference', { patch: withStatus[1], tag }),
    new RepublishJobCommand(0, 'id'),
    new ArchiveJobCommand(0, 'override', { patch: withStatus[2], tag }),
    new RepublishJobCommand(0, 'reference'),
    new DeleteJobCommand(0, 'reference'),
    new ReuseReferenceCommand(0, body(2), 'post'),
    // A rename by id with another field in the same body: both change, in the answer too.
    new RenameReferenceCommand(1, 'id', undefined, { patch: { description: '<p>Renamed, and described anew</p>' }, tag }),
    // Its status changed by the new referenceId, and back: the job keeps the name it has, not the one it was created with.
    new ArchiveJobCommand(-1, 'reference'),
    new RepublishJobCommand(-1, 'reference-override'),
    // Renamed back to the referenceId it held before: a former name is free again, to the job itself too.
    new RenameReferenceCommand(1, 'override', 0),
    new ReuseReferenceCommand(0, body(3), 'put-create'),
    new UpdateJobCommand(1, patch, 'reference', tag),
    // The header fields a list item shares with the job, changed: the flag set (then cleared below) and other places.
    new UpdateJobCommand(0, { confidential: true, locations: body(5).locations }, 'id', tag),
    // A rename through the override (where the target honours it), with another field: its index, too, must free the
    // old referenceId.
    new RenameReferenceCommand(2, 'override', undefined, { patch: { positionType: body(4).positionType }, tag }),
    new DeleteFreedReferenceCommand(0),
    // The referenceId freed by that rename taken again by POST (the PUT-create took one above).
    new ReuseReferenceCommand(0, body(5), 'post'),
    new UpdateJobCommand(0, { confidential: false }, 'reference', tag),
    // The other two delete forms, each followed by its referenceId taken again: every delete must free it.
    new DeleteJobCommand(1, 'override'),
    new ReuseReferenceCommand(0, body(2), 'put-create'),
    // The job renamed through the override, deleted by its new referenceId: the rename's index must serve DELETE too.
    new DeleteJobCommand(1, 'reference'),
    new DeleteJobCommand(1, 'id'),
    new ReuseReferenceCommand(0, body(3), 'post'),
    // The last delete form, the override on DELETE /jobs's path, and its referenceId taken again.
    new DeleteJobCommand(0, 'override-reference'),
    new ReuseReferenceCommand(0, body(2), 'put-create'),
    // Two writes in a row, the first judged on its answer alone: the second's answer (by id) holds the change the
    // first made by referenceId, as a GET would, even where nothing read the job between them.
    new UpdateJobCommand(0, { title: titleD }, 'reference', tag, false),
    new UpdateJobCommand(0, { description: '<p>Changed right after its title</p>' }, 'id', tag),
    // Two jobs trade referenceIds through a third: the first renamed to a fresh one (and filed last), the second to
    // the name the first left, the first to the one the second left. Each name is then held, and a create with it is
    // refused: a server that files a name by the job that left it, or by the one that took it, takes it for free.
    new RenameReferenceCommand(0, 'id'),
    new RenameReferenceCommand(0, 'override', 0),
    new RenameReferenceCommand(-2, 'id', 0),
    new CreateDuplicateJobCommand(-2, body(4), tag),
    new CreateDuplicateJobCommand(-1, body(5), tag),
    // A rename by id, then the name it left taken by a PUT-create through the override (where honoured): each request
    // that names a job by referenceId, the override's among them, must forget the old name.
    new RenameReferenceCommand(0, 'id'),
    new ReuseReferenceCommand(0, body(4), 'override-create'),
  ];
  if (withSecondEmployer) {
    commands.push(
      new OtherEmployerCreateCommand(0, body(4), 'put-create'),
      new OtherEmployerUpdateCommand(0, titleD, tag),
      new OtherEmployerRenameCommand(0),
      // The referenceId shared again, the first employer's job the older: the second one's delete takes its own.
      new OtherEmployerCreateCommand(0, body(5), 'post'),
      new OtherEmployerDeleteCommand(0),
      new OtherEmployerDeleteCommand(0),
      // The first employer deletes, each way, a job whose referenceId the second holds too (the second's stays, in its
      // list too), then takes that referenceId again.
      ...DELETE_WAYS.flatMap((via) => [
        new OtherEmployerCreateCommand(0, body(4), 'post'),
        new DeleteJobCommand(0, via, 'shared'),
        new ReuseReferenceCommand(0, body(3), 'post'),
      ]),
    );
  }
  return commands;
}
