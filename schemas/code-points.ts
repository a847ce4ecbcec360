/**
 * @module Length in Unicode code points, the unit of every limit in the mock
 * and of the suite's length checks (JSON Schema maxLength counts code points;
 * JS `.length` counts UTF-16 units). Shared by mock and suite, so it lives here.
 */

/** Number of code points in `s` (an emoji counts 1, not 2). */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** The first `max` code points of `s`, never splitting a surrogate pair. */
export function truncateCodePoints(s: string, max: number): string {
  if (s.length <= max) return s;
  return Array.from(s).slice(0, max).join('');
}
