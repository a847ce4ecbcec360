/**
 * @module Escape by construction for the HTML report: the `html` tag escapes
 * every interpolation; only `raw()` lets markup through, so `grep -n 'raw('`
 * lists every trusted spot. Interpolating into an unquoted attribute value is
 * refused at render time, since escaping cannot make that safe.
 */
import { visibleControlChars } from '../control-chars.js';

/** Markup known to be safe: built by `html` or explicitly trusted with `raw`. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

/**
 * What may be interpolated into `html`: strings are escaped (control characters
 * shown as \uXXXX); arrays are joined; null, undefined and false render nothing.
 */
export type HtmlValue = SafeHtml | string | number | boolean | null | undefined | readonly HtmlValue[];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Escapes text for HTML content and quoted attribute values.
 *
 * @example
 * escapeHtml('<img onerror="x">') // => '&lt;img onerror=&quot;x&quot;&gt;'
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}

/**
 * Marks trusted markup (never target text) as safe.
 *
 * @example
 * html`<p>${raw('<br>')}</p>`
 */
export function raw(trusted: string): SafeHtml {
  return new SafeHtml(trusted);
}

/**
 * Tagged template that escapes every interpolation.
 *
 * @example
 * html`<td title="${title}">${body}</td>`.toString()
 */
export function html(strings: TemplateStringsArray, ...values: readonly HtmlValue[]): SafeHtml {
  let out = strings[0] ?? '';
  values.forEach((value, index) => {
    if (/=\s*$/.test(out)) throw new TypeError(`html: unquoted attribute value before interpolation ${index}; quote it: ${out.slice(-40)}`);
    out += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(out);
}

function render(value: HtmlValue): string {
  if (value instanceof SafeHtml) return value.value;
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) return value.map((item: HtmlValue) => render(item)).join('');
  // Control characters and bidi overrides from the target are shown, not hidden.
  return escapeHtml(visibleControlChars(String(value)));
}
