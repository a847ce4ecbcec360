/**
 * @module The paging links repeat a q of any characters (spec 2.8: next "repeats the active filters and page size
 * in its query string"; previous is the address of the previous page). The paging rules scope their lists with a
 * case tag, a word of letters and digits that no encoding changes; here q holds every piece of one character class
 * (suites/arbitraries/character-classes.ts: white space, `+`, `&`, `%`, `=`, `#`, letters beyond ASCII and beyond
 * the BMP...), so a link that encodes q twice, drops it or cuts it at a `&` or `#` means another filter. Links are
 * read by meaning (judging/paging.ts): any URL form, parameters in any order, q up to Unicode normalization.
 * Spec 4.5 leaves how q matches open (substring, prefix, whole words; a tokenizer may drop punctuation): a q that
 * does not find both jobs is recorded, never judged.
 */
import * as fc from 'fast-check';
import type { JobList } from '../../schemas/types.gen.js';
import type { ApiResponse, Body, RuleContext } from '../contract/rule.js';
import { CHARACTER_CLASSES, classPieces, REFUSABLE_CLASSES, type CharacterClass } from '../arbitraries/character-classes.js';
import { caseTagOf, createBodyArb, identify, scopedTitle } from '../kit/bodies.js';
import { jsonEqual, show } from '../../judging/compare.js';
import { linkProblems, type PageAddress } from '../../judging/paging.js';
import { createJob, idsOf, listJobs } from '../kit/jobs.js';
import { expectStatus, isClientError } from '../kit/http.js';
import { propertyRule, type Implementation } from '../kit/rule-builders.js';
import { follow } from './paging.js';

type Page = ApiResponse<JobList> & { json: JobList };

interface QCase {
  characterClass: CharacterClass;
  bodies: [Body, Body];
}

/**
 * The case's q: its tag, every piece of the class, then `x`, as one word (no white space but the class's own, no
 * punctuation at its ends), so word matching finds it as well as substring matching, and no other case's job
 * does. Lower case unless asked `as written`: a server may fold the case of the q it repeats, which is not what
 * this rule is about.
 *
 * @example
 * classQuery('jc1a2b3c05k3x', 'ascii-punctuation'); // 'jc1a2b3c05k3xa+b50%%20#1x/y?za=b;c~$*!{[|]}^`@co-opv1.2_b(a),b:cx'
 */
export function classQuery(caseTag: string, characterClass: CharacterClass, letterCase: 'lower' | 'as written' = 'lower'): string {
  const word = `${caseTag}${classPieces(characterClass).join('')}x`;
  return letterCase === 'lower' ? word.toLowerCase() : word;
}

/** Fails unless `page`'s `which` link addresses `address` (judged by meaning: judging/paging.ts). */
function expectLink(ctx: RuleContext, page: Page, which: 'next' | 'previous', address: PageAddress): string | null {
  const link = page.json.paging[which];
  const problems = typeof link === 'string' ? linkProblems(link, address) : [`no ${which} link`];
  ctx.expect(problems.length === 0, {
    title: `the ${which} link of page ${page.json.paging.page} does not repeat q ${show(address.q)} and pageSize ${address.pageSize}`,
    expected: `${which} addresses page ${address.page} and repeats the active filters and page size in its query string (spec 2.8)`,
    received: `${which} ${show(link)}: ${problems.join('; ')}`,
    failingExchange: page.exchange,
  });
  return link;
}

/** Fails unless `followed` is the page `direct` (asked for by number with the same q) shows. */
function expectSamePage(ctx: RuleContext, link: string, followed: Page, direct: Page, q: string): void {
  const page = direct.json.paging.page;
  ctx.expect(followed.json.paging.page === page && jsonEqual(idsOf(followed.json), idsOf(direct.json)), {
    title: `following ${link} does not lead to page ${page} of q ${show(q)}`,
    expected: `the link addresses page ${page} of the same list (spec 2.8)`,
    received: `followed: page ${followed.json.paging.page}, ids ${show(idsOf(followed.json))}; page=${page}: ids ${show(idsOf(direct.json))}`,
    failingExchange: followed.exchange,
  });
}

/**
 * Creates a job titled with q; false where a server refused a class it may refuse in a title (REFUSABLE_CLASSES:
 * recorded, and the case ends), as jobs.roundtrip.character-classes does.
 */
async function titledWith(ctx: RuleContext, generated: Body, q: string, characterClass: CharacterClass): Promise<boolean> {
  const body = identify(ctx, generated);
  const titled = { ...body, title: scopedTitle(ctx, body.referenceId, q) };
  if (!REFUSABLE_CLASSES.has(characterClass)) {
    await createJob(ctx, titled);
    return true;
  }
  const res = await ctx.api.create(titled);
  if (isClientError(res.status)) {
    ctx.observe({ topic: 'string-characters-refused', section: '2.1', observed: `${characterClass}: ${res.status}` });
    return false;
  }
  expectStatus(ctx, res, 201, 'POST /jobs with a title of any characters creates the job: 201 (spec 2.1, 4.2)');
  return true;
}

async function check(ctx: RuleContext, { characterClass, bodies }: QCase): Promise<void> {
  const q = classQuery(caseTagOf(ctx), characterClass);
  for (const generated of bodies) if (!(await titledWith(ctx, generated, q, characterClass))) return;
  // A q of such characters may be refused (4.5 types q a String without a form): recorded, as a q that finds less.
  const answer = await ctx.api.list({ q, pageSize: 1 });
  ctx.expect(answer.status < 500, {
    title: `GET /jobs with q ${show(q)} failed on the server`,
    expected: 'a list with any q answers 200, or refuses it with a client error (spec 4.5, 7)',
    received: `${answer.status}`,
    failingExchange: answer.exchange,
  });
  if (answer.status !== 200 || answer.json === undefined) {
    ctx.observe({ topic: `q.characters.${characterClass}`, section: '4.5', observed: `answered ${answer.status}` });
    return;
  }
  const first = answer as Page;
  if (first.json.paging.total < 2) {
    ctx.observe({ topic: `q.characters.${characterClass}`, section: '4.5', observed: `found ${first.json.paging.total} of the 2 jobs` });
    return;
  }
  const next = expectLink(ctx, first, 'next', { q, pageSize: 1, pageSizeSent: true, page: 2 });
  if (next === null) return;
  const second = await follow(ctx, next, first);
  expectSamePage(ctx, next, second, await listJobs(ctx, { q, pageSize: 1, page: 2 }), q);
  const previous = expectLink(ctx, second, 'previous', { q, pageSize: 1, pageSizeSent: true, page: 1 });
  if (previous !== null) expectSamePage(ctx, previous, await follow(ctx, previous, second), first, q);
}

export const pagingQCharactersRules: Implementation[] = [
  propertyRule<QCase>(
    {
      id: 'jobs.paging.q-characters',
      section: '2.8',
      level: 'must',
      title:
        'next and previous repeat a q of any characters (white space, +, &, %, =, #, letters beyond ASCII and the BMP) ' +
        'and lead to the pages of that q',
      statement: 'Address of the next page. It repeats the active filters and page size in its query string.',
    },
    {
      independentCases: true,
      maxRuns: 1,
      arbitrary: (ctx) =>
        fc.record({ characterClass: fc.constantFrom(...CHARACTER_CLASSES), bodies: fc.tuple(createBodyArb(ctx), createBodyArb(ctx)) }),
      // Every class in every run, one case each.
      examples: () => CHARACTER_CLASSES.map((characterClass) => ({ characterClass })),
      check,
    },
  ),
];
