/**
 * @module The description HTML allow-list (spec 2.1, rules 1-3), read out of
 * html.schema.json. This is the ONE place the table is loaded: the ajv keyword
 * and the suite's HTML generators both import it from here.
 */
import { Parser, type Handler } from 'htmlparser2';
import { loadSchema } from './load.js';

export type AttributeRule = 'required' | 'optional';
export interface AllowedTag {
  attributes: Record<string, AttributeRule>;
  void?: boolean;
}
export interface HtmlAllowlist {
  tags: Record<string, AllowedTag>;
  /**
   * What a well-formed HTML comment is: `allowed` (the default; spec 2.1 rules
   * 1-3 restrict tags and attributes, and a comment is neither) or `refused`
   * (a server may choose so; the mock's profiles can). A malformed comment is
   * refused either way.
   */
  comments?: 'allowed' | 'refused';
}

interface HtmlSchema {
  $defs: { allowedHtml: { 'x-html-allowlist': HtmlAllowlist } };
}

export const htmlAllowlist: HtmlAllowlist = (loadSchema('html.schema.json') as unknown as HtmlSchema).$defs.allowedHtml['x-html-allowlist'];

export type HtmlViolationKind = 'disallowed-tag' | 'disallowed-attribute' | 'missing-attribute' | 'disallowed-markup';

export interface HtmlViolation {
  kind: HtmlViolationKind;
  tag?: string;
  attribute?: string;
  message: string;
}

/** How many clean texts (per allow-list) findHtmlViolations remembers, and the longest it remembers. */
const CLEAN_MEMO_ENTRIES = 64;
const CLEAN_MEMO_MAX_LENGTH = 16_384;
const cleanTexts = new WeakMap<HtmlAllowlist, Set<string>>();

/**
 * Lists every way `html` departs from the allow-list. Tag and attribute names
 * are case-insensitive (HTML): `<SCRIPT>` is disallowed, `<A HREF="...">`
 * allowed. An end tag counts as its element: a stray `</span>` is a disallowed
 * tag even with no `<span>` before it. Comments follow the table's `comments`
 * (allowed by default) but must be well-formed HTML comments, ended where every
 * browser ends them; CDATA sections, doctypes and processing instructions are
 * not tags the spec allows, so they count as violations (the mock's reading).
 *
 * The answer depends on the text and the table only, and descriptions repeat
 * (a partial update re-validates the stored one inside the merged job; a client
 * posts one template many times), while parsing is the costliest part of
 * validating a job: the last few clean texts are remembered, not parsed again.
 */
export function findHtmlViolations(html: string, allowlist: HtmlAllowlist = htmlAllowlist): HtmlViolation[] {
  let clean = cleanTexts.get(allowlist);
  if (clean === undefined) cleanTexts.set(allowlist, (clean = new Set()));
  if (clean.has(html)) return [];
  const violations = parseViolations(html, allowlist);
  if (violations.length === 0 && html.length <= CLEAN_MEMO_MAX_LENGTH) {
    if (clean.size >= CLEAN_MEMO_ENTRIES) clean.delete(clean.values().next().value!); // the oldest
    clean.add(html);
  }
  return violations;
}

/** Each table's required attributes per tag, listed once rather than at every tag of every text. */
const requiredByTable = new WeakMap<HtmlAllowlist, Map<string, string[]>>();

function requiredAttributes(allowlist: HtmlAllowlist, tag: string): string[] {
  let byTag = requiredByTable.get(allowlist);
  if (byTag === undefined) requiredByTable.set(allowlist, (byTag = new Map<string, string[]>()));
  let required = byTag.get(tag);
  if (required === undefined) {
    required = Object.entries(allowlist.tags[tag]!.attributes)
      .filter(([, need]) => need === 'required')
      .map(([attribute]) => attribute);
    byTag.set(tag, required);
  }
  return required;
}

/**
 * htmlparser2's Parser, also told of every end tag as written and of each
 * comment's raw source: the parser drops a stray end tag (`</span>` with no
 * `<span>`) without a callback, and reports a comment by its text only.
 * Overrides the Parser's tokenizer callbacks; the indices are offsets into
 * `source`, which is written in one piece.
 */
class AllowlistParser extends Parser {
  constructor(
    private readonly source: string,
    handler: Partial<Handler>,
    private readonly raw: { endTag(name: string): void; comment(source: string): void; cdata(): void },
  ) {
    // Entities are left undecoded: only tag and attribute names matter here, and no entity makes or names a tag.
    super(handler, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: false });
  }

  override onclosetag(start: number, endIndex: number): void {
    this.raw.endTag(this.source.slice(start, endIndex).toLowerCase());
    super.onclosetag(start, endIndex);
  }

  /** `offset` 2: ended by `-->`, the source runs from `<!--`; 0: cut off by the end of the text, or a bogus `</1x>`. */
  override oncomment(start: number, endIndex: number, offset: number): void {
    const opened = this.source.startsWith('<!--', start - 4);
    this.raw.comment(
      offset === 2
        ? this.source.slice(start - 4, endIndex + 1)
        : opened
          ? this.source.slice(start - 4, endIndex)
          : this.source.slice(start - 2, endIndex + 1),
    );
    super.oncomment(start, endIndex, offset);
  }

  override oncdata(start: number, endIndex: number, offset: number): void {
    this.raw.cdata();
    super.oncdata(start, endIndex, offset);
  }
}

/**
 * Why a comment's source is not a valid HTML comment (HTML Living Standard
 * 13.1.6), or undefined. Browsers end a comment early at `--!>` and at
 * `<!-->`/`<!--->`: markup after it would be live while a parser that ends it
 * at `-->` saw a comment, so only comments every parser reads alike pass.
 */
function malformedComment(source: string): string | undefined {
  if (!source.startsWith('<!--')) return 'is not of the form <!-- ... -->';
  if (source.length < 7 && source.endsWith('>')) return 'is closed at once (<!--> or <!--->)';
  if (!source.endsWith('-->')) return 'is not closed by -->';
  const body = source.slice(4, -3);
  if (body.startsWith('>') || body.startsWith('->')) return 'starts with > or ->';
  for (const bad of ['<!--', '--!>']) if (body.includes(bad)) return `contains ${bad}`;
  if (body.endsWith('<!-')) return 'ends with <!-';
  return undefined;
}

function parseViolations(html: string, allowlist: HtmlAllowlist): HtmlViolation[] {
  const violations: HtmlViolation[] = [];
  const isAllowed = (name: string): boolean => Object.hasOwn(allowlist.tags, name);
  // Disallowed elements already reported at their start tag: their end tags add nothing.
  const reported = new Set<string>();
  const handler: Partial<Handler> = {
    onopentag(name, attribs) {
      // Own properties only: a tag named like an Object.prototype member (<constructor>) is just not allowed.
      const rule = isAllowed(name) ? allowlist.tags[name] : undefined;
      if (!rule) {
        reported.add(name);
        violations.push({ kind: 'disallowed-tag', tag: name, message: `tag <${name}> is not allowed` });
        return;
      }
      for (const attribute of Object.keys(attribs)) {
        if (!Object.hasOwn(rule.attributes, attribute)) {
          violations.push({
            kind: 'disallowed-attribute',
            tag: name,
            attribute,
            message: `attribute "${attribute}" is not allowed on <${name}>`,
          });
        }
      }
      for (const attribute of requiredAttributes(allowlist, name)) {
        if (!Object.hasOwn(attribs, attribute)) {
          violations.push({
            kind: 'missing-attribute',
            tag: name,
            attribute,
            message: `<${name}> must have attribute "${attribute}"`,
          });
        }
      }
    },
    onprocessinginstruction(name) {
      violations.push({ kind: 'disallowed-markup', message: `markup <${name}> is not allowed` });
    },
  };
  const parser = new AllowlistParser(html, handler, {
    endTag(name) {
      if (isAllowed(name) || reported.has(name)) return;
      reported.add(name);
      violations.push({ kind: 'disallowed-tag', tag: name, message: `end tag </${name}> of a tag that is not allowed` });
    },
    comment(source) {
      const malformed = malformedComment(source);
      if (malformed !== undefined) violations.push({ kind: 'disallowed-markup', message: `malformed HTML comment: it ${malformed}` });
      else if (allowlist.comments === 'refused') violations.push({ kind: 'disallowed-markup', message: 'HTML comments are not allowed' });
    },
    cdata() {
      violations.push({ kind: 'disallowed-markup', message: 'CDATA sections are not allowed' });
    },
  });
  parser.write(html);
  parser.end();
  return violations;
}
