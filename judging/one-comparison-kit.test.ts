/**
 * One comparison kit: every comparison of an API value whose spelling the spec
 * leaves open (dates, amounts, HTML, locations, links) goes through
 * the judging library (judging/compare.ts). A raw `===`, `jsonEqual`, `JSON.stringify` equality,
 * `.slice(0, 10)` or `Date.parse` over such a field anywhere in the suite or
 * the proxy fails a conformant server that spells the value another way (`+00:00` for
 * `Z`, `<br/>` for `<br>`, `50000.0` for `50000.0000`). The scan reads each
 * source line of suites/ and proxy/ and flags one of those operations
 * whose operand reads a watched field: `.closeDate`, `?.amount`,
 * `['description']`, or a field chosen at run time (`item[field]`, which may be
 * any of them). Null, undefined, boolean and typeof checks and `.length`
 * counts are no value comparison.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The folders that judge what a server answers, outside the judging library itself. */
const SCANNED = ['suites', 'proxy'];

/** Response fields whose form the spec leaves open (reading notes), so they compare only through the kit. */
export const WATCHED_FIELDS = [
  'publishDate',
  'closeDate',
  'amount',
  'maxAmount',
  'description',
  'locations',
  'applicationUrl',
  'next',
  'previous',
] as const;

const FIELD_ACCESS = new RegExp(`(?:\\??\\.|\\[['"])(?:${WATCHED_FIELDS.join('|')})\\b`);
/** `item[field]`, `job[key]`: a field chosen at run time may be any watched one. */
const DYNAMIC_ACCESS = /\w\[(?:field|key|name|f|k)\]/;
/** Operands that make an equality a presence or type check, not a value comparison. */
const NOT_A_VALUE = /^(?:null|undefined|true|false|-?\d[\d_.]*|'[a-z]+')$/;

/**
 * Lines allowed to do it, each with its reason. Keep it short: a new entry
 * needs a reason a reviewer accepts.
 */
const ALLOWED: Record<string, string> = {
  // An HTTP-date in a header (RFC 9110), not an ISO 8601 field.
  'suites/http/retry-after.ts: const at = Date.parse(text);': 'Retry-After is an HTTP-date',
  'proxy/har/har-exchanges.ts: startedAt: Date.parse(entry.startedDateTime),':
    "a HAR entry's start, written by the recording tool, not the API",
  // Records whether the spelling came back byte for byte: an observation of the form itself, never a verdict.
  "suites/checks/character-classes.ts: const description = job.description === body.description ? 'as sent' : 'respelled';":
    'an observation of the spelling, not a judgement of the value',
  "suites/engine/job-answer-form.ts: const written = job.closeDate === sent ? 'as sent' : `${dateForm(sent)} written as ${dateForm(job.closeDate)}`;":
    'an observation of the form a closeDate comes back in, not a judgement of the date',
};

interface Finding {
  file: string;
  line: number;
  what: string;
  text: string;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const readsWatched = (text: string): boolean => FIELD_ACCESS.test(text) || DYNAMIC_ACCESS.test(text);

/** The operand on each side of an equality operator at `at` (a run of non-space, non-operator characters). */
function operands(line: string, at: number, width: number): [string, string, string] {
  const before = line.slice(0, at).trimEnd();
  const left = /[\w$.?![\]'"()]+$/.exec(before)?.[0] ?? '';
  const right = /^[\w$.?![\]'"()]+/.exec(line.slice(at + width).trimStart())?.[0] ?? '';
  return [left, right, before.slice(0, before.length - left.length)];
}

function isValueEquality(left: string, right: string, prefix: string): boolean {
  const bare = (s: string): string => s.replace(/^[(!]+|[)!]+$/g, '');
  if (NOT_A_VALUE.test(bare(left)) || NOT_A_VALUE.test(bare(right))) return false;
  if (/typeof\s*$/.test(prefix) || /\.length\)*$/.test(left) || /\.length\)*$/.test(right)) return false;
  return readsWatched(left) || readsWatched(right);
}

/** The raw comparisons of watched fields in one file's text. */
export function rawComparisons(file: string, text: string): Finding[] {
  const found: Finding[] = [];
  text.split('\n').forEach((line, i) => {
    if (/^\s*(?:\/\/|\*|\/\*)/.test(line) || ALLOWED[`${file}: ${line.trim()}`] !== undefined) return;
    const flag = (what: string): void => void found.push({ file, line: i + 1, what, text: line.trim() });
    for (const m of line.matchAll(/[!=]==/g)) {
      const [left, right, prefix] = operands(line, m.index, 3);
      if (isValueEquality(left, right, prefix)) flag(`${m[0]} ${left} ${m[0]} ${right}`);
    }
    for (const m of line.matchAll(/\b(jsonEqual|Date\.parse|new Date)\(([^;]*)/g))
      if (readsWatched(m[2] ?? '') || m[1] === 'Date.parse') flag(`${m[1]}(…)`);
    if (/JSON\.stringify\([^)]*\)\s*[!=]==/.test(line) && readsWatched(line)) flag('JSON.stringify equality');
    if (/\.slice\(0,\s*10\)/.test(line) && readsWatched(line)) flag('.slice(0, 10)');
  });
  return found;
}

describe('one comparison kit', () => {
  it('no source of the suite or the proxy compares a watched response field raw', () => {
    const files = SCANNED.flatMap((dir) => sources(join(ROOT, dir)));
    expect(files.some((path) => path.includes('/proxy/'))).toBe(true);
    const findings = files.flatMap((path) => rawComparisons(relative(ROOT, path).split('\\').join('/'), readFileSync(path, 'utf8')));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.what}: ${f.text}`)).toEqual([]);
  });

  it('the scan catches the class: every raw form over a watched field, and not presence or type checks', () => {
    const flagged = (line: string): boolean => rawComparisons('x.ts', line).length > 0;
    const raw = [
      "if (job.closeDate.slice(0, 10) !== f.closeDate.slice(0, 10)) differ('closeDate', f.closeDate, job.closeDate);",
      'const diff = HEADER_FIELDS.filter((field) => !jsonEqual(item[field], full[field]));',
      'if (res.json.publishDate !== target.publishDate) {',
      'const ok = job.salary?.amount === sent.amount;',
      "ctx.expect(job['description'] === body.description, {",
      'if (JSON.stringify(job.locations) !== JSON.stringify(expected)) differ();',
      'const times = list.json.data.map((item) => Date.parse(item.publishDate));',
      'expect(followed.json.paging.next === page.json.paging.next);',
      'return a.applicationUrl === b.applicationUrl;',
    ];
    const notRaw = [
      'ctx.expect(first.json.paging.previous === null, {',
      "if (typeof job.closeDate === 'string') return;",
      'if (job.locations.length !== f.locations.length) differ();',
      "if (field === 'description') return sameHtmlContent(a, b);",
      'if (s.maxAmount !== undefined && s.maxAmount !== null) x();',
      'ctx.expect(jsonEqual(sortedIds(idsOf(list.json)), expected), {',
      'if (job.title !== f.title) differ();',
      '// job.closeDate.slice(0, 10) !== x',
      "const missing = Object.keys(rules).find((name) => rules[name] === 'required')!;",
    ];
    expect(raw.filter((line) => !flagged(line))).toEqual([]);
    expect(notRaw.filter(flagged)).toEqual([]);
  });
});
