/**
 * @module Length limits of the text fields (spec 8): referenceId and title at n and n - 1
 * (accepted and kept, by every write) and n + 1 (rejected by POST, nothing created); a value of n characters of each
 * character class (suites/arbitraries/character-classes.ts) where the target takes a short one of the class; emoji at
 * the limit only observed.
 */
import { sameFieldValue, sameText, show } from '../../../judging/compare.js';
import { isSuccess, responseLine } from '../../kit/http.js';
import * as fc from 'fast-check';
import { inputLimits } from '../../arbitraries/schema-limits.js';
import { CHARACTER_CLASSES, classPieces, type CharacterClass } from '../../arbitraries/character-classes.js';
import { astralTextArb, codePointLength, exactLengthTextArb, padToLength } from '../../arbitraries/text.js';
import { createRejected } from '../../kit/expect-rejected.js';
import { createBodyArb, identify, scopedTitle } from '../../kit/bodies.js';
import { expectFound, largestKeptOnEveryWrite, lengthsKeptOnEveryWrite } from './largest-valid.js';
import { createJob, listJobs, showsGone } from '../../kit/jobs.js';
import { declinesUpdate, formLabel, REFERENCE_FORMS, sendUpdate } from '../../kit/rejected-writes.js';
import type { RuleContext } from '../../contract/rule.js';
import { fixedRule, type Implementation, type RuleEntry } from '../../kit/rule-builders.js';

interface TextLimit {
  field: 'referenceId' | 'title';
  /** §8: referenceId <= 50, title <= 256 */
  max: number;
  alphabet: 'ascii' | 'bmp';
  /** The value of `length` characters that still carries the case's marker `ref` (a title also the case and run tags). */
  valueOf(ctx: RuleContext, ref: string, filler: string, length: number): string;
  /** A short value of the field holding `text` after the case's marker `ref`. */
  holding(ctx: RuleContext, ref: string, text: string): string;
  /** A value of `max` characters, with the case's marker `ref`, that a q finds (4.5). */
  searchable(ctx: RuleContext, ref: string, filler: string, max: number): string;
  /** The q that finds a searchable value. */
  searchTerm(value: string): string;
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
    await lengthsKeptOnEveryWrite<string>(ctx, max, (size) => ({
      field,
      what: `a ${field} of ${size} characters`,
      statement,
      material: exactLengthTextArb(size, limit.alphabet),
      into: (body, marker, filler) => ({ ...body, [field]: limit.searchable(ctx, marker, filler, size) }),
      searchedBy: (sent) => limit.searchTerm(String(sent[field])),
    }));
    await everyClassAtLimit(ctx, limit);
    await limit.after?.(ctx, max);
  });
}

/**
 * A referenceId at the limit, or one character inside it, names its job as any other does (4.3: PUT /jobs with the
 * referenceId in the body; 4.4: DELETE /jobs): a job holding one, and a title at its own limit with it (the limits together, as a search text
 * made of both holds them), is found by q of either (4.5), updated by it in each form that names a job by
 * referenceId (the override where honoured), then deleted by it. A server that checks the length of a referenceId it
 * looks up off by one refuses them; one that cuts a search text short misses the job.
 */
async function namedByLongestReference(ctx: RuleContext, length: number): Promise<void> {
  const arb = fc.record({
    job: createBodyArb(ctx),
    filler: exactLengthTextArb(length, 'ascii'),
    titleFiller: exactLengthTextArb(inputLimits.titleMax, 'bmp'),
  });
  await ctx.check(
    arb,
    async ({ job, filler, titleFiller }) => {
      const body = identify(ctx, job);
      const title = longestSearchableTitle(ctx, body.referenceId, titleFiller, inputLimits.titleMax);
      const created = await createJob(ctx, { ...body, title, referenceId: padToLength(body.referenceId, filler, length) });
      const referenceId = created.referenceId ?? '';
      const together = `a referenceId of ${length} and a title of ${inputLimits.titleMax} characters sent together`;
      const limit = `spec 8: referenceId max ${inputLimits.referenceIdMax} characters (this one ${length})`;
      await expectFound(ctx, referenceId, created.id, together);
      await expectFound(ctx, lastWordOfTitle(title), created.id, together);
      for (const form of REFERENCE_FORMS) {
        const title = scopedTitle(ctx, body.referenceId, `named by ${form}`);
        const res = await sendUpdate(ctx, form, created, { title });
        if (await declinesUpdate(ctx, form, created, res)) continue;
        ctx.expect(isSuccess(res.status) && res.json?.id === created.id && sameText(res.json.title, title), {
          title: `${formLabel(form)} with a referenceId of ${length} characters did not update its job`,
          expected: `${limit}; spec 4.3: PUT /jobs names the job by the referenceId in the body`,
          received: responseLine(res),
        });
      }
      const deleted = await ctx.api.deleteByReference(referenceId);
      const after = await ctx.api.get(created.id);
      ctx.expect(deleted.status === 204 && showsGone(after.status), {
        title: `DELETE /jobs with a referenceId of ${length} characters did not remove its job`,
        expected: `${limit}; spec 4.4: DELETE /jobs names the job by referenceId, 204 with no body`,
        received: `${responseLine(deleted)}; then GET /jobs/${created.id} -> ${responseLine(after)}`,
      });
    },
    { runs: 1 },
  );
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
    // The whole referenceId is the q: every reading of "matches" finds it.
    searchable: (_ctx, ref, filler, max) => padToLength(ref, filler, max),
    searchTerm: (value) => value,
    holding: (_ctx, ref, text) => `${ref}-${text}`,
    shown: (value) => JSON.stringify(value),
    // The longest referenceId, then one a character shorter: a lookup whose length check is off by one refuses either.
    after: async (ctx, max) => {
      for (const size of [max, max - 1]) await namedByLongestReference(ctx, size);
    },
  },
);

/** Whether a piece holds a character beyond the BMP: one or two "characters" as code points or UTF-16 units count. */
const beyondBmp = (piece: string): boolean => [...piece].some((char) => char.codePointAt(0)! > 0xffff);

/**
 * `value` (cut at `max` UTF-16 units) without a lone high surrogate at its end: a cut through a character beyond the
 * BMP leaves a letter in its place, so the value is whole text of exactly `max` units.
 */
const wholeCharacters = (value: string): string => (/[\uD800-\uDBFF]$/.test(value) ? `${value.slice(0, -1)}x` : value);

/**
 * A last character some platform's trim removes: Unicode white space, and the control characters (Java's trim()
 * removes every one up to U+0020, Python's strip() U+001C to U+001F and U+0085 too).
 */
const TRIMMABLE_END = /[\s\p{Cc}]$/u;

/** `value` with a trimmable last character made a letter: a trimmed end is the should rule's subject, not the limit's. */
export const withUntrimmableEnd = (value: string): string => (TRIMMABLE_END.test(value) ? `${value.slice(0, -1)}x` : value);

/**
 * 8 counts characters, of any class: a value of `max` characters of each class (its pieces, repeated) is taken
 * wherever short values of the same pieces are, and kept as sent (up to Unicode normalization). A limit counted in
 * UTF-8 bytes, or on the text HTML-escaped, ends early for some class. 2.1 restricts no character, so a target that
 * refuses a short value of one piece refuses the characters, not the length: the character rules record that, this
 * one does not judge it. Only a refused value at the limit sends the short ones. A class POST took at the limit is
 * then sent by every other write (PUT by id, by referenceId, the override, PUT-create), taken and kept there too.
 * A class with characters beyond the BMP (emoji) fills `max` UTF-16 units: fewer code points, so the largest value
 * valid whether "characters" are code points or UTF-16 units (how emoji count at the limit is only observed).
 */
async function everyClassAtLimit(ctx: RuleContext, limit: TextLimit): Promise<void> {
  const { field, max } = limit;
  const taken: Array<[CharacterClass, string, string]> = [];
  for (const characterClass of CHARACTER_CLASSES) {
    const pieces = classPieces(characterClass);
    const size = pieces.some(beyondBmp) ? `${max} UTF-16 units` : `${max} characters`;
    const filler = pieces.join('').repeat(Math.ceil(max / pieces.join('').length));
    await ctx.check(
      createBodyArb(ctx),
      async (generated) => {
        const body = identify(ctx, generated);
        const atLimit = withUntrimmableEnd(wholeCharacters(limit.valueOf(ctx, body.referenceId, filler, max)));
        const res = await ctx.api.create({ ...body, [field]: atLimit });
        if (!isSuccess(res.status)) {
          for (const piece of pieces) {
            const short = identify(ctx, generated);
            if (!isSuccess((await ctx.api.create({ ...short, [field]: limit.holding(ctx, short.referenceId, piece) })).status)) return;
          }
          ctx.expect(false, {
            title: `POST /jobs refused a ${field} of ${size} of ${characterClass} text, and took a short one of each piece`,
            expected: `spec 8: ${field} max ${max} characters, and short ${field}s holding ${show(pieces)} were taken`,
            received: `${res.status} to ${show(atLimit)}`,
            failingExchange: res.exchange,
          });
          return;
        }
        taken.push([characterClass, filler, size]);
        ctx.expect(sameText(res.json?.[field], atLimit), {
          title: `the job does not keep a ${field} of ${size} of ${characterClass} text as sent`,
          expected: `spec 8: ${field} max ${max} characters: the ${field} comes back as sent`,
          received: limit.shown(res.json?.[field]),
        });
      },
      { runs: 1 },
    );
  }
  // What POST took at the limit, every other write takes and keeps (4.3: "Request body fields are the same as POST").
  for (const [characterClass, filler, size] of taken)
    await largestKeptOnEveryWrite(ctx, {
      field,
      what: `a ${field} of ${size} of ${characterClass} text`,
      statement: `spec 8: ${field} max ${max} characters, and POST took this one`,
      material: fc.constant(filler),
      into: (body, marker, text) => ({ ...body, [field]: withUntrimmableEnd(wholeCharacters(limit.valueOf(ctx, marker, text, max))) }),
    });
}

/** The title's last word: the case's marker in letters and digits, after a word of its own. */
const lastWordOf = (ref: string): string => `end${ref.replace(/[^\p{L}\p{N}]/gu, '')}`;

/** A title of `max` characters whose last word, of letters and digits, is the q: every reading of "matches" finds a whole word of a title. */
function longestSearchableTitle(ctx: RuleContext, ref: string, filler: string, max: number): string {
  const word = lastWordOf(ref);
  return `${padToLength(scopedTitle(ctx, ref, ''), filler, max - word.length - 1)} ${word}`;
}

const lastWordOfTitle = (value: string): string => value.slice(value.lastIndexOf(' ') + 1);

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
    searchable: longestSearchableTitle,
    searchTerm: lastWordOfTitle,
    holding: (ctx, ref, text) => scopedTitle(ctx, ref, text),
    shown: (value) => `${codePointLength(value ?? '')} characters: ${JSON.stringify(value)}`,
    after: observeAstralTitle,
  },
);

/**
 * §8 says "characters" without saying how they are counted: record what the target does with emoji at the limit. A
 * target that counts them one way counts them so on every write (4.3: the fields are the same as POST): a title of
 * `max` code points with emoji that POST took, every other write takes and keeps.
 */
async function observeAstralTitle(ctx: RuleContext, max: number): Promise<void> {
  let taken: string | undefined;
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
      if (!isSuccess(res.status) || typeof stored !== 'string') return;
      await expectReadAsStored(ctx, res.json!.id, ref, stored);
      if (sameText(stored, title)) taken = text;
    },
    { runs: 1 },
  );
  if (taken === undefined) return;
  await largestKeptOnEveryWrite(ctx, {
    field: 'title',
    what: `a title of ${max} code points with emoji (more UTF-16 units)`,
    statement: `spec 8: title max ${max} characters, and POST took this one, counting code points`,
    material: fc.constant(taken),
    into: (body, marker, text) => {
      const prefix = scopedTitle(ctx, marker, '');
      return { ...body, title: prefix + [...text].slice(0, max - codePointLength(prefix)).join('') };
    },
  });
}

/**
 * How emoji count at the limit is open, but a title the target took is one value: a GET and the list item show the
 * title its answer showed (4.1, 2.7: the header has the job's values), not one counted again on another path.
 */
async function expectReadAsStored(ctx: RuleContext, id: number, ref: string, stored: string): Promise<void> {
  const read = (await ctx.api.get(id)).json?.title;
  const item = (await listJobs(ctx, { q: ref })).json.data.find((header) => header.id === id)?.title;
  for (const [where, title] of [
    [`GET /jobs/${id}`, read],
    [`the list item of job ${id}`, item],
  ] as const) {
    ctx.expect(sameText(title, stored), {
      title: `${where} shows another title than the one the POST stored, at the limit in emoji`,
      expected: 'the title the job holds, on every read path (spec 4.1, 2.7), however the limit counts emoji',
      received: `POST answered ${codePointLength(stored)} code points, ${where} has ${typeof title === 'string' ? codePointLength(title) : show(title)}`,
    });
  }
}
