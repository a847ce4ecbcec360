/**
 * @module The description HTML allow-list (spec 2.1, rules 1-3), read out of
 * html.schema.json. This is the ONE place the table is loaded: the ajv keyword
 * and the suite's HTML generators both import it from here.
 */
import { Parser } from 'htmlparser2';
import { loadSchema } from './load.js';

export type AttributeRule = 'required' | 'optional';
export interface AllowedTag {
  attributes: Record<string, AttributeRule>;
  void?: boolean;
}
export interface HtmlAllowlist {
  tags: Record<string, AllowedTag>;
}

interface HtmlSchema {
  $defs: { allowedHtml: { 'x-html-allowlist': HtmlAllowlist } };
}

export const htmlAllowlist: HtmlAllowlist = (loadSchema('html.schema.json') as unknown as HtmlSchema).$defs
  .allowedHtml['x-html-allowlist'];

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
 * Lists every way `html` departs from the allow-list. Comments, doctypes and
 * processing instructions are not tags the spec allows, so they count as
 * violations too (the mock's reading; the suite never generates them).
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
  if (byTag === undefined) requiredByTable.set(allowlist, (byTag = new Map()));
  let required = byTag.get(tag);
  if (required === undefined) {
    required = Object.entries(allowlist.tags[tag]!.attributes).filter(([, need]) => need === 'required').map(([attribute]) => attribute);
    byTag.set(tag, required);
  }
  return required;
}

function parseViolations(html: string, allowlist: HtmlAllowlist): HtmlViolation[] {
  const violations: HtmlViolation[] = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        // Own properties only: a tag named like an Object.prototype member (<constructor>) is just not allowed.
        const rule = Object.hasOwn(allowlist.tags, name) ? allowlist.tags[name] : undefined;
        if (!rule) {
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
      oncomment() {
        violations.push({ kind: 'disallowed-markup', message: 'HTML comments are not allowed' });
      },
      onprocessinginstruction(name) {
        violations.push({ kind: 'disallowed-markup', message: `markup <${name}> is not allowed` });
      },
    },
    // Entities are left undecoded: only tag and attribute names matter here, and no entity makes or names a tag.
    { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: false },
  );
  parser.write(html);
  parser.end();
  return violations;
}
