/**
 * @module Fields a stateful mutant "stores" for some jobs: shown in place of
 * the core's values wherever that job is returned, in full or as a list
 * header (only the fields a header has).
 */
import type { CoreResponse } from '../../../mock/index.js';
import { JOB_HEADER_FIELDS } from '../../../schemas/job-fields.js';
import { isJobBody, isListBody, responseJson, withResponseJson, type JsonObject } from './json.js';

const HEADER_FIELDS: ReadonlySet<string> = new Set(JOB_HEADER_FIELDS);

export class JobOverrides {
  readonly #byId = new Map<number, JsonObject>();

  /** From now on, job `id` shows `fields`. */
  set(id: number, fields: JsonObject): void {
    this.#byId.set(id, { ...this.#byId.get(id), ...fields });
  }

  /** `res` with the stored fields shown (2xx JSON bodies only). */
  apply(res: CoreResponse): CoreResponse {
    if (this.#byId.size === 0 || res.status < 200 || res.status > 299) return res;
    const body = responseJson(res);
    const jobs: Array<[JsonObject, boolean]> = isJobBody(body)
      ? [[body, false]]
      : isListBody(body)
        ? body.data.map((item) => [item, true])
        : [];
    let changed = false;
    for (const [job, header] of jobs) {
      const fields = this.#byId.get(job.id as number);
      if (fields === undefined) continue;
      for (const [name, value] of Object.entries(fields)) if (!header || HEADER_FIELDS.has(name)) job[name] = value;
      changed = true;
    }
    return changed ? withResponseJson(res, body) : res;
  }
}
