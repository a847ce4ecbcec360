/**
 * @module One body in other spellings of the same JSON (spec 1: create or update with "a JSON body"; RFC 8259): a
 * number with a fraction written with an exponent, every string character beyond ASCII letters and digits as a
 * `\u` escape (beyond the BMP as a surrogate pair) and `/` as `\/`, white space of every kind between the tokens,
 * and the members of every object in reverse order and sorted by name; and the plain body sent in chunks, without a
 * Content-Length (HTTP/1.1's framing for a streamed body). Each is the same value as the plain body, so each write takes it
 * and keeps what it means, on every write path (the method override's where honoured). Every other rule sends the plain spelling;
 * this one owns the others, so a server with a hand-made parser or a check on the raw text shows here, once.
 * Integer fields (Int32 ids) keep the plain form: `1e0` is an integer to JSON, not to every typed decoder.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { keptValueProblems } from '../../judging/compare.js';
import { createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { isSuccess, jobOf, responseLine } from '../kit/http.js';
import { createJob } from '../kit/jobs.js';
import { declinesWrite, formLabel, isCreateForm, namingOf, sendRaw, WRITE_FORMS } from '../kit/rejected-writes.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';

export const JSON_SPELLINGS = ['exponent-numbers', 'unicode-escapes', 'white-space', 'member-order', 'sorted-members'] as const;
export type JsonSpelling = (typeof JSON_SPELLINGS)[number];

/** A string literal with every character but ASCII letters, digits and spaces escaped (`/` as `\/`). */
function escapedString(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const unit = text.charAt(i);
    if (/[A-Za-z0-9 ]/.test(unit)) out += unit;
    else if (unit === '/') out += '\\/';
    else out += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`;
  }
  return `${out}"`;
}

/** JSON text of `value`, written with `spelling`; JSON.parse of it gives back `value`. */
export function spelled(value: unknown, spelling: JsonSpelling): string {
  if (spelling === 'white-space') return ` \r\n\t${JSON.stringify(value, null, '\t').replace(/\n/g, '\r\n')}\n `;
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(write).join(',')}]`;
    if (v !== null && typeof v === 'object') {
      const members = Object.entries(v).filter(([, member]) => member !== undefined);
      if (spelling === 'member-order') members.reverse();
      // As Go's encoding/json writes a map, and Python's json.dumps with sort_keys: by name, in code-unit order.
      if (spelling === 'sorted-members') members.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      return `{${members.map(([key, member]) => `${write(key)}:${write(member)}`).join(',')}}`;
    }
    if (typeof v === 'string' && spelling === 'unicode-escapes') return escapedString(v);
    if (typeof v === 'number' && spelling === 'exponent-numbers' && !Number.isInteger(v)) return v.toExponential();
    return JSON.stringify(v);
  };
  return write(value);
}

/**
 * Two flags of one type with different values, confidential before autoRefresh: a reordering that a server reads by
 * position shows as the two swapped (false is what autoRefresh is on every plan, 2.1).
 */
const FLAGS = { confidential: true, autoRefresh: false };

/** The case's body: a salary with fractions, a title beyond ASCII and the BMP with `/` and HTML-special characters, the flags. */
function bodyOf(ctx: RuleContext, generated: Body): Body & { referenceId: string } {
  const { confidential: _c, autoRefresh: _a, ...body } = identify(ctx, generated);
  return {
    ...body,
    title: scopedTitle(ctx, body.referenceId, 'Café R&D/QA "Ωμέγα" 🍁'),
    salary: { amount: 52500.25, maxAmount: 60000.5, period: { id: 1 }, plusCommission: true },
    ...FLAGS,
  };
}

/** Fails unless the write took the body and its answer keeps what `sent` means. */
function expectTaken(ctx: RuleContext, what: string, spelling: BodyForm, sent: Body, res: ApiResponse<Job>): void {
  const taken = isSuccess(res.status);
  const problems = taken ? keptValueProblems(sent, jobOf(res)) : [responseLine(res)];
  ctx.expect(problems.length === 0, {
    title: `${what} ${taken ? 'changed' : 'refused'} a body spelled with ${spelling}`,
    expected: 'spec 1: a JSON body; the same JSON value in another spelling (RFC 8259) is the same request',
    received: problems.join('\n'),
    failingExchange: res.exchange,
  });
}

/** The body sent in chunks (Transfer-Encoding: chunked, no Content-Length), as a client that streams it does: HTTP's framing, the same body. */
const CHUNKED = 'chunked' as const;

/** Each way one body goes out: a spelling of its JSON, or its plain JSON in chunks. */
type BodyForm = JsonSpelling | typeof CHUNKED;

async function check(ctx: RuleContext, { spelling, generated }: { spelling: BodyForm; generated: Body }): Promise<void> {
  const job = await createJob(ctx, identify(ctx, generated));
  for (const [i, form] of WRITE_FORMS.entries()) {
    const body = bodyOf(ctx, generated);
    const update: Body = { title: `${body.title} ${i}`, salary: body.salary, description: '<p>a/b &amp; “c”</p>', ...FLAGS };
    const sent = isCreateForm(form) ? body : { ...update, ...namingOf(form, job) };
    const res =
      spelling === CHUNKED
        ? await sendRaw(ctx, form, JSON.stringify(sent), job, { chunked: true })
        : await sendRaw(ctx, form, spelled(sent, spelling), job);
    // Honouring the method override is good practice only (spec 1): a target that declines it is not judged here.
    if (await declinesWrite(ctx, form, { job, fresh: generated }, res)) continue;
    expectTaken(ctx, formLabel(form, job), spelling, sent, res);
  }
}

export const jsonSpellingsRule: Implementation = propertyRule<{ spelling: BodyForm; generated: Body }>(
  {
    id: 'jobs.protocol.json-spellings',
    section: '1',
    level: 'must',
    title:
      'A body in another spelling of the same JSON (exponents, \\u escapes, white space, members reversed or sorted), or sent in chunks, ' +
      'is taken as the same',
    statement: 'Create or update with POST or PUT and a JSON body.',
  },
  {
    independentCases: true,
    maxRuns: 1,
    arbitrary: (ctx) => fc.record({ spelling: fc.constantFrom<BodyForm>(...JSON_SPELLINGS, CHUNKED), generated: createBodyArb(ctx) }),
    // Every spelling in every run, one case each.
    examples: () => [...JSON_SPELLINGS, CHUNKED].map((spelling: BodyForm) => ({ spelling })),
    check,
  },
);
