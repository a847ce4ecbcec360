/**
 * @module The nesting depth of a JSON text, read before it is parsed: the
 * mock refuses a body nested deeper than a limit without building it. A guard
 * of the process, not of an answer the spec states: no body the schemas take
 * nests past four levels, so what the guard refuses the schema refuses too.
 */

/**
 * True when the text has at most `limit` opening brackets at all (inside
 * strings or not), so it cannot nest deeper: a native indexOf count spares
 * typical bodies the character-by-character scan.
 */
function fewBrackets(text: string, limit: number): boolean {
  let count = 0;
  for (const bracket of ['{', '[']) {
    for (let at = text.indexOf(bracket); at !== -1; at = text.indexOf(bracket, at + 1)) if (++count > limit) return false;
  }
  return true;
}

/** Nesting depth of the JSON text, counting brackets outside strings. */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) max = Math.max(max, ++depth);
    else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

/**
 * Whether the JSON text nests brackets deeper than `limit` (brackets inside strings do not count).
 *
 * @example
 * nestsDeeperThan('[[1]]', 1); // true
 * nestsDeeperThan('["[[["]', 1); // false
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  return !fewBrackets(text, limit) && jsonDepth(text) > limit;
}
