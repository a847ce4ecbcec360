/**
 * @module Shortens text for one-line places (table cells, XML attributes)
 * without splitting a surrogate pair.
 */

/**
 * @example
 * truncate('abcdef', 4) // => 'abc…'
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : text;
}
