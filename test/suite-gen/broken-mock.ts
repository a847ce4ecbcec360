/**
 * Deliberately broken variants of the reference mock, built with
 * createMockServer's `transform` option: each departs from ONE spec
 * statement, so exactly the rules that check it must fail.
 */
import type { CoreHandler, CoreRequest, CoreResponse } from '../../mock/index.js';

export type Transform = (next: CoreHandler) => CoreHandler;

const JOBS_PATH = /\/jobs(\/\d+)?\/?$/;

/** Rewrites the JSON body of POST/PUT requests on /jobs before the core sees it. */
export function rewriteJobRequest(edit: (body: Record<string, unknown>, req: CoreRequest) => void): Transform {
  return (next) => async (req) => {
    if ((req.method === 'POST' || req.method === 'PUT') && JOBS_PATH.test(req.path) && req.body) {
      let body: unknown;
      try {
        body = JSON.parse(new TextDecoder('utf-8', { ignoreBOM: true }).decode(req.body));
      } catch {
        return next(req); // malformed on purpose: let the core answer
      }
      if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
        edit(body as Record<string, unknown>, req);
        return next({ ...req, body: Buffer.from(JSON.stringify(body), 'utf8') });
      }
    }
    return next(req);
  };
}

/** Rewrites the text of every response on /jobs. */
export function rewriteJobResponse(edit: (text: string) => string): Transform {
  return (next) => async (req) => {
    const res: CoreResponse = await next(req);
    if (!JOBS_PATH.test(req.path) || res.body === undefined) return res;
    return { ...res, body: edit((typeof res.body === 'string' ? res.body : new TextDecoder().decode(res.body))) };
  };
}
