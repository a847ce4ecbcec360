/**
 * @module Mutants of the description HTML rules (spec 2.1 rules 1-3): each
 * lets exactly one kind of violation through (by cleaning it away before
 * the core validates, as a sanitizing server would), or changes allowed
 * content on the way out.
 */
import type { Mutant } from './mutant.js';
import { isPost, isPut } from './support/routes.js';
import { rewriteRequest } from './support/transforms.js';

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

export const htmlMutants: Mutant[] = [
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
    transform: cleanDescription((html) => eachLink(html, (attributes) => (/\shref\s*=/i.test(attributes) ? attributes : ` href="https://example.com/"${attributes}`))),
  },
  {
    // spec 2.1 rule 2: no attribute other than href and target on a
    name: 'html-accepts-onclick-on-a',
    area: 'html',
    violates: '2.1 rule 2: only href and target on a (here onclick is accepted, stripped)',
    expectedRule: 'jobs.html.rejects-other-attribute-on-a',
    transform: cleanDescription((html) => eachLink(html, (attributes) => attributes.replace(/\s+onclick\s*=\s*("[^"]*"|'[^']*'|[^\s>]*)/gi, ''))),
  },
  {
    // spec 2.1, 4.2: an accepted description is kept (the body is symmetrical with the GET result)
    name: 'html-rewrites-b-and-i',
    area: 'html',
    violates: '2.1, 4.2: an allowed description comes back as sent (here <b> is stored as <strong> and <i> as <em>)',
    expectedRule: ['jobs.html.keeps-allowed-content', 'jobs.create.explicit-values', 'jobs.put-create.creates', 'jobs.update.by-reference', 'jobs.model.lifecycle'],
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
];
