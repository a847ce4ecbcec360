/**
 * @module Data for the page's script, embedded as JSON in
 * `<script type="application/json">`. `<` becomes \u003c, so no string in the
 * data can close the element (`</script>`) or open a comment (`<!--`); `>`,
 * `&` and the JavaScript line separators are escaped too for good measure.
 */
import { raw, type SafeHtml } from './escape.js';

/**
 * @example
 * jsonScript('report-data', report) // <script type="application/json" id="report-data">{…}</script>
 */
export function jsonScript(id: string, data: unknown): SafeHtml {
  const json = (JSON.stringify(data) ?? 'null')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  if (!/^[a-z][a-z0-9-]*$/.test(id)) throw new TypeError(`jsonScript: invalid element id ${JSON.stringify(id)}`);
  // Trusted: the id is checked above and the JSON holds no `<`.
  return raw(`<script type="application/json" id="${id}">${json}</script>`);
}
