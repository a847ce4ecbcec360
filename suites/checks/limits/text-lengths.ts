/**
 * @module Length limits of the text fields (spec 8): referenceId and title at n
 * (accepted, kept) and n + 1 (rejected, nothing created); emoji at the limit only observed.
 */
import { isSuccess } from '../../kit/http.js';
import * as fc from 'fast-check';
import { inputLimits } from '../../arbitraries/schema-limits.js';
import { astralTextArb, codePointLength, exactLengthTextArb, padToLength } from '../../arbitraries/text.js';
import { createRejected } from '../../kit/expect-rejected.js';
import { createBodyArb, identify } from '../../kit/bodies.js';
import { createJob } from '../../kit/jobs.js';
import type { Rule, RuleContext } from '../../rule.js';
import { fixedRule } from '../../kit/rule-builders.js';

export const referenceIdLength: Rule = fixedRule(
  {
    id: 'jobs.limits.reference-id-length',
    section: '8',
    area: 'limits',
    title: `A referenceId of ${inputLimits.referenceIdMax} characters is accepted and kept; one of ${inputLimits.referenceIdMax + 1} is rejected`,
  },
  async (ctx: RuleContext) => {
    const max = inputLimits.referenceIdMax; // §8: referenceId <= 50
    const statement = `spec 8: referenceId max ${max} characters`;
    await ctx.check(fc.record({ job: createBodyArb(ctx), filler: exactLengthTextArb(max + 1, 'ascii') }), async ({ job, filler }) => {
      const at = identify(ctx, job);
      const atLimit = padToLength(at.referenceId, filler, max);
      const created = await createJob(ctx, { ...at, referenceId: atLimit }, { anySuccess: true, title: `POST /jobs refused a referenceId of exactly ${max} characters`, expected: statement });
      ctx.expect(created.referenceId === atLimit, {
        title: `the job does not keep a referenceId of ${max} characters as sent`,
        expected: `${statement}: the referenceId comes back as sent`,
        received: JSON.stringify(created.referenceId),
      });
      const over = identify(ctx, job);
      await createRejected(ctx, { ...over, referenceId: padToLength(over.referenceId, filler, max + 1) }, over.referenceId, {
        title: `POST /jobs accepted a referenceId of ${max + 1} characters`,
        expected: statement,
      });
    });
  },
);

export const titleLength: Rule = fixedRule(
  {
    id: 'jobs.limits.title-length',
    section: '8',
    area: 'limits',
    title: `A title of ${inputLimits.titleMax} characters is accepted and kept; one of ${inputLimits.titleMax + 1} is rejected`,
  },
  async (ctx: RuleContext) => {
    const max = inputLimits.titleMax; // §8: title <= 256
    const statement = `spec 8: title max ${max} characters`;
    await ctx.check(fc.record({ job: createBodyArb(ctx), filler: exactLengthTextArb(max + 1, 'bmp') }), async ({ job, filler }) => {
      const at = identify(ctx, job);
      const atLimit = padToLength(`${at.referenceId} `, filler, max);
      const created = await createJob(ctx, { ...at, title: atLimit }, { anySuccess: true, title: `POST /jobs refused a title of exactly ${max} characters`, expected: statement });
      ctx.expect(created.title === atLimit, {
        title: `the job does not keep a title of ${max} characters as sent`,
        expected: `${statement}: the title comes back as sent`,
        received: `${codePointLength(created.title)} characters: ${JSON.stringify(created.title)}`,
      });
      const over = identify(ctx, job);
      await createRejected(ctx, { ...over, title: padToLength(`${over.referenceId} `, filler, max + 1) }, over.referenceId, {
        title: `POST /jobs accepted a title of ${max + 1} characters`,
        expected: statement,
      });
    });
    await observeAstralTitle(ctx, max);
  },
);

/** §8 says "characters" without saying how they are counted: record what the target does with emoji at the limit. */
export async function observeAstralTitle(ctx: RuleContext, max: number): Promise<void> {
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
      ctx.observe({ topic: 'title.astral-characters-at-limit', section: '8', observed, note: 'the spec counts "characters"; code points and UTF-16 units differ for emoji' });
    },
    { runs: 1 },
  );
}
