/** @module The catalog's html rules: the description HTML rules (spec 2.1). */
import type { CatalogEntry } from './entry.js';

export const htmlEntries: readonly CatalogEntry[] = [
  {
    id: 'jobs.html.accepts-allowed-tags',
    section: '2.1',
    level: 'must',
    area: 'html',
    title: 'A description using only the allowed tags and attributes is accepted',
    statement: 'Allowed tags: `strong`, `b`, `em`, `i`, `br`, `p`, `div`, `ul`, `ol`, `li`, `a`.',
  },
  {
    id: 'jobs.html.keeps-allowed-content',
    section: '2.1',
    level: 'must',
    area: 'html',
    title: 'An accepted description comes back with the same content (same tree, attributes and text)',
    statement: 'Allowed tags: `strong`, `b`, `em`, `i`, `br`, `p`, `div`, `ul`, `ol`, `li`, `a`.',
  },
  {
    id: 'jobs.html.long-description',
    section: '2.1',
    level: 'must',
    area: 'html',
    title: 'A long description (20-60 KB of allowed HTML) is accepted and kept, on POST, PUT by id, PUT by referenceId and PUT-create',
    statement: 'There is no technical length limit.',
  },
  {
    id: 'jobs.html.rejects-disallowed-tag',
    section: '2.1',
    level: 'must',
    area: 'html',
    title: 'A description with a tag outside the allow-list is rejected',
    statement: 'Allowed tags: `strong`, `b`, `em`, `i`, `br`, `p`, `div`, `ul`, `ol`, `li`, `a`.',
  },
  {
    id: 'jobs.html.rejects-attribute-on-non-a',
    section: '2.1',
    level: 'must',
    area: 'html',
    title: 'A description with an attribute on a tag other than a is rejected',
    statement: 'No attributes are allowed on any other tag.',
  },
  {
    id: 'jobs.html.rejects-a-without-href',
    section: '2.1',
    level: 'must',
    area: 'html',
    title: 'A description with an a tag without href is rejected',
    statement: 'On `a`, the attribute `href` must exist and `target` is optional.',
  },
  {
    id: 'jobs.html.rejects-other-attribute-on-a',
    section: '2.1',
    level: 'must',
    area: 'html',
    title: 'A description with an attribute other than href and target on a is rejected',
    statement: 'No other attribute is allowed on `a`.',
  },
  {
    id: 'jobs.html.rejects-stray-end-tag',
    section: '2.1',
    level: 'should',
    area: 'html',
    title: 'A description with a stray end tag of a disallowed element (<p>x</span></p>) is rejected',
    statement: 'Good practice; the spec says: Allowed tags: `strong`, `b`, `em`, `i`, `br`, `p`, `div`, `ul`, `ol`, `li`, `a`.',
  },
  {
    id: 'jobs.html.comments-observed',
    section: '2.1',
    level: 'must',
    area: 'html',
    title: 'A description with an HTML comment is answered without a 5xx; accepting or refusing it is recorded',
    statement:
      'Comments in a description are neither allowed nor forbidden by the HTML rules, which restrict tags and attributes: a server may accept or refuse them.',
  },
];
