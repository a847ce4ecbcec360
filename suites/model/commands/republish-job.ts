/** @module Re-publish: PUT with only status = active (spec 3: archived -> active). */
import { StatusChangeCommand } from './status-change-command.js';

export class RepublishJobCommand extends StatusChangeCommand {
  protected readonly name = 'RepublishJob';
  protected readonly status = 'active';
}
