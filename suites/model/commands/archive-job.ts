/** @module Archive: PUT with only status = archived (spec 3: active -> archived). */
import { StatusChangeCommand } from './status-change-command.js';

export class ArchiveJobCommand extends StatusChangeCommand {
  protected readonly name = 'ArchiveJob';
  protected readonly status = 'archived';
}
