/**
 * @module Description HTML rules (spec 2.1, description rules 1-3): trees of
 * allowed tags are accepted and kept; each kind of violation is rejected and
 * creates nothing. Inputs are valid or invalid by construction (see
 * suites/arbitraries/html.ts); "same content" is defined in
 * judging/html-content.ts.
 */
import * as fc from 'fast-check';
import {
  allowedHtmlArb,
  allowedHtmlSpellingArb,
  disallowedHtmlArb,
  strayEndTagHtmlArb,
  type HtmlViolationCase,
  type HtmlViolationKind,
} from '../arbitraries/html.js';
import { wordArb } from '../arbitraries/text.js';
import { expectRejectedCreate } from '../kit/expect-rejected.js';
import { contentText, sameHtmlContent } from '../../judging/html-content.js';
import { createBodyArb, identify } from '../kit/bodies.js';
import { expectStatus, isSuccess, jobOf, responseLine } from '../kit/http.js';
import { knownAllowedSpellings, knownHtmlViolations, knownStrayEndTags } from '../kit/known-html-violations.js';
import type { ApiResponse, RuleContext } from '../contract/rule.js';
import type { Job } from '../../schemas/types.gen.js';
import {
  declinesCreate,
  declinesUpdate,
  formLabel,
  LATER_FORMS,
  PUT_CREATES,
  sendCreate,
  sendUnlessDeclined,
  sendUpdate,
  UPDATE_FORMS,
} from '../kit/rejected-writes.js';
import { fixedRule, type Implementation, type RuleEntry } from '../kit/rule-builders.js';

const ALLOWED_RULES = 'spec 2.1 description rules 1-3 (allowed tags strong b em i br p div ul ol li a; a with href and optional target)';

async function createWithDescription(ctx: RuleContext, job: Record<string, unknown>, description: string) {
  const body = identify(ctx, job);
  const ref = body.referenceId;
  const res = await ctx.api.create({ ...body, description });
  return { ref, res };
}

function expectAccepted(ctx: RuleContext, res: ApiResponse, description: string, path = 'POST /jobs'): void {
  ctx.expect(isSuccess(res.status), {
    title: `${path} refused a description made only of allowed tags`,
    expected: `${ALLOWED_RULES}: the write is taken (2xx)`,
    received: `${responseLine(res)}\ndescription: ${description}`,
  });
}

/**
 * Sends `description` by every write besides POST: a partial update of `job` in each update form, and each PUT-create,
 * the method override's where the target honours it (4.3: a PUT body obeys the same rules as POST).
 */
async function expectAcceptedOnEveryWrite(
  ctx: RuleContext,
  generated: Record<string, unknown>,
  job: Job,
  description: string,
): Promise<void> {
  for (const form of LATER_FORMS) {
    const res = await sendUnlessDeclined(ctx, form, { job, patch: { description }, fresh: identify(ctx, generated) });
    if (res !== undefined) expectAccepted(ctx, res, description, formLabel(form, job));
  }
}

/**
 * The one owner of every legal spelling of allowed tags (upper-case or capitalized names, single-quoted,
 * unquoted or spaced attributes): HTML syntax for the same elements, so accepting them is a must, and every
 * other rule sends its descriptions lower-case and double-quoted (allowedHtmlArb).
 */
const acceptsAllowedTags: Implementation = fixedRule(
  {
    id: 'jobs.html.accepts-allowed-tags',
    section: '2.1',
    level: 'must',
    title: 'A description using only the allowed tags and attributes, in any spelling, is accepted on every write path',
    statement: 'Allowed tags: `strong`, `b`, `em`, `i`, `br`, `p`, `div`, `ul`, `ol`, `li`, `a`.',
  },
  async (ctx: RuleContext) => {
    await ctx.check(fc.record({ job: createBodyArb(ctx), description: allowedHtmlSpellingArb }), async ({ job, description }) => {
      const { res } = await createWithDescription(ctx, job, description);
      expectAccepted(ctx, res, description);
    });
    // Then each spelling once, on every write path: HTML names are case-insensitive, so <A HREF="..."> is a link
    // with href, whichever write carries it.
    for (const description of knownAllowedSpellings()) {
      await ctx.check(
        createBodyArb(ctx),
        async (generated) => {
          const { res } = await createWithDescription(ctx, generated, description);
          expectAccepted(ctx, res, description);
          await expectAcceptedOnEveryWrite(ctx, generated, res.json as Job, description);
        },
        { runs: 1 },
      );
    }
  },
);

/**
 * Allowed elements left empty, sent in every run: the same tree holds them (an empty `<p>` is an element), and a
 * sanitizer that prunes empty elements drops them; the drawn trees never have one.
 */
const EMPTY_ELEMENTS = '<p></p><div><b></b></div><ul><li></li></ul><p>Duties <em></em>and <strong></strong>more</p>';

/**
 * Allowed elements nested 64 deep (divs, lists in lists, inline tags in inline tags), sent in every run: the rules
 * restrict tags and attributes, never depth, and a checker that guards its recursion with a small limit refuses it.
 * Below the 255 levels past which some sanitizers prune elements.
 */
const DEEP_NESTING = ((): string => {
  const open = ['<div>'.repeat(32), '<ul><li>'.repeat(8), '<b><i>'.repeat(8)].join('');
  const close = ['</i></b>'.repeat(8), '</li></ul>'.repeat(8), '</div>'.repeat(32)].join('');
  return `${open}deepest text${close}`;
})();

const keepsAllowedContent: Implementation = fixedRule(
  {
    id: 'jobs.html.keeps-allowed-content',
    section: '2.1',
    level: 'must',
    title: 'An accepted description comes back with the same content (same tree, attributes and text)',
    statement: 'Allowed tags: `strong`, `b`, `em`, `i`, `br`, `p`, `div`, `ul`, `ol`, `li`, `a`.',
  },
  async (ctx: RuleContext) => {
    const arb = fc.record({ job: createBodyArb(ctx), description: allowedHtmlArb });
    await ctx.check(
      arb,
      async ({ job, description }) => {
        const { res } = await createWithDescription(ctx, job, description);
        expectAccepted(ctx, res, description);
        const created = res.json!;
        const read = await ctx.api.get(created.id);
        ctx.expect(read.status === 200, {
          title: `GET /jobs/${created.id} did not return the job just created`,
          expected: 'spec 4.1: 200 with the job',
          received: responseLine(read),
        });
        for (const [what, got] of [
          ['the POST response', created.description],
          [`GET /jobs/${created.id}`, read.json!.description],
        ] as const) {
          ctx.expect(sameHtmlContent(description, got), {
            title: `${what} changed the content of an allowed description`,
            expected:
              `spec 2.1 and 4.2 (the body is symmetrical with the GET result): the same elements, ` +
              `attributes and text as sent\n${contentText(description)}`,
            received: `${contentText(got)}\nas text: ${got}`,
          });
        }
      },
      { examples: [{ description: EMPTY_ELEMENTS }, { description: DEEP_NESTING }] },
    );
  },
);

/** Sizes of the long description, in UTF-16 units: well past common column limits, well under common 1 MiB body limits. */
const LONG_DESCRIPTION = { min: 20_000, max: 60_000 } as const;

/**
 * The case sent in every run: ASCII past 100 KiB, so past 2^16 bytes, where a column or a length prefix of 16 bits
 * ends (MySQL's TEXT holds 65,535 bytes), and past a body parser's default limit (express's JSON parser takes
 * 100 KiB) on every path, a PUT by id carrying the description alone included; the drawn sizes stay under both.
 */
const PAST_DEFAULT_LIMITS = { fragment: '<strong>Duties</strong>', size: 100 * 1024 } as const;

/** `<div>fragment filler</div>` repeated to at least `size` characters: a well-formed tree of allowed tags only. */
function longDescription(fragment: string, size: number): string {
  const block = `<div>${fragment} Responsibilities and qualifications, described at length.</div>`;
  return block.repeat(Math.ceil(size / block.length));
}

/** Where two texts first differ, for a mismatch that does not print 60 KB. */
function firstDifference(a: string, b: string): string {
  let at = 0;
  while (at < a.length && at < b.length && a[at] === b[at]) at++;
  return (
    `sent ${a.length} characters, got ${b.length}; first difference at ${at}: ` +
    `sent ${JSON.stringify(a.slice(at, at + 40))}, got ${JSON.stringify(b.slice(at, at + 40))}`
  );
}

/** Spec 2.1 description rule 4 and 8: "There is no technical length limit" (shortness is only requested). */
const longDescriptionKept: Implementation = fixedRule(
  {
    id: 'jobs.html.long-description',
    section: '2.1',
    level: 'must',
    title:
      'A long description (20-60 KB of allowed HTML, and one past 100 KiB) is accepted and kept, on POST, every update form and every PUT-create',
    statement: 'There is no technical length limit.',
  },
  async (ctx: RuleContext) => {
    const statement = 'spec 2.1 description rule 4 and 8: there is no technical length limit on the description';
    const arb = fc.record({ job: createBodyArb(ctx), fragment: allowedHtmlArb, size: fc.integer(LONG_DESCRIPTION) });
    const expectKept = (where: string, sent: string, got: string | undefined): void => {
      ctx.expect(got !== undefined && sameHtmlContent(sent, got), {
        title: `${where} did not keep a description of ${sent.length} characters`,
        expected: `${statement}: the same content comes back`,
        received: firstDifference(sent, got ?? ''),
      });
    };
    await ctx.check(
      arb,
      async ({ job, fragment, size }) => {
        const description = longDescription(fragment, size);
        const { res } = await createWithDescription(ctx, job, description);
        ctx.expect(isSuccess(res.status), {
          title: `POST /jobs refused a description of ${description.length} characters`,
          expected: `${statement}: the job is created (2xx)`,
          received: responseLine(res),
        });
        const id = res.json!.id;
        expectKept('POST /jobs', description, res.json?.description);
        expectKept(`GET /jobs/${id}`, description, (await ctx.api.get(id)).json?.description);
        // Every other way a body reaches a job (4.3), each with a length of its own so a path that ignores it shows:
        // each update form, then each PUT that creates; the override where the target honours it.
        const created = jobOf(res);
        for (const [i, form] of UPDATE_FORMS.entries()) {
          const longer = longDescription(fragment, size + 1000 * (i + 1));
          const updated = await sendUpdate(ctx, form, created, { description: longer });
          if (await declinesUpdate(ctx, form, created, updated)) continue;
          const where = formLabel(form, created);
          ctx.expect(updated.status === 200, {
            title: `${where} refused a description of ${longer.length} characters`,
            expected: `${statement}; 4.3: a partial update answers 200`,
            received: responseLine(updated),
          });
          expectKept(where, longer, updated.json?.description);
          expectKept(`GET /jobs/${id} after ${where}`, longer, (await ctx.api.get(id)).json?.description);
        }
        for (const form of PUT_CREATES) {
          const fresh = identify(ctx, job);
          const putCreated = await sendCreate(ctx, form, { ...fresh, description });
          if (await declinesCreate(ctx, form, fresh, putCreated)) continue;
          ctx.expect(isSuccess(putCreated.status), {
            title: `${formLabel(form)} refused a description of ${description.length} characters`,
            expected: `${statement}; 4.3: a PUT that creates behaves as POST (2xx)`,
            received: responseLine(putCreated),
          });
          expectKept(formLabel(form), description, putCreated.json?.description);
        }
      },
      { runs: Math.min(ctx.runs, 3), examples: [PAST_DEFAULT_LIMITS] },
    );
  },
);

const RULE_TEXT: Record<HtmlViolationKind, { entry: RuleEntry; expected: string }> = {
  'disallowed-tag': {
    entry: {
      id: 'jobs.html.rejects-disallowed-tag',
      section: '2.1',
      level: 'must',
      title: 'A description with a tag outside the allow-list is rejected',
      statement: 'Allowed tags: `strong`, `b`, `em`, `i`, `br`, `p`, `div`, `ul`, `ol`, `li`, `a`.',
    },
    expected: 'spec 2.1 rule 1: only strong, b, em, i, br, p, div, ul, ol, li, a are allowed',
  },
  'attribute-on-non-a': {
    entry: {
      id: 'jobs.html.rejects-attribute-on-non-a',
      section: '2.1',
      level: 'must',
      title: 'A description with an attribute on a tag other than a is rejected',
      statement: 'No attributes are allowed on any other tag.',
    },
    expected: 'spec 2.1 rule 3: no attributes are allowed on any tag but a',
  },
  'a-without-href': {
    entry: {
      id: 'jobs.html.rejects-a-without-href',
      section: '2.1',
      level: 'must',
      title: 'A description with an a tag without href is rejected',
      statement: 'On `a`, the attribute `href` must exist and `target` is optional.',
    },
    expected: 'spec 2.1 rule 2: on a, the attribute href must exist',
  },
  'other-attribute-on-a': {
    entry: {
      id: 'jobs.html.rejects-other-attribute-on-a',
      section: '2.1',
      level: 'must',
      title: 'A description with an attribute other than href and target on a is rejected',
      statement: 'No other attribute is allowed on `a`.',
    },
    expected: 'spec 2.1 rule 2: no attribute other than href and target is allowed on a',
  },
};

function violationText(v: HtmlViolationCase): string {
  switch (v.kind) {
    case 'disallowed-tag':
      return v.strayEndTag ? `a stray end tag </${v.tag}>` : `the tag <${v.tag}>`;
    case 'attribute-on-non-a':
      return `the attribute ${v.attribute} on <${v.tag}>`;
    case 'a-without-href':
      return 'an <a> without href';
    case 'other-attribute-on-a':
      return `the attribute ${v.attribute} on <a>`;
  }
}

function rejectsViolation(kind: HtmlViolationKind): Implementation {
  const text = RULE_TEXT[kind];
  return fixedRule(text.entry, async (ctx: RuleContext) => {
    await ctx.check(
      fc.record({ job: createBodyArb(ctx), violation: disallowedHtmlArb(kind) }),
      async ({ job, violation }) => {
        const { ref, res } = await createWithDescription(ctx, job, violation.html);
        await expectRejectedCreate(ctx, res, ref, {
          title: `POST /jobs accepted a description with ${violationText(violation)}`,
          expected: text.expected,
        });
      },
      { independentCases: true },
    );
    // Then every known violation of this kind once (the examples; one more drawn among them): random draws can
    // miss the one a server lets through.
    const known = knownHtmlViolations(kind);
    await ctx.check(
      fc.record({ job: createBodyArb(ctx), html: fc.constantFrom(...known) }),
      async ({ job, html }) => {
        const { ref, res } = await createWithDescription(ctx, job, html);
        await expectRejectedCreate(ctx, res, ref, { title: `POST /jobs accepted the description ${html}`, expected: text.expected });
      },
      { runs: 1, examples: known.map((html) => ({ html })), independentCases: true },
    );
  });
}

/**
 * An end tag of a disallowed element with no start tag (`<p>text</span></p>`): a token-based check refuses
 * it, a tree-based one drops it (HTML parsers do), and the reading notes' "the same tree" allows both. So
 * refusing it is good practice (it names a disallowed element), not a must; the must rules never send one.
 */
const rejectsStrayEndTag: Implementation = fixedRule(
  {
    id: 'jobs.html.rejects-stray-end-tag',
    section: '2.1',
    level: 'should',
    title: 'A description with a stray end tag of a disallowed element (<p>x</span></p>) is rejected',
    statement: 'Good practice; the spec says: Allowed tags: `strong`, `b`, `em`, `i`, `br`, `p`, `div`, `ul`, `ol`, `li`, `a`.',
  },
  async (ctx: RuleContext) => {
    const expected = 'good practice (spec 2.1 rule 1: only the allowed tags; a tree-based check that drops the end tag also conforms)';
    await ctx.check(
      fc.record({ job: createBodyArb(ctx), violation: strayEndTagHtmlArb }),
      async ({ job, violation }) => {
        const { ref, res } = await createWithDescription(ctx, job, violation.html);
        await expectRejectedCreate(ctx, res, ref, {
          title: `POST /jobs accepted a description with ${violationText(violation)}`,
          expected,
        });
      },
      { runs: Math.min(ctx.runs, 5) },
    );
    for (const html of knownStrayEndTags()) {
      await ctx.check(
        createBodyArb(ctx),
        async (job) => {
          const { ref, res } = await createWithDescription(ctx, job, html);
          await expectRejectedCreate(ctx, res, ref, { title: `POST /jobs accepted the description ${html}`, expected });
        },
        { runs: 1 },
      );
    }
  },
);

/** What came back of a description sent with a comment: the comment kept, dropped, or the content changed. */
function commentOutcome(sent: string, returned: unknown): string {
  if (typeof returned !== 'string') return `the description came back as ${typeof returned}`;
  if (!sameHtmlContent(sent, returned)) return 'the content came back changed';
  return returned.includes('<!--') ? 'the comment came back' : 'the comment was dropped';
}

/**
 * Spec 2.1 rules 1-3 restrict tags and attributes; a comment is neither, so a
 * server may accept or refuse one (and may drop it: a comment is not content,
 * see judging/html-content.ts). The suite records what the target does
 * and fails only on a 5xx.
 */
const commentsObserved: Implementation = fixedRule(
  {
    id: 'jobs.html.comments-observed',
    section: '2.1',
    level: 'must',
    title: 'A description with an HTML comment is answered without a 5xx; accepting or refusing it is recorded',
    statement:
      'Comments in a description are neither allowed nor forbidden by the HTML rules, which restrict tags and attributes: a server may accept or refuse them.',
  },
  async (ctx: RuleContext) => {
    const arb = fc.record({ job: createBodyArb(ctx), html: allowedHtmlArb, note: wordArb('lower') });
    await ctx.check(
      arb,
      async ({ job, html, note }) => {
        const description = `${html}<!-- ${note} -->`;
        const { res } = await createWithDescription(ctx, job, description);
        expectStatus(
          ctx,
          res,
          (status) => status < 500,
          'spec 2.1 leaves comments open (rules 1-3 restrict tags and attributes): any answer but a 5xx',
        );
        if (!isSuccess(res.status)) {
          ctx.observe({ topic: 'html-comments', section: '2.1', observed: `refused with ${res.status}` });
          return;
        }
        const created = res.json as { id: number; description?: unknown };
        const read = await ctx.api.get(created.id);
        const outcome = read.status === 200 ? commentOutcome(description, read.json!.description) : `GET answered ${read.status}`;
        ctx.observe({ topic: 'html-comments', section: '2.1', observed: `accepted (${res.status}); ${outcome}` });
      },
      { runs: 1 },
    );
  },
);

/**
 * The HTML rules, in report order.
 *
 * @example
 * import { htmlRules } from './checks/html.js';
 * export const rules = [...htmlRules];
 */
export const htmlRules: Implementation[] = [
  acceptsAllowedTags,
  keepsAllowedContent,
  longDescriptionKept,
  rejectsViolation('disallowed-tag'),
  rejectsViolation('attribute-on-non-a'),
  rejectsViolation('a-without-href'),
  rejectsViolation('other-attribute-on-a'),
  rejectsStrayEndTag,
  commentsObserved,
];
