/**
 * @module The jobs made one way that no write has touched since, for mutants whose bug lasts until a job's first
 * later write (a row filed in its place, a record completed, on the first update).
 */
import type { CoreRequest, CoreResponse } from '../../../mock/index.js';
import { isJobBody, requestJson, responseJson } from './json.js';
import { isAnyUpdate, isCollection, isDelete, isOverride, jobIdOf } from './routes.js';

/** Whether `req` and its answer made a job by PUT-create through the override (a create answers with a Location). */
export const madeByOverrideCreate = (req: CoreRequest, res: CoreResponse): boolean =>
  isOverride(req, 'PUT') && isCollection(req) && res.status < 300 && res.headers.location !== undefined;

/** The ids of the jobs `made` names, each with its referenceId, until a successful update or delete reaches them. */
export class FreshJobs {
  readonly #references = new Map<number, unknown>();

  constructor(private readonly made: (req: CoreRequest, res: CoreResponse) => boolean) {}

  has(id: unknown): boolean {
    return typeof id === 'number' && this.#references.has(id);
  }

  /** Takes note of an answered request: a job made the tracked way, or a write that touches a job. */
  observe(req: CoreRequest, res: CoreResponse): void {
    const body = responseJson(res);
    if (this.made(req, res) && isJobBody(body)) {
      this.#references.set(body.id, body.referenceId);
      return;
    }
    if (res.status >= 300 || !(isAnyUpdate(req) || isDelete(req))) return;
    const id = jobIdOf(req) ?? (isJobBody(body) ? body.id : undefined);
    if (id !== undefined) this.#references.delete(id);
    else for (const [held, ref] of this.#references) if (ref === requestJson(req)?.referenceId) this.#references.delete(held);
  }
}
