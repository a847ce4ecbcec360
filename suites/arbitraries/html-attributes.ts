/**
 * @module The attributes HTML defines (WHATWG HTML: those of `a`, 4.5.1, and the global attributes every element
 * takes, 3.2.6), with an event handler and a `data-*` one. Spec 2.1 allows `href` and `target` on `a` and nothing
 * else anywhere, so each of the others, on any allowed tag, is a violation: the probes send every one of them, so a
 * server whose list allows one more (`rel` beside `target`, `title`, `class`) shows it.
 */
import { htmlAllowlist } from '../../schemas/index.js';

export const HTML_ATTRIBUTES: readonly string[] = [
  // a's own
  'href',
  'target',
  'download',
  'ping',
  'rel',
  'hreflang',
  'type',
  'referrerpolicy',
  // obsolete on a, still written
  'name',
  // global
  'accesskey',
  'autocapitalize',
  'autofocus',
  'class',
  'contenteditable',
  'dir',
  'draggable',
  'enterkeyhint',
  'hidden',
  'id',
  'inert',
  'inputmode',
  'itemprop',
  'lang',
  'nonce',
  'popover',
  'slot',
  'spellcheck',
  'style',
  'tabindex',
  'title',
  'translate',
  // an event handler and a custom data attribute
  'onclick',
  'data-ref',
];

/**
 * The attributes HTML defines that the allow-list does not allow on `tag`.
 *
 * @example
 * attributesNotAllowedOn('a'); // ['download', 'ping', 'rel', ...]
 */
export function attributesNotAllowedOn(tag: string): string[] {
  const allowed = htmlAllowlist.tags[tag]?.attributes ?? {};
  return HTML_ATTRIBUTES.filter((name) => !(name in allowed));
}
