/**
 * @module What a q of other characters than the tag words finds (spec 4.5: q "matches job title and referenceId").
 * How q matches is open (substring, prefix or word matching), so each check holds under every one of them:
 * - a q made only of letters and digits, beyond ASCII included, is one word of a job's title, so every reading finds
 *   that job, and the whole referenceId of another (where the server takes it as one). The classes judged are
 *   those whose pieces are all letters, marks and digits, in NFC (a server may store a decomposed title composed,
 *   and then not find a decomposed q): derived from the pieces, not listed;
 * - `%`, `_` and `.` in q are characters. A job whose title holds q with them replaced by what SQL LIKE (`%` any
 *   run, `_` one character) or a regular expression (`.` one character) lets them match is found by none of the
 *   readings. A should: a search that splits q at punctuation and finds any one of its words finds it too.
 * - a q of any other class without white space (HTML-special characters, backslashes, punctuation, characters beyond
 *   the BMP) that is one word of a title finds that job by substring and by word matching, and by a tokenizer that
 *   splits both alike. A should: a search engine's tokenizer may drop what it takes for noise. A server that matches
 *   q against the title as stored escaped, or decoded once more, finds nothing.
 * - a q of letters alone finds no job whose title holds only its stem (`cook` for `cooks`) or a word one letter away,
 *   and a q of digits with a leading zero no job whose title holds only the same number without it: no reading matches
 *   those, so a search with a stemmer, fuzzy matching or q read as a number shows. A must.
 * - with a status the job does not have, the job a q of any class finds is not listed: the filters apply together,
 *   so a search that takes some characters by another path, which forgets the status, shows.
 * A refused q is observed (4.5 types q a String without a form), as is a q that does not find the literal job.
 */
import * as fc from 'fast-check';
import type { Job } from '../../schemas/types.gen.js';
import type { RuleContext } from '../contract/rule.js';
import type { ObservationTopic } from '../contract/observation-topics.js';
import { CHARACTER_CLASSES, classPieces, REFUSABLE_CLASSES, type CharacterClass } from '../arbitraries/character-classes.js';
import { caseTagOf, createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { show } from '../../judging/compare.js';
import { createJob } from '../kit/jobs.js';
import { isSuccess, jobOf } from '../kit/http.js';
import { inputLimits } from '../arbitraries/schema-limits.js';
import { atOnce } from '../kit/at-once.js';
import { propertyRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';
import { classQuery } from './paging-q-characters.js';
import { lettersOnly } from '../contract/scope-words.js';
import { STATUSES } from './create/shared.js';
import { orderNumberOf } from '../arbitraries/reference-shapes.js';

const WORD = /^[\p{L}\p{M}\p{N}]+$/u;

/** The classes whose q is one word of letters under every reading: each piece letters, marks or digits, and in NFC. */
export const LETTER_CLASSES: readonly CharacterClass[] = CHARACTER_CLASSES.filter((characterClass) =>
  classPieces(characterClass).every((piece) => {
    const lower = piece.toLowerCase();
    return WORD.test(lower) && lower.normalize('NFC') === lower;
  }),
);

/** A job titled with `text` as a word of its title. */
async function titledJob(ctx: RuleContext, text: string): Promise<Job> {
  const body = identify(ctx, fc.sample(createBodyArb(ctx), { seed: ctx.seedOf?.(text) ?? 0, numRuns: 1 })[0]!);
  return createJob(ctx, { ...body, title: scopedTitle(ctx, body.referenceId, text) });
}

/** The ids GET /jobs?q (with `status`, when given) lists, or undefined where the q was refused (observed under `topic`). */
async function idsFound(ctx: RuleContext, q: string, topic: ObservationTopic, status?: Job['status']): Promise<Set<number> | undefined> {
  const res = await ctx.api.list({ q, pageSize: 100, ...(status === undefined ? {} : { status }) });
  if (res.status !== 200 || !Array.isArray(res.json?.data)) {
    ctx.observe({ topic, section: '4.5', observed: `q ${show(q)} answered ${res.status}` });
    return undefined;
  }
  return new Set(res.json.data.map((item) => item.id));
}

/**
 * The classes beyond the letter ones whose q is one word in NFC: no piece holds white space (a q of several words
 * matches as the server reads several words, open) or a decomposed letter (a server may store it composed), and
 * every title takes them (REFUSABLE_CLASSES a server may refuse in a title; the character rules record that).
 * Derived from the pieces.
 */
const OTHER_CLASSES: readonly CharacterClass[] = CHARACTER_CLASSES.filter(
  (characterClass) =>
    !LETTER_CLASSES.includes(characterClass) &&
    !REFUSABLE_CLASSES.has(characterClass) &&
    classPieces(characterClass).every((piece) => !/\s/u.test(piece) && piece.toLowerCase().normalize('NFC') === piece.toLowerCase()),
);

/**
 * A job whose referenceId is `text` itself, its title the case's plain one; undefined where `text` is longer than a
 * referenceId may be (8), or refused: a server may refuse unusual characters in a referenceId (observed).
 */
async function namedJob(ctx: RuleContext, text: string): Promise<Job | undefined> {
  if ([...text].length > inputLimits.referenceIdMax) return undefined;
  const body = identify(ctx, fc.sample(createBodyArb(ctx), { seed: ctx.seedOf?.(`named ${text}`) ?? 0, numRuns: 1 })[0]!);
  const res = await ctx.api.create({ ...body, referenceId: text });
  if (isSuccess(res.status)) return jobOf(res);
  ctx.observe({ topic: 'reference-id-characters', section: '2.1', observed: `${show(text)}: ${res.status}` });
  return undefined;
}

/**
 * A q of the class finds the job whose title holds it as a word, and the job whose whole referenceId it is, each
 * alone and beside the job's status (4.5: the filters narrow together; a server may search by another path when a
 * status is given, or another field for other characters): `expected` says why under the rule's level.
 */
async function checkFound(ctx: RuleContext, characterClass: CharacterClass, expected: string): Promise<void> {
  for (const q of classQueries(caseTagOf(ctx), characterClass)) await checkFoundBy(ctx, characterClass, q, expected);
}

/**
 * The class's q in lower case, then as written where its pieces hold capitals: a title word with capitals is found
 * by that very word under every reading, case-sensitive or not. A search that lower-cases the title one way and q
 * another (`I` to a dotless `ı` in a Turkish locale, `İ` to `i` plus a dot) finds the lower-case q and misses this one.
 */
function classQueries(caseTag: string, characterClass: CharacterClass): string[] {
  const lower = classQuery(caseTag, characterClass);
  const written = classQuery(caseTag, characterClass, 'as written');
  return written === lower ? [lower] : [lower, written];
}

async function checkFoundBy(ctx: RuleContext, characterClass: CharacterClass, q: string, expected: string): Promise<void> {
  const holders = [
    { job: await titledJob(ctx, q), holds: 'whose title holds it as a word' },
    { job: await namedJob(ctx, q), holds: 'whose referenceId it is' },
  ];
  for (const { job, holds } of holders) {
    if (job === undefined) continue;
    for (const status of [undefined, job.status]) {
      const found = await idsFound(ctx, q, `q.characters.${characterClass}`, status);
      if (found === undefined) return;
      ctx.expect(found.has(job.id), {
        title:
          `GET /jobs with q ${show(q)} (${characterClass})${status === undefined ? '' : ` and status ${status}`} does not find ` +
          `job ${job.id}, ${holds}`,
        expected,
        received: `listed ${show([...found])}`,
      });
    }
    await expectOtherStatusExcludes(ctx, characterClass, q, job);
  }
}

/**
 * The status filter narrows a q of every class (4.5: the filters apply together): the job the q finds is not listed
 * under another status. A server that searches some characters by another path, which forgets the status, lists it.
 */
async function expectOtherStatusExcludes(ctx: RuleContext, characterClass: CharacterClass, q: string, job: Job): Promise<void> {
  const other = STATUSES.find((status) => status !== job.status)!;
  const found = await idsFound(ctx, q, `q.characters.${characterClass}`, other);
  if (found === undefined) return;
  ctx.expect(!found.has(job.id), {
    title: `GET /jobs with q ${show(q)} (${characterClass}) and status ${other} lists job ${job.id}, which is ${job.status}`,
    expected: 'spec 4.5: status filters the list, with q as without it: only jobs of that status',
    received: `listed ${show([...found])}`,
  });
}

/** Literal characters of query languages, inside one word after the case tag. */
const WILDCARD_TAIL = 'x50%a_b.c';
/** The decoys: what SQL LIKE lets `%` and `_` match, and what a regular expression lets `.` match. */
const DECOYS = {
  'SQL LIKE': (q: string) => q.replace('%', 'zz').replace('_', '1'),
  'regular expression': (q: string) => q.replace('.', '2'),
} as const;

async function checkWildcards(ctx: RuleContext): Promise<void> {
  const q = `${caseTagOf(ctx)}${WILDCARD_TAIL}`.toLowerCase();
  const decoys = Object.entries(DECOYS).map(([language, decoy]) => ({ language, title: decoy(q) }));
  const [literal, ...made] = await atOnce(ctx, [q, ...decoys.map((d) => d.title)], (text) => titledJob(ctx, text));
  const found = await idsFound(ctx, q, 'q.wildcards');
  if (found === undefined) return;
  if (!found.has(literal!.id)) {
    ctx.observe({ topic: 'q.wildcards', section: '4.5', observed: `q ${show(q)} did not find the job whose title holds it` });
    return;
  }
  for (const [i, { language, title }] of decoys.entries()) {
    ctx.expect(!found.has(made[i]!.id), {
      title: `GET /jobs with q ${show(q)} also finds job ${made[i]!.id}, titled ${show(title)}: q read as a ${language} pattern`,
      expected: 'spec 4.5: q matches the job title; its %, _ and . are characters, which that title does not hold',
      received: `listed ${show([...found])}`,
    });
  }
}

/**
 * What a search that is none of q's readings (substring, prefix or word matching) lets a q match: a stemmer, the word
 * less its ending; fuzzy matching, a word one letter away; a q of digits read as a number, the number without its
 * leading zero. Each pair is made from a word of the case's own, with a letter of the pair's (never `s`, which a
 * stemmer would take for an ending), or from the order number the word gives.
 */
const READING_DECOYS: ReadonlyArray<{ search: string; pair: (word: string) => { q: string; decoy: string } }> = [
  { search: 'a stemmer (a plural)', pair: (word) => ({ q: `${word}as`, decoy: `${word}a` }) },
  { search: 'a stemmer (-ing)', pair: (word) => ({ q: `${word}bing`, decoy: `${word}b` }) },
  { search: 'a stemmer (-ed)', pair: (word) => ({ q: `${word}ced`, decoy: `${word}c` }) },
  { search: 'fuzzy matching (one letter off)', pair: (word) => ({ q: `${word}dk`, decoy: `${word}dm` }) },
  // A q of digits is text: a search that reads it as a number first looks for the number without its leading zero.
  { search: 'a number (q of digits read without its leading zero)', pair: (word) => numberPair(orderNumberOf(word)) },
];

/** The order number as q, and the same digits without their leading zeros as the decoy. */
const numberPair = (digits: string): { q: string; decoy: string } => ({ q: digits, decoy: digits.replace(/^0+/, '') });

/**
 * For each decoy pair: a job whose title holds q as a word, which every reading finds, and a job whose title holds
 * only the decoy, which none does (q holds more than the decoy, or other letters): listing it is the other search's.
 */
async function checkReadingDecoys(ctx: RuleContext): Promise<void> {
  const word = lettersOnly(caseTagOf(ctx));
  for (const { search, pair } of READING_DECOYS) {
    const { q, decoy } = pair(word);
    const [literal, decoyJob] = await atOnce(ctx, [q, decoy], (text) => titledJob(ctx, text));
    const found = await idsFound(ctx, q, 'q.inflections');
    if (found === undefined) continue;
    if (!found.has(literal!.id)) {
      ctx.observe({ topic: 'q.inflections', section: '4.5', observed: `q ${show(q)} did not find the job whose title holds it` });
      continue;
    }
    ctx.expect(!found.has(decoyJob!.id), {
      title: `GET /jobs with q ${show(q)} also finds job ${decoyJob!.id}, titled ${show(decoyJob!.title)}: q matched as by ${search}`,
      expected:
        'spec 4.5: q matches job title and referenceId, by substring, prefix or word under any reading; a title that holds ' +
        'neither q nor a word q starts is matched by none of them',
      received: `listed ${show([...found])}`,
    });
  }
}

/** A rule that sends the q of each of `classes` (every class in every run, one case each) and expects its job found. */
function classFoundRule(entry: RuleEntry, classes: readonly CharacterClass[], expected: string): Implementation {
  return propertyRule<{ characterClass: CharacterClass }>(entry, {
    independentCases: true,
    maxRuns: 1,
    arbitrary: () => fc.record({ characterClass: fc.constantFrom(...classes) }),
    examples: () => classes.map((characterClass) => ({ characterClass })),
    check: (ctx, { characterClass }) => checkFound(ctx, characterClass, expected),
  });
}

export const listQCharactersRules: Implementation[] = [
  classFoundRule(
    {
      id: 'jobs.list.q-letters',
      section: '4.5',
      level: 'must',
      title:
        'q of letters beyond ASCII (and of capitals) finds the job whose title holds it as a word, and the one whose referenceId it is',
      statement: 'Matches job title and `referenceId`.',
    },
    LETTER_CLASSES,
    'spec 4.5: q matches the job title; a q of letters that is a whole word of a title finds that job, however q matches',
  ),
  classFoundRule(
    {
      id: 'jobs.list.q-other-characters',
      section: '4.5',
      level: 'should',
      title:
        'q of HTML-special characters, backslashes, punctuation or emoji finds the job whose title holds it as a word, and the one whose referenceId it is',
      statement: 'Good practice; the spec says: Matches job title and `referenceId`.',
    },
    OTHER_CLASSES,
    'spec 4.5: q matches the job title; a q that is a whole word of a title, any characters, is found by substring and word matching',
  ),
  propertyRule<null>(
    {
      id: 'jobs.list.q-no-stemming',
      section: '4.5',
      level: 'must',
      title:
        "q of letters finds no job whose title holds only the word's stem or a word one letter away (no stemming, no fuzzy " +
        'matching), and q of digits none whose title holds only the same number without its leading zero',
      statement: 'Matches job title and `referenceId`.',
    },
    {
      maxRuns: 1,
      arbitrary: () => fc.constant(null),
      check: (ctx) => checkReadingDecoys(ctx),
    },
  ),
  propertyRule<null>(
    {
      id: 'jobs.list.q-wildcards-literal',
      section: '4.5',
      level: 'should',
      title: "q's %, _ and . are characters: q finds no job whose title holds only what a LIKE or regex pattern matches",
      statement: 'Good practice; the spec says: Matches job title and `referenceId`.',
    },
    {
      maxRuns: 1,
      arbitrary: () => fc.constant(null),
      check: (ctx) => checkWildcards(ctx),
    },
  ),
];
