/**
 * @module Mutants of the description HTML rules (spec 2.1 rules 1-3): each
 * lets exactly one kind of violation through (by cleaning it away before
 * the core validates, as a sanitizing server would), or changes allowed
 * content on the way out.
 */
import { htmlAllowlist } from '../../schemas/index.js';
import type { Mutant, Transform } from './mutant.js';
import { isJobBody, jsonResponse, requestJson, responseJson, withJsonBody, withResponseJson } from './support/json.js';
import { jobByReference } from './support/side-requests.js';
import { isAnyUpdate, isAnyWrite, isOverride, isPost, isPut, isPutById, isPutByReference } from './support/routes.js';
import { answerInstead, rewriteRequest, rewriteResponse } from './support/transforms.js';

/** Rewrites the description of POST and PUT bodies. */
function cleanDescription(clean: (html: string) => string): Mutant['transform'] {
  return rewriteRequest(
    (req) => isPost(req) || isPut(req),
    (body) => {
      if (typeof body.description === 'string') body.description = clean(body.description);
    },
  );
}

/** Rewrites every `<a ...>` start tag. */
const eachLink = (html: string, edit: (attributes: string) => string): string =>
  html.replace(/<a(\s[^>]*)?>/gi, (_tag, attributes: string | undefined) => `<a${edit(attributes ?? '')}>`);

/** Every start or end tag: `<name attributes>` or `</name>`. */
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)([^>]*)>/g;
/** One attribute inside a start tag, with its value if any. */
const ATTRIBUTE = /\s+([A-Za-z][\w:-]*)(\s*=\s*("[^"]*"|'[^']*'|[^\s>]*))?/g;

const isAllowedTag = (name: string): boolean => Object.hasOwn(htmlAllowlist.tags, name.toLowerCase());
const isLowerCase = (name: string): boolean => name === name.toLowerCase();

/** Rewrites the attributes of each start tag that `match`es (by its name as written). */
const eachStartTag = (html: string, match: (name: string) => boolean, edit: (attributes: string) => string): string =>
  html.replace(TAG, (tag, slash: string, name: string, attributes: string) =>
    slash === '' && match(name) ? `<${name}${edit(attributes)}>` : tag,
  );

/** Drops the attributes whose name (as written) `drop`s. */
const dropAttributes = (attributes: string, drop: (name: string) => boolean): string =>
  attributes.replace(ATTRIBUTE, (attribute, name: string) => (drop(name) ? '' : attribute));

/** Names the attributes of a start tag carries, lower-case. */
const attributeNames = (attributes: string): string[] => [...attributes.matchAll(ATTRIBUTE)].map((m) => m[1]!.toLowerCase());

/** Refuses every write whose description matches `pattern`, as a server's too-narrow check would. */
function refusesDescription(pattern: RegExp, message: string): Transform {
  return answerInstead(
    (req) => {
      const body = isAnyWrite(req) && requestJson(req);
      return typeof body === 'object' && typeof body.description === 'string' && pattern.test(body.description);
    },
    () => jsonResponse(400, { status: 400, code: 'invalid_description', message }),
  );
}

/** How deep the elements of `html` nest (void elements and end tags without a start tag aside). */
function nestingDepth(html: string): number {
  let depth = 0;
  let deepest = 0;
  for (const [, slash, name] of html.matchAll(TAG)) {
    if (htmlAllowlist.tags[name!.toLowerCase()]?.void === true) continue;
    depth = slash === '' ? depth + 1 : Math.max(0, depth - 1);
    deepest = Math.max(deepest, depth);
  }
  return deepest;
}

/** A checker whose recursion is guarded by a small limit: a description nested more than 16 deep is refused. */
const refusesDeepNesting: Transform = answerInstead(
  (req) => {
    const body = isAnyWrite(req) && requestJson(req);
    return typeof body === 'object' && typeof body.description === 'string' && nestingDepth(body.description) > 16;
  },
  () => jsonResponse(400, { status: 400, code: 'invalid_description', message: 'description nests too deeply' }),
);

export const htmlMutants: Mutant[] = [
  {
    // spec 2.1 rule 1: only the allowed tags, wherever they stand
    name: 'html-update-drops-comments-greedily-before-checking',
    area: 'html',
    violates:
      '2.1 rule 1: only the allowed tags (here an update drops everything from the first <!-- to the last --> before its ' +
      'check, so a <script> between two comments is accepted)',
    expectedRule: 'jobs.update.rejects-invalid-html',
    transform: rewriteRequest(isAnyUpdate, (body) => {
      if (typeof body.description === 'string') body.description = body.description.replace(/<!--[\s\S]*-->/, '');
    }),
  },
  {
    // spec 2.1 rules 1-3 restrict tags and attributes, never depth
    name: 'html-refuses-deep-nesting',
    area: 'html',
    violates: '2.1 rules 1-4: a description of allowed tags is accepted (here one whose elements nest more than 16 deep is refused)',
    expectedRule: 'jobs.html.keeps-allowed-content',
    transform: refusesDeepNesting,
  },
  {
    // spec 2.1 rule 1: allowed tags strong, b, em, i, br, p, div, ul, ol, li, a
    name: 'html-accepts-script',
    area: 'html',
    violates: '2.1 rule 1: only the allowed tags (here <script> is accepted, stripped)',
    expectedRule: 'jobs.html.rejects-disallowed-tag',
    transform: cleanDescription((html) => html.replace(/<\/?script\b[^>]*>/gi, '')),
  },
  {
    // spec 2.1 rule 3: no attributes on any tag but a
    name: 'html-accepts-attribute-on-p',
    area: 'html',
    violates: '2.1 rule 3: no attributes on tags other than a (here attributes on <p> are accepted, stripped)',
    expectedRule: 'jobs.html.rejects-attribute-on-non-a',
    transform: cleanDescription((html) => html.replace(/<p\s[^>]*>/gi, '<p>')),
  },
  {
    // spec 2.1 rule 2: on a, href must exist
    name: 'html-accepts-a-without-href',
    area: 'html',
    violates: '2.1 rule 2: href must exist on a (here a link without href is accepted, given an href)',
    expectedRule: 'jobs.html.rejects-a-without-href',
    transform: cleanDescription((html) =>
      eachLink(html, (attributes) => (/\shref\s*=/i.test(attributes) ? attributes : ` href="https://example.com/"${attributes}`)),
    ),
  },
  {
    // spec 2.1 rule 2: no attribute other than href and target on a
    name: 'html-accepts-onclick-on-a',
    area: 'html',
    violates: '2.1 rule 2: only href and target on a (here onclick is accepted, stripped)',
    expectedRule: 'jobs.html.rejects-other-attribute-on-a',
    transform: cleanDescription((html) =>
      eachLink(html, (attributes) => attributes.replace(/\s+onclick\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/gi, '')),
    ),
  },
  {
    // spec 2.1 rule 2: no attribute other than href and target on a; rel is the one an allow-list most often adds beside target
    name: 'html-accepts-rel-on-a',
    area: 'html',
    violates: '2.1 rule 2: only href and target on a (here rel, as in target="_blank" rel="noopener", is accepted, stripped)',
    expectedRule: 'jobs.html.rejects-other-attribute-on-a',
    transform: cleanDescription((html) =>
      eachLink(html, (attributes) => attributes.replace(/\s+rel\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/gi, '')),
    ),
  },
  {
    // spec 2.1 rule 2: href must exist, in any form; a check that wants a web address refuses a mail link
    name: 'html-refuses-mailto-href',
    area: 'html',
    violates: '2.1 rule 2: a has an href, of no stated form (here <a href="mailto:…"> is refused as not http(s))',
    expectedRule: 'jobs.html.accepts-allowed-tags',
    transform: refusesDescription(/\bhref\s*=\s*["']?mailto:/i, 'href must be an http(s) URL'),
  },
  {
    // spec 2.1 rule 1: an end tag names its element too (refusing it is good practice: a tree-based check drops it)
    name: 'html-accepts-stray-end-tag',
    area: 'html',
    violates:
      '2.1 rule 1, good practice: only the allowed tags (here an end tag of a disallowed element with no start tag, <p>x</span></p>, is accepted, stripped)',
    expectedRule: 'jobs.html.rejects-stray-end-tag',
    transform: cleanDescription((html) => {
      const opened = new Set([...html.matchAll(/<([A-Za-z][A-Za-z0-9-]*)/g)].map((m) => m[1]!.toLowerCase()));
      return html.replace(TAG, (tag, slash: string, name: string) =>
        slash === '/' && !isAllowedTag(name) && !opened.has(name.toLowerCase()) ? '' : tag,
      );
    }),
  },
  {
    // spec 2.1 rules 1-3 judge every attribute however it is written
    name: 'html-sees-double-quoted-attributes-only',
    area: 'html',
    violates:
      '2.1 rules 2-3: no attributes but href and target on a (here the check sees only name="...": ' +
      "<p onclick=alert(1)>, <p class='x'> and <p hidden> pass, and <a href='x'> has no href)",
    expectedRule: [
      'jobs.html.rejects-attribute-on-non-a',
      'jobs.html.rejects-other-attribute-on-a',
      'jobs.html.rejects-a-without-href',
      'jobs.html.rejects-disallowed-tag',
      'jobs.html.accepts-allowed-tags',
      'jobs.html.keeps-allowed-content',
      'jobs.update.rejects-invalid-html',
      'jobs.put-create.rejects-invalid',
      'jobs.model.lifecycle',
    ],
    // What such a check validates: the tags with their double-quoted attributes only (the others are invisible to it, so they are dropped here).
    transform: cleanDescription((html) =>
      eachStartTag(
        html,
        () => true,
        (attributes) => attributes.replace(ATTRIBUTE, (attribute) => (/=\s*"/.test(attribute) ? attribute : '')),
      ),
    ),
  },
  {
    // spec 2.1 rule 1 with HTML's case-insensitive names: <SCRIPT> is <script>
    name: 'html-case-sensitive-tag-check',
    area: 'html',
    violates:
      '2.1 rule 1: only the allowed tags (here a disallowed tag spelled with a capital, <SCRIPT> or <Script>, is accepted, stripped)',
    expectedRule: 'jobs.html.rejects-disallowed-tag',
    transform: cleanDescription((html) =>
      html.replace(TAG, (tag, _slash: string, name: string) => (!isLowerCase(name) && !isAllowedTag(name) ? '' : tag)),
    ),
  },
  {
    // spec 2.1 rule 3 with case-insensitive attribute names: <P CLASS=x> has an attribute
    name: 'html-case-sensitive-attribute-check',
    area: 'html',
    violates:
      '2.1 rule 3: no attributes on tags other than a (here an attribute spelled with a capital, <P CLASS="x">, is accepted, stripped)',
    expectedRule: 'jobs.html.rejects-attribute-on-non-a',
    transform: cleanDescription((html) =>
      eachStartTag(
        html,
        (name) => name.toLowerCase() !== 'a',
        (attributes) => dropAttributes(attributes, (name) => !isLowerCase(name)),
      ),
    ),
  },
  {
    // spec 2.1 rule 2 with case-insensitive tag names: <A> is an a and needs href
    name: 'html-case-sensitive-a-check',
    area: 'html',
    violates: '2.1 rule 2: href must exist on a (here only a lower-case <a> is checked: <A> without href is accepted, given an href)',
    expectedRule: 'jobs.html.rejects-a-without-href',
    transform: cleanDescription((html) =>
      eachStartTag(
        html,
        (name) => name.toLowerCase() === 'a' && !isLowerCase(name),
        (attributes) => (attributeNames(attributes).includes('href') ? attributes : ` href="https://example.com/"${attributes}`),
      ),
    ),
  },
  {
    // spec 2.1 rule 2 with case-insensitive attribute names: ONCLICK on a is onclick
    name: 'html-case-sensitive-a-attribute-check',
    area: 'html',
    violates:
      '2.1 rule 2: only href and target on a (here another attribute spelled with a capital, ONCLICK or Class, is accepted, stripped)',
    expectedRule: 'jobs.html.rejects-other-attribute-on-a',
    transform: cleanDescription((html) =>
      eachStartTag(
        html,
        (name) => name.toLowerCase() === 'a',
        (attributes) => dropAttributes(attributes, (name) => !isLowerCase(name) && !['href', 'target'].includes(name.toLowerCase())),
      ),
    ),
  },
  {
    // spec 2.1 rules 1-2 with case-insensitive names: <A HREF="..."> is a link with href, and allowed
    name: 'html-refuses-upper-case-href',
    area: 'html',
    violates:
      '2.1 rules 1-2: a description of allowed tags is accepted (here HREF or Href is not read as href, so <A HREF="..."> is refused as a link without href)',
    expectedRule: ['jobs.html.accepts-allowed-tags', 'jobs.html.keeps-allowed-content', 'jobs.html.comments-observed'],
    transform: cleanDescription((html) =>
      eachStartTag(
        html,
        (name) => name.toLowerCase() === 'a',
        (attributes) => dropAttributes(attributes, (name) => name !== 'href' && name.toLowerCase() === 'href'),
      ),
    ),
  },
  {
    // spec 2.1 rules 1-3: a description of allowed tags is accepted; `<!--` in an attribute value is no comment
    name: 'html-comment-found-by-text-search',
    area: 'html',
    violates:
      '2.1 rules 1-3: a description of allowed tags is accepted (here, refusing comments, the server searches the text ' +
      'for `<!--` and refuses a link whose href holds it)',
    expectedRule: 'jobs.html.accepts-allowed-tags',
    choices: { 'description.comments': 'refuse' },
    transform: answerInstead(
      (req) => (isPost(req) || isPut(req)) && String(requestJson(req)?.description ?? '').includes('<!--'),
      () => jsonResponse(400, { status: 400, code: 'validation_failed', message: 'The description holds an HTML comment' }),
    ),
  },
  {
    // spec 2.1 rule 1: br is allowed; a void element may end with a slash (HTML 13.1.2.1)
    name: 'html-refuses-self-closing-br',
    area: 'html',
    violates: '2.1 rule 1: a description of allowed tags is accepted (here <br/> and <br /> are refused: the check knows <br> only)',
    expectedRule: 'jobs.html.accepts-allowed-tags',
    transform: answerInstead(
      (req) => (isPost(req) || isPut(req)) && /<br\s*\/>/i.test(String(requestJson(req)?.description ?? '')),
      () => jsonResponse(400, { status: 400, code: 'validation_failed', message: 'The description holds a tag that is not allowed' }),
    ),
  },
  {
    // spec 2.1, 4.2: an accepted description is kept (the body is symmetrical with the GET result)
    name: 'html-rewrites-b-and-i',
    area: 'html',
    violates: '2.1, 4.2: an allowed description comes back as sent (here <b> is stored as <strong> and <i> as <em>)',
    expectedRule: [
      'jobs.html.keeps-allowed-content',
      'jobs.create.explicit-values',
      'jobs.put-create.creates',
      'jobs.update.by-reference',
      'jobs.model.lifecycle',
    ],
    transform: cleanDescription((html) => html.replace(/<(\/?)b>/gi, '<$1strong>').replace(/<(\/?)i>/gi, '<$1em>')),
  },
  {
    // spec 2.1 description rule 4, 8: no technical length limit on the description
    name: 'html-description-cut-at-16k',
    area: 'html',
    violates: '2.1 rule 4, 8: the description has no technical length limit (here it is stored cut to 16384 characters)',
    expectedRule: 'jobs.html.long-description',
    transform: cleanDescription((html) => (html.length > 16_384 ? html.slice(0, 16_384).replace(/<[^>]*$/, '') : html)),
  },
  {
    // spec 2.1 rule 4 and 4.3: no length limit on PUT /jobs either (a job named by referenceId, or a PUT-create)
    name: 'html-put-by-reference-cuts-long-description',
    area: 'html',
    violates:
      '2.1 rule 4, 4.3: the description has no technical length limit (here PUT /jobs stores it cut to 16384 characters; ' +
      'POST and PUT /jobs/{id} keep it whole)',
    expectedRule: 'jobs.html.long-description',
    transform: rewriteRequest(isPutByReference, (body) => {
      if (typeof body.description === 'string' && body.description.length > 16_384)
        body.description = body.description.slice(0, 16_384).replace(/<[^>]*$/, '');
    }),
  },
  {
    // spec 4.3 with 2.1 rule 4: the 200 of an update is the full (updated) Job, a long description included
    name: 'html-update-response-cuts-long-description',
    area: 'html',
    violates:
      '2.1 rule 4, 4.3: the update response is the full Job (here its description is cut to 16384 characters; the stored job and GET keep it whole)',
    expectedRule: 'jobs.html.long-description',
    transform: rewriteResponse(isPutById, (res) => {
      const job = responseJson(res);
      if (!isJobBody(job) || typeof job.description !== 'string' || job.description.length <= 16_384) return res;
      return withResponseJson(res, { ...job, description: job.description.slice(0, 16_384).replace(/<[^>]*$/, '') });
    }),
  },
  {
    // spec 2.1 description rule 4: there is no technical length limit
    name: 'html-description-capped-at-64-kib',
    area: 'html',
    violates: '2.1: there is no technical length limit on the description (here one past 65,535 UTF-8 bytes, a TEXT column, is refused)',
    expectedRule: 'jobs.html.long-description',
    transform: answerInstead(
      (req) => {
        const description = requestJson(req)?.description;
        return (isPost(req) || isPut(req)) && typeof description === 'string' && Buffer.byteLength(description, 'utf8') > 65_535;
      },
      () => jsonResponse(400, { code: 'too_long', message: 'description is longer than 65535 bytes' }),
    ),
  },
  {
    // spec 2.1, 4.2: an accepted description keeps its tree (the same elements, attributes and text)
    name: 'html-prunes-empty-elements',
    area: 'html',
    violates: '2.1, 4.2: an accepted description comes back with the same tree (here a sanitizer drops the elements left empty)',
    expectedRule: 'jobs.html.keeps-allowed-content',
    transform: rewriteRequest(
      (req) => isPost(req) || isPut(req),
      (body) => {
        if (typeof body.description !== 'string') return;
        let pruned = body.description;
        for (let before = ''; before !== pruned;) [before, pruned] = [pruned, pruned.replace(/<([a-z]+)><\/\1>/g, '')];
        body.description = pruned;
      },
    ),
  },
  {
    // spec 2.1 rules 1-3 restrict tags and attributes; text may write a character as a numeric reference (HTML 13.1.4)
    name: 'html-refuses-numeric-character-references',
    area: 'html',
    violates: '2.1 rules 1-3: a description of allowed tags is accepted (here text with `&#38;` or `&#x26;` is refused)',
    expectedRule: 'jobs.html.accepts-allowed-tags',
    transform: refusesDescription(/&#(\d+|x[0-9a-f]+);/i, 'character references are not allowed'),
  },
  {
    // spec 2.1 rule 1: the allowed tags, however HTML spells them; `<p >` is a p (HTML 13.1.2)
    name: 'html-refuses-space-before-tag-end',
    area: 'html',
    violates: '2.1 rule 1: a description of allowed tags is accepted (here `<p >` or `</p >` is refused as an unknown tag)',
    expectedRule: 'jobs.html.accepts-allowed-tags',
    transform: refusesDescription(/<\/?[a-z]+\s+>/i, 'malformed tag'),
  },
  {
    // spec 2.1 rule 1: only the allowed tags, however HTML spells them; `<script\n>` is a script element (HTML 13.1.2)
    name: 'html-tag-check-misses-line-break-before-end',
    area: 'html',
    violates:
      '2.1 rule 1: only the allowed tags (here a check that reads a tag as `<name>` or `<name attributes>` misses `<script\\n>`, ' +
      'accepted and stripped)',
    expectedRule: 'jobs.html.rejects-disallowed-tag',
    transform: cleanDescription((html) =>
      html.replace(/<\/?([A-Za-z][A-Za-z0-9-]*)\n>/g, (tag, name: string) => (isAllowedTag(name) ? tag : '')),
    ),
  },
  {
    // spec 2.1, 4.3: href must exist and its form is free; a PUT body obeys the same rules as POST
    name: 'html-href-with-query-refused-by-put-by-id',
    area: 'html',
    violates: '2.1, 4.3: an a with an href is allowed (here PUT /jobs/{id} refuses an href that carries a query string)',
    expectedRule: 'jobs.html.accepts-allowed-tags',
    transform: answerInstead(
      (req) => isPutById(req) && /href\s*=\s*["']?[^"'\s>]*\?/i.test(String(requestJson(req)?.description)),
      () => jsonResponse(400, { code: 'invalid', message: 'description holds an unsafe link' }),
    ),
  },
  {
    // spec 2.1: the description is HTML, and HTML names characters (`&eacute;`, `&nbsp;`) as it numbers them
    name: 'html-named-character-references-refused',
    area: 'html',
    violates:
      '2.1: a description of allowed tags is valid (here one that names a character by an HTML name other than ' +
      '`&amp;`, `&lt;`, `&gt;` or `&quot;` is refused: a check that knows only the escapes XML has)',
    expectedRule: 'jobs.html.accepts-allowed-tags',
    transform: answerInstead(
      (req) => isAnyWrite(req) && /&(?!(?:amp|lt|gt|quot);)[a-z][a-z0-9]*;/i.test(String(requestJson(req)?.description)),
      () => jsonResponse(400, { code: 'invalid', message: 'description holds an unknown entity' }),
    ),
  },
  {
    // spec 2.1 rule 4: there is no technical length limit, on any path that takes a description
    name: 'html-long-description-refused-by-override-put',
    area: 'html',
    violates:
      '2.1 rule 4: there is no technical length limit (here the override PUT, whose handler reads its body with a ' +
      'smaller limit, refuses a description past 16,000 characters)',
    expectedRule: 'jobs.html.long-description',
    transform: answerInstead(
      (req) => isOverride(req, 'PUT') && String(requestJson(req)?.description ?? '').length > 16_000,
      () => jsonResponse(413, { code: 'payload_too_large', message: 'request body too large' }),
    ),
  },
  {
    // spec 2.1: a description of allowed tags is accepted, its text written with any character reference
    name: 'html-nbsp-reference-refused-on-put-create',
    area: 'html',
    violates:
      '2.1, 4.3: allowed HTML is accepted on every write (here a PUT that creates refuses a no-break space written as &nbsp; or &#160;)',
    expectedRule: 'jobs.html.accepts-allowed-tags',
    transform: (next) => (req) => {
      const description = isPutByReference(req) ? requestJson(req)?.description : undefined;
      if (typeof description !== 'string' || !/&nbsp;|&#160;|&#xa0;/i.test(description)) return next(req);
      return jsonResponse(400, { message: 'unsupported character reference' });
    },
  },
  {
    // spec 2.1 rule 4, 8: there is no technical length limit on the description, on any path
    name: 'html-put-by-id-body-parser-default-limit',
    area: 'html',
    violates:
      '2.1 rule 4, 8: a long description is taken on every path (here PUT /jobs/{id} refuses a body past 100 KiB with ' +
      "413: the item route's JSON parser keeps the library's default limit)",
    expectedRule: 'jobs.html.long-description',
    transform: answerInstead(
      (req) => isPutById(req) && (req.body?.length ?? 0) > 100 * 1024,
      () => jsonResponse(413, { message: 'request entity too large' }),
    ),
  },
  {
    // spec 4.3: a PUT that creates behaves as POST; the reading notes: the same tree, attributes and text come back
    name: 'html-put-create-lowercases-tags',
    area: 'html',
    violates:
      '4.3: a PUT-create behaves as POST (here PUT /jobs that creates a job lower-cases each whole tag of the ' +
      'description, so an href loses its capitals)',
    expectedRule: 'jobs.roundtrip.character-classes',
    transform: (next) => async (req) => {
      const body = requestJson(req);
      const description = body?.description;
      if (!isPutByReference(req) || typeof description !== 'string' || typeof body?.referenceId !== 'string') return next(req);
      if ((await jobByReference(next, req, body.referenceId)) !== undefined) return next(req);
      return next(withJsonBody(req, { ...body, description: description.replace(/<[^>]*>/g, (tag) => tag.toLowerCase()) }));
    },
  },
  {
    // spec 2.1 rule 2: href must exist and target is optional, in either order (HTML gives attributes no order)
    name: 'html-refuses-target-before-href',
    area: 'html',
    violates:
      '2.1 rule 2: a with href and target is allowed (here a check that reads the first attribute as the href refuses ' +
      '<a target="_blank" href="...">)',
    expectedRule: 'jobs.html.accepts-allowed-tags',
    transform: refusesDescription(/<a\s+target\s*=[^>]*\bhref\s*=/i, 'a link must start with its href'),
  },
];
