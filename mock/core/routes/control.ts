/**
 * @module The control API under /__control, outside /api/v1.1: reset, add
 * employers, seed jobs, set or advance the clock, inject faults, dump the
 * state, compact the data file (under `--persist`). Meant for tests and local development; it has no authentication, so
 * the server binds to 127.0.0.1 by default.
 */
import { ApiError } from '../http/api-error.js';
import type { CoreHandler, CoreRequest, CoreResponse } from '../http/core-types.js';
import { isPromise } from '../http/maybe-async.js';
import { asApiError } from '../http/unexpected-failure.js';
import { jsonText, noContent } from '../http/json-response.js';
import { readJsonBody } from '../http/read-json-body.js';
import { MockConfigError } from '../mock-config-error.js';
import type { MockCore, SeedJob } from '../mock-core.js';
import type { JournalFilter } from '../http/request-journal.js';
import type { EmployerConfig } from '../../store/stored-job.js';

export const CONTROL_PREFIX = '/__control';

/** A control answer: `value` as JSON (the API's own answers are JSON text already, from their caches and serializers). */
function json(status: number, value: unknown): CoreResponse {
  return jsonText(status, JSON.stringify(value));
}

function clockState(core: MockCore): CoreResponse {
  return json(200, { now: new Date(core.clock.now()).toISOString(), frozen: core.clock.frozen });
}

function setClock(core: MockCore, body: unknown): CoreResponse {
  const b = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  try {
    if (b.real === true) core.resetClock();
    if (typeof b.now === 'string' || typeof b.now === 'number') core.setClock(b.now);
    if (b.advanceMs !== undefined) core.advanceClock(b.advanceMs as number);
  } catch (cause) {
    throw new ApiError(400, 'validation_failed', cause instanceof Error ? cause.message : 'invalid clock request', [], { cause });
  }
  return clockState(core);
}

function seed(core: MockCore, body: unknown): CoreResponse {
  const b = (body ?? {}) as { employerId?: number; apiKey?: string; jobs?: SeedJob[] };
  const employer = b.employerId ?? b.apiKey;
  if (employer === undefined) throw new ApiError(400, 'validation_failed', 'give employerId or apiKey, and jobs');
  return json(201, { data: core.seedJobs(employer, b.jobs ?? []) });
}

function setProfile(core: MockCore, body: unknown): CoreResponse {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ApiError(400, 'validation_failed', 'give {profile?, profileSeed?, choices?}');
  }
  const b = body as Record<string, unknown>;
  const choices = b.choices;
  if (
    choices !== undefined &&
    (typeof choices !== 'object' || choices === null || Array.isArray(choices) || Object.values(choices).some((v) => typeof v !== 'string'))
  ) {
    throw new ApiError(400, 'validation_failed', 'choices must be an object of name: value strings');
  }
  if (b.profile !== undefined && typeof b.profile !== 'string') throw new ApiError(400, 'validation_failed', 'profile must be a string');
  if (b.profileSeed !== undefined && typeof b.profileSeed !== 'number')
    throw new ApiError(400, 'validation_failed', 'profileSeed must be a number');
  return json(
    200,
    core.setProfile({
      profile: b.profile,
      profileSeed: b.profileSeed,
      choices: choices as Record<string, string> | undefined,
    }),
  );
}

/** Compaction runs off the request path; the answer comes when the new data file is on disk. */
function compact(core: MockCore): Promise<CoreResponse> | CoreResponse {
  if (!core.compactor) throw new ApiError(409, 'conflict', 'This mock does not persist its state: start it with --data FILE --persist');
  return core.compactor().then((summary) => json(200, summary));
}

/** The journal's filters from a query; a bad number is a 400. */
function journalFilter(query: URLSearchParams): JournalFilter {
  const count = (name: string): number | undefined => {
    const text = query.get(name);
    if (text === null || text === '') return undefined;
    if (!/^\d+$/.test(text)) throw new ApiError(400, 'validation_failed', `${name} must be a non-negative integer`);
    return Number(text);
  };
  const status = query.get('status') || undefined;
  if (status !== undefined && !/^([1-5]\d\d|[1-5]xx)$/i.test(status))
    throw new ApiError(400, 'validation_failed', 'status must be a status code (201) or a class (4xx)');
  return {
    since: count('since'),
    limit: count('limit'),
    method: query.get('method') || undefined,
    path: query.get('path') || undefined,
    status,
  };
}

function journal(core: MockCore, query: URLSearchParams): CoreResponse {
  const j = core.journal;
  return json(200, { data: j.list(journalFilter(query)), size: j.size, dropped: j.dropped });
}

type Route = (core: MockCore, req: CoreRequest) => CoreResponse | Promise<CoreResponse>;
const body = (req: CoreRequest): unknown => readJsonBody(req.headers, req.body);

/** `METHOD /path` (under /__control) -> operation. */
const ROUTES: Record<string, Route> = {
  'GET /state': (core) => json(200, core.snapshot()),
  'POST /reset': (core) => (core.reset(), noContent()),
  'GET /employers': (core) => json(200, { data: core.snapshot().employers }),
  'POST /employers': (core, req) => (core.addEmployers(body(req) as EmployerConfig[]), json(200, { data: core.snapshot().employers })),
  'POST /jobs': (core, req) => seed(core, body(req)),
  'GET /clock': (core) => clockState(core),
  'POST /clock': (core, req) => setClock(core, body(req)),
  'GET /faults': (core) => json(200, { data: core.faults.list() }),
  'POST /faults': (core, req) => (core.injectFault(body(req) as never), json(201, { data: core.faults.list() })),
  'DELETE /faults': (core) => (core.clearFaults(), noContent()),
  'GET /profile': (core) => json(200, core.profile),
  'POST /profile': (core, req) => setProfile(core, body(req)),
  'POST /compact': (core) => compact(core),
  'GET /requests': (core, req) => journal(core, req.query),
  'GET /requests/count': (core, req) => json(200, { count: core.journal.count(journalFilter(req.query)), dropped: core.journal.dropped }),
  'DELETE /requests': (core) => (core.journal.clear(), noContent()),
};

/** Paths of the control API, for docs/mock.md and tests. */
export const CONTROL_ROUTES: readonly string[] = Object.keys(ROUTES);

/**
 * Handles a request under /__control.
 *
 * @example
 * const control = createControlHandler(core);
 * control({ method: 'POST', path: '/__control/reset', query, headers: {}, body: undefined, baseUrl });
 */
export function createControlHandler(core: MockCore): CoreHandler {
  return (req) => {
    try {
      const path = req.path.slice(CONTROL_PREFIX.length).replace(/\/$/, '') || '/';
      const route = ROUTES[`${req.method.toUpperCase()} ${path}`];
      if (!route) {
        const known = CONTROL_ROUTES.some((r) => r.endsWith(` ${path}`));
        throw known
          ? new ApiError(405, 'method_not_allowed', `Method ${req.method} is not allowed here`)
          : new ApiError(404, 'not_found', `No control operation at ${req.path}`);
      }
      const result = route(core, req);
      return isPromise(result) ? Promise.resolve(result).catch(errorAnswer) : result;
    } catch (error) {
      return errorAnswer(error);
    }
  };
}

function errorAnswer(error: unknown): CoreResponse {
  if (error instanceof MockConfigError) return new ApiError(400, 'validation_failed', error.message, [], { cause: error }).toResponse();
  return asApiError(error).toResponse();
}
