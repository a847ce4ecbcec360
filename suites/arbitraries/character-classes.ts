/**
 * @module Character classes for the round trip of every string field (spec 2.1: title, referenceId, description,
 * applicationEmail, applicationUrl are strings; 2.2: a location description names a Canadian place). Each class is a
 * set of characters a server is known to mangle: HTML-special ones escaped where they are plain text, backslashes read
 * as escapes, letters outside ASCII, combining marks stripped, characters outside the BMP split or replaced, white
 * space collapsed, ASCII punctuation decoded as in a URL or a form (`+` as a space), percent escapes decoded once
 * more, capitals folded, line ends
 * normalized, invisible format characters stripped, control characters cut at (NUL ends a C string) or dropped,
 * the words a filter of scripts or queries matches stripped from text.
 * A field carries a class only
 * where a valid value can hold it, so every value stays valid by construction:
 * - title and referenceId: every class, raw (white space at the ends is the should rule's, not here);
 * - description: every class as HTML text, `<`, `>` and `&` escaped (2.1: the text, not a tag), without the control
 *   characters HTML text cannot hold (a parse error an HTML parser drops: asHtmlText);
 * - applicationEmail: `&` and `'`, or `.`, `+`, `_` and `-`, in the local part (RFC 5322 atext), or capitals; other classes leave the address plain;
 * - applicationUrl, and the href of a link in the description: `&` and `'` in the query, non-ASCII percent-encoded,
 *   `+` and `%2B`, a fragment (RFC 3986 3.3-3.5), capitals in the path and the query: forms that come back identical;
 * - locations: the job's plain places (unusual official spellings belong to jobs.limits.location-forms).
 */
import * as fc from 'fast-check';
import type { LocationInput } from './location.js';
import { routingTypeIds } from './schema-limits.js';
import { serializeHtml, type HtmlNode } from './html-tree.js';

export const CHARACTER_CLASSES = [
  'html-special',
  'backslash',
  'non-ascii',
  'combining-marks',
  'astral',
  'inner-white-space',
  'ascii-punctuation',
  'percent-escapes',
  'letter-case',
  'line-breaks',
  'invisible-format',
  'control-characters',
  'filter-keywords',
] as const;
export type CharacterClass = (typeof CHARACTER_CLASSES)[number];

/**
 * Pieces of text of each class: never white space at either end (pieces are joined by single spaces), each at most
 * 8 code points, so three of them fit a referenceId beside the case's own (spec 8: referenceId max 50).
 */
const PIECES: Record<CharacterClass, readonly string[]> = {
  // A plain field is not HTML: `&amp;` and `<b>` are text there, and must come back as written.
  'html-special': ['<b>', 'a&b', '"q"', "l'an", '&amp;', '&lt;', '<>', "'&'"],
  backslash: ['C:\\jobs', '\\n', 'a\\\\b', '\\u0041', '\\"', '\\'],
  'non-ascii': ['Ærø', 'ñandú', 'Straße', 'Ωμέγα', 'жёлтый', '日本語', 'עברית', 'çà'],
  // Decomposed (NFD) letters: a server may store the composed form (NFC), never drop the mark.
  'combining-marks': ['e\u0301t\u00E9', 'n\u0303', 'a\u0308b', 'o\u0302\u0323', 'Z\u0327'],
  astral: ['🍁', '𝄞', '😀x', '🚀🚀', '𠜎', 'a🎉b'],
  'inner-white-space': ['a  b', 'a\u00A0b', 'a\u2003b', 'a\u3000b', 'a \u00A0 b'],
  // What URL and form decoding mangle (`+` read as a space, `%20` decoded) and what sanitizers strip, and what a
  // pattern language reads (a Lua pattern's `-` and `.`, a LIKE's `_`, a regular expression's groups): with
  // html-special and backslash, every printable ASCII punctuation character.
  'ascii-punctuation': ['a+b', '50%', '%20', '#1', 'x/y?z', 'a=b;c', '~$*!', '{[|]}', '^`@', 'co-op', 'v1.2_b', '(a),b:c'],
  // Percent escapes that decode cleanly, and nothing beside them that would not: a value decoded once more than it
  // was encoded changes (`A%2FB` to `A/B`), where a lone `%` elsewhere would make that decoding fail and hide it.
  'percent-escapes': ['%20', 'A%2FB', '%25', '%41', 'x%2By', '100%2525'],
  // Capitals a server may fold (a lower-cased address, a title-cased title), beyond ASCII too.
  'letter-case': ['MiXeD', 'CAPITAL', 'ÉCOLE', 'İzmir', 'ǅx', 'McDonald', 'ΣΊΣΥΦΟΣ'],
  // Line ends a server may normalize (CR LF to LF) or strip, the Unicode line and paragraph separators (Zl, Zp) with
  // them; 2.1 restricts no character, so a refusal is observed.
  'line-breaks': ['a\nb', 'a\r\nb', 'a\tb', 'a\rb', 'a\u2028b', 'a\u2029b'],
  // Invisible format characters (Unicode Cf) a sanitizer strips: zero-width space, non-joiner and joiner (in an emoji
  // sequence), word joiner, soft hyphen, a BOM inside a word, a left-to-right mark, a right-to-left override. Refusing
  // them is defensible (a bidi override can disguise text), so a refusal is observed; a value taken keeps them.
  'invisible-format': ['a\u200Bb', 'a\u200Cb', '👩\u200D💻', 'a\u2060b', 'a\u00ADb', 'a\uFEFFb', 'a\u200Eb', 'x\u202Ey'],
  // Control characters (Unicode Cc beyond the line ends): NUL, which ends a C string, BEL, backspace, ESC, DEL and a
  // C1 control. JSON carries them escaped; refusing them is defensible, so a refusal is observed.
  'control-characters': ['a\u0000b', 'a\u0007b', 'a\u0008b', 'x\u001By', 'a\u007Fb', 'a\u0085b'],
  // Words a filter of scripts or queries matches in plain text and strips (a sanitizer's blacklist: the names of
  // tags, handlers and statements), inside longer words too. Text, not markup: a value taken keeps them; a firewall
  // in front of a server may refuse them, so a refusal is observed.
  'filter-keywords': ['script', 'Scripts', 'iframe', 'onload=x', 'alert(1)', 'SELECT', 'DROP', 'OR 1=1', '--'],
};

/**
 * Classes a server may refuse in a plain field (a title on one line is a defensible rule, and so is one without
 * invisible or bidi controls, and a firewall's refusal of script and query words): observed, not failed.
 */
export const REFUSABLE_CLASSES: ReadonlySet<CharacterClass> = new Set([
  'line-breaks',
  'invisible-format',
  'control-characters',
  'filter-keywords',
]);

/**
 * Every piece of a class, for a value that holds them all at once (a list q sent through the paging links).
 *
 * @example
 * classPieces('ascii-punctuation'); // ['a+b', '50%', '%20', '#1', 'x/y?z', 'a=b;c', …]
 */
export function classPieces(characterClass: CharacterClass): readonly string[] {
  return PIECES[characterClass];
}

/**
 * Places: none. Official names with punctuation or letters beyond A-Z (`St. John's`, `Trois-Rivières`) are sent by
 * their one owner, jobs.limits.location-forms, so a server strict about place spelling gets one finding, not two;
 * the classes leave a job its plain places.
 */
const PLACES: Partial<Record<CharacterClass, readonly LocationInput[]>> = {};

/** Addresses that hold the class and stay valid: the email's local part, the URL's path and query. */
const EMAILS: Partial<Record<CharacterClass, string>> = {
  'html-special': "o'neil&sons@example.com",
  // A sub-address and the other atext punctuation an address commonly holds.
  'ascii-punctuation': 'first.last+jobs_2-x@mail.example.com',
  // A local part is case-sensitive (RFC 5321 2.4); the domain is not, so only its case may change.
  'letter-case': 'Jane.Doe@Example.COM',
};
const URLS: Partial<Record<CharacterClass, string>> = {
  'html-special': "https://jobs.example.com/apply?a=1&b='x'",
  'ascii-punctuation': 'https://jobs.example.com/a_b-c.d~e/apply?x=1+2&tag=%2Bsr#form',
  'non-ascii': 'https://jobs.example.com/caf%C3%A9/%E6%97%A5?q=%C3%A9t%C3%A9',
  // A path and a query are case-sensitive (RFC 3986 6.2.2.1); the host is not, so it stays in lower case.
  'letter-case': 'https://jobs.example.com/Careers/Apply?Ref=AbC#Top',
};

/** One job's worth of a class: the text the plain string fields carry, and the address and places that hold it. */
export interface ClassSample {
  readonly characterClass: CharacterClass;
  /** Text of the class, no white space at its ends. */
  readonly text: string;
  /** The routing the job uses: 1 (email) or 2 (URL), with its address. */
  readonly routing:
    { applicantRoutingType: { id: number }; applicationEmail: string } | { applicantRoutingType: { id: number }; applicationUrl: string };
  /** Places holding the class, or undefined where no real name does (the job keeps its generated places). */
  readonly locations: readonly LocationInput[] | undefined;
}

const PLAIN_EMAIL = 'jobs@example.com';
const PLAIN_URL = 'https://jobs.example.com/apply';

function routingOf(characterClass: CharacterClass, byUrl: boolean): ClassSample['routing'] {
  // §4.2: applicationEmail with routing type 1, applicationUrl with routing type 2
  return byUrl
    ? { applicantRoutingType: { id: routingTypeIds.url }, applicationUrl: classUrl(characterClass) }
    : { applicantRoutingType: { id: routingTypeIds.email }, applicationEmail: EMAILS[characterClass] ?? PLAIN_EMAIL };
}

/** The pieces in runs of three: as many as fit a referenceId beside the case's own (PIECES' comment). */
function inThrees(pieces: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (let start = 0; start < pieces.length; start += 3) runs.push(pieces.slice(start, start + 3));
  return runs;
}

/**
 * Every piece of every class, three to a sample, with each routing type in turn (both for a class of one run):
 * every character and both addresses of each class go out in every run (the rule's examples).
 *
 * @example
 * CLASS_EXAMPLES[0]; // { characterClass: 'html-special', text: '<b> a&b "q"', routing: { …, applicationEmail: "o'neil&sons@example.com" }, … }
 */
export const CLASS_EXAMPLES: readonly ClassSample[] = CHARACTER_CLASSES.flatMap((characterClass) => {
  const runs = inThrees(PIECES[characterClass]);
  const sent = runs.length === 1 ? [runs[0]!, runs[0]!] : runs;
  return sent.map((run, index) => ({
    characterClass,
    text: run.join(' '),
    routing: routingOf(characterClass, index % 2 === 1),
    locations: PLACES[characterClass],
  }));
});

function sampleOf([characterClass, pieces, byUrl]: [CharacterClass, string[], boolean]): ClassSample {
  return { characterClass, text: pieces.join(' '), routing: routingOf(characterClass, byUrl), locations: PLACES[characterClass] };
}

/**
 * A class and 1-3 of its pieces, with either routing type.
 *
 * @example
 * fc.sample(classSampleArb, 1); // [{ characterClass: 'astral', text: '🍁 a🎉b', … }]
 */
export const classSampleArb: fc.Arbitrary<ClassSample> = fc
  .constantFrom(...CHARACTER_CLASSES)
  .chain((characterClass) =>
    fc.tuple(
      fc.constant(characterClass),
      fc.array(fc.constantFrom(...PIECES[characterClass]), { minLength: 1, maxLength: 3 }),
      fc.boolean(),
    ),
  )
  .map(sampleOf);

/**
 * The URL that holds a class where a URL can (the applicationUrl of a job routed by URL, the href of a link in its
 * description), else a plain one.
 *
 * @example
 * classUrl('letter-case'); // 'https://jobs.example.com/Careers/Apply?Ref=AbC#Top'
 */
export function classUrl(characterClass: CharacterClass): string {
  return URLS[characterClass] ?? PLAIN_URL;
}

/**
 * Characters HTML text cannot hold: the controls other than white space, whose input is a parse error an HTML parser
 * drops (HTML 13.2.3.5), NUL first.
 */
const NOT_HTML_TEXT = /[\u0000-\u0008\u000B\u000E-\u001F\u007F-\u009F]/gu;

/**
 * The text as HTML text: `&`, `<` and `>` escaped, so a description holds the characters, never a tag; without the
 * control characters HTML text cannot hold.
 *
 * @example
 * asHtmlText('<b> a&b'); // '&lt;b&gt; a&amp;b'
 * asHtmlText('a\u0000b'); // 'ab'
 */
export function asHtmlText(text: string): string {
  return text.replace(NOT_HTML_TEXT, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A description holding the text twice: as a paragraph, and as the text of a link whose href holds the class where
 * a URL can (classUrl), so the class goes through an attribute value too.
 *
 * @example
 * classDescription('Ab', 'letter-case'); // '<p>Ab</p><p><a href="https://jobs.example.com/Careers/Apply?Ref=AbC#Top">Ab</a></p>'
 */
export function classDescription(text: string, characterClass: CharacterClass): string {
  const words = (): HtmlNode[] => [{ type: 'text', text: text.replace(NOT_HTML_TEXT, '') }];
  const paragraph = (children: HtmlNode[]): HtmlNode => ({ type: 'element', tag: 'p', attributes: [], children });
  const link: HtmlNode = { type: 'element', tag: 'a', attributes: [['href', classUrl(characterClass)]], children: words() };
  return [paragraph(words()), paragraph([link])].map((node) => serializeHtml([node])).join('');
}
