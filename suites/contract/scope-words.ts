/**
 * @module The words that scope the run's jobs in lists. Spec 4.5 says only
 * that q "matches job title and referenceId": a server may match substrings,
 * prefixes, word prefixes or whole words, and what a word is (does `-` or `_`
 * split one? is a referenceId one token?) is its tokenizer's business. So
 * every q the suite sends (the run tag, a case tag, a referenceId, a rule's
 * own token) is one word of lower-case letters and digits, which no tokenizer
 * splits, and every title carries its words between spaces:
 * `<marker> <case tag> <run tag> <generated words>`. The marker (a
 * referenceId or a rule's token) begins with the case tag, which begins with
 * the run tag, so a prefix of the title or of the referenceId finds them too.
 * A counter ends in `x`, so no case tag or referenceId is a prefix of another
 * (case 1 never matches the q of case 10).
 */

/** What every q the suite sends looks like: one word no tokenizer splits. */
export const SCOPE_WORD = /^[a-z0-9]+$/;

/**
 * `n` in a form no other counter starts with (decimal digits, then `x`).
 *
 * @example
 * counterWord(1); // '1x' (and 10 is '10x': neither starts the other)
 */
export function counterWord(n: number): string {
  return `${n}x`;
}

/**
 * The n-th referenceId of a case (at most 50 characters: the tag is short).
 *
 * @example
 * referenceWord('jc7f3a9k05k3x', 0); // 'jc7f3a9k05k3x0x'
 */
export function referenceWord(caseTag: string, n: number): string {
  return `${caseTag}${counterWord(n)}`;
}

/**
 * The words a title starts with, each once: the marker, the case tag and the run tag.
 *
 * @example
 * titlePrefix('jc7f3a9k05k3x0x', 'jc7f3a9k05k3x', 'jc7f3a9k'); // 'jc7f3a9k05k3x0x jc7f3a9k05k3x jc7f3a9k'
 * titlePrefix('jc7f3a9k', 'jc7f3a9k', 'jc7f3a9k'); // 'jc7f3a9k'
 */
export function titlePrefix(marker: string, caseTag: string, runTag: string): string {
  return [...new Set([marker, caseTag, runTag])].join(' ');
}

/**
 * A scope word in letters alone, each digit a letter (0 as `a` to 9 as `j`): a word of the case's own that holds no
 * digit, for a q no search may skip for its digits, or a title that holds none of them.
 *
 * @example
 * lettersOnly('jc1a2b'); // 'jcbacb'
 */
export function lettersOnly(word: string): string {
  return word.replace(/[0-9]/g, (digit) => String.fromCharCode(97 + Number(digit)));
}
