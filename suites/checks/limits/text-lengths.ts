/**
 * @module Length limits of the text fields (spec 8): referenceId and title at n
 * (accepted and kept, by every write) and n + 1 (rejected by POST, nothing created); a referenceId of n letters beyond
 * ASCII where the target takes such letters; emoji at the limit only observed.
 */
import { sameFieldValue } from '../../../judging/compare.js';
import { isSuccess } from '../../kit/http.js';
import * as fc from 'fast-check';
import { inputLimits } from '../../arbitraries/schema-limits.js';
import { astralTextArb, codePointLength, exactLengthTextArb, padToLength } from '../../arbitraries/text.js';
import { createRejected } from '../../kit/expect-rejected.js';
import { createBodyArb, identify, scopedTitle } from '../../kit/bodies.js';
import { largestKeptOnEveryWrite } from './largest-valid.js';
import { createJob } from '../../kit/jobs.js';
import type { RuleContext } from '../../contract/rule.js';
import { fixedRule, type Implementation, type RuleEntry } from '../../kit/rule-builders.js';

interface TextLimit {
  field: 'referenceId' | 'title';
  /** §8: referenceId <= 50, title <= 256 */
  max: number;
  alphabet: 'ascii' | 'bmp';
  /** The value of `length` characters that still carries the case's marker `ref` (a title also the case and run tags). */
  valueOf(ctx: RuleContext, ref: string, filler: string, length: number): string;
  /** How a kept value is shown in a mismatch. */
  shown(value: string | null | undefined): string;
  /** Runs after the property (e.g. an observation). */
  after?(ctx: RuleContext, max: number): Promise<void>;
}

/** A field of `max` characters is accepted and kept as sent, in every write form; one of `max + 1` is rejected by POST and creates nothing. */
function textLengthRule(entry: RuleEntry, limit: TextLimit): Implementation {
  const { field, max } = limit;
  return fixedRule(entry, async (ctx: RuleContext) => {
    const statement = `spec 8: ${field} max ${max} characters`;
    await ctx.check(
      fc.record({ job: createBodyArb(ctx), filler: exactLengthTextArb(max + 1, limit.alphabet) }),
      async ({ job, filler }) => {
        const at = identify(ctx, job);
        const atLimit = limit.valueOf(ctx, at.referenceId, filler, max);
        const created = await createJob(
          ctx,
          { ...at, [field]: atLimit },
          { anySuccess: true, title: `POST /jobs refused a ${field} of exactly ${max} characters`, expected: statement },
        );
        ctx.expect(sameFieldValue(field, created[field], atLimit), {
          title: `the job does not keep a ${field} of ${max} characters as sent`,
          expected: `${statement}: the ${field} comes back as sent`,
          received: limit.shown(created[field]),
        });
        const over = identify(ctx, job);
        await createRejected(ctx, { ...over, [field]: limit.valueOf(ctx, over.referenceId, filler, max + 1) }, over.referenceId, {
          title: `POST /jobs accepted a ${field} of ${max + 1} characters`,
          expected: statement,
        });
      },
      { independentCases: true },
    );
    await largestKeptOnEveryWrite(ctx, {
      field,
      what: `a ${field} of ${max} characters`,
      statement,
      material: exactLengthTextArb(max, limit.alphabet),
      into: (body, marker, filler) => ({ ...body, [field]: limit.valueOf(ctx, marker, filler, max) }),
    });
    await limit.after?.(ctx, max);
  });
}

export const referenceIdLength: Implementation = textLengthRule(
  {
    id: 'jobs.limits.reference-id-length',
    section: '8',
    level: 'must',
    title: 'A referenceId of 50 characters is accepted and kept; one of 51 is rejected',
    statement: 'referenceId | max 50 characters',
  },
  {
    field: 'referenceId',
    max: inputLimits.referenceIdMax,
    alphabet: 'ascii',
    valueOf: (_ctx, ref, filler, length) => padToLength(ref, filler, length),
    shown: (value) => JSON.stringify(value),
    after: referenceIdBeyondAscii,
  },
);

/** Letters of two UTF-8 bytes and one UTF-16 unit each: a limit counted in bytes ends at half the characters. */
const BEYOND_ASCII = 'éßжñ';

/**
 * 8 counts characters: a referenceId of `max` characters beyond ASCII is taken wherever a short one of the same
 * characters is. 2.1 restricts no character, so a target that refuses the short one refuses the characters, not
 * the length: that is observed (reference-id-characters), never judged.
 */
async function referenceIdBeyondAscii(ctx: RuleContext, max: number): Promise<void> {
  await ctx.check(
    createBodyArb(ctx),
    async (generated) => {
      const short = identify(ctx, generated);
      const shortId = `${short.referenceId}-${BEYOND_ASCII}`;
      const taken = await ctx.api.create({ ...short, referenceId: shortId });
      if (!isSuccess(taken.status)) {
        ctx.observe({ topic: 'reference-id-characters', section: '2.1', observed: `${JSON.stringify(shortId)}: ${taken.status}` });
        return;
      }
      const long = identify(ctx, generated);
      const atLimit = padToLength(long.referenceId, BEYOND_ASCII.repeat(max), max);
      const statement = `spec 8: referenceId max ${max} characters, and ${JSON.stringify(shortId)} was taken`;
      const created = await createJob(
        ctx,
        { ...long, referenceId: atLimit },
        { anySuccess: true, title: `POST /jobs refused a referenceId of ${max} characters beyond ASCII`, expected: statement },
      );
      ctx.expect(sameFieldValue('referenceId', created.referenceId, atLimit), {
        title: `the job does not keep a referenceId of ${max} characters beyond ASCII as sent`,
        expected: `${statement}: the referenceId comes back as sent`,
        received: JSON.stringify(created.referenceId),
      });
    },
    { runs: 1 },
  );
}

export const titleLength: Implementation = textLengthRule(
  {
    id: 'jobs.limits.title-length',
    section: '8',
    level: 'must',
    title: 'A title of 256 characters is accepted and kept; one of 257 is rejected',
    statement: 'title | max 256 characters',
  },
  {
    field: 'title',
    max: inputLimits.titleMax,
    alphabet: 'bmp',
    valueOf: (ctx, ref, filler, length) => padToLength(scopedTitle(ctx, ref, ''), filler, length),
    shown: (value) => `${codePointLength(value ?? '')} characters: ${JSON.stringify(value)}`,
    after: observeAstralTitle,
  },
);

/** §8 says "characters" without saying how they are counted: record what the target does with emoji at the limit. */
async function observeAstralTitle(ctx: RuleContext, max: number): Promise<void> {
  await ctx.check(
    fc.record({ job: createBodyArb(ctx), text: astralTextArb(max) }),
    async ({ job, text }) => {
      const body = identify(ctx, job);
      const ref = body.referenceId;
      const prefix = `${ref} `;
      const title = prefix + [...text].slice(0, max - prefix.length).join('');
      const res = await ctx.api.create({ ...body, title });
      const sent = `a title of ${codePointLength(title)} code points (${title.length} UTF-16 units, emoji included)`;
      const stored = res.json?.title;
      const observed = isSuccess(res.status)
        ? `accepted ${sent}; stored ${stored === title ? 'as sent' : `as ${codePointLength(stored ?? '')} code points`}`
        : `answered ${res.status} to ${sent}`;
      ctx.observe({
        topic: 'title.astral-characters-at-limit',
        section: '8',
        observed,
        note: 'the spec counts "characters"; code points and UTF-16 units differ for emoji',
      });
    },
    { runs: 1 },
  );
}
