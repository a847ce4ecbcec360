/**
 * @module The survivors of the mutation run (test/mutation/last-run.json, written by `npm run mutation`) against
 * their checked-in list (test/mutation/survivors.json). A survivor is named by what it changed: file, mutator,
 * original and replacement code. Its line is only a hint, so unrelated edits above it keep the list valid.
 */

/** A mutant the suite did not detect, as last-run.json lists it. */
export interface Survivor {
  file: string;
  mutator: string;
  original: string;
  replacement: string;
  line: number;
  status: 'Survived' | 'NoCoverage';
}

/**
 * Why a survivor may stay:
 * - `equivalent`: no observable difference (the reason says why);
 * - `open in the spec`: the mutant turns the mock into another form the spec allows (the reason names the section
 *   and what it leaves open);
 * - `not applied`: a module constant the vitest runner evaluates once at load, so the run never switched it on; the
 *   reason names the rule that fails when it is set by hand.
 * A real blind spot of the suite has no place here: a probe kills it.
 */
export const OUTCOMES = ['equivalent', 'open in the spec', 'not applied'] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface ListedSurvivor {
  file: string;
  mutator: string;
  original: string;
  replacement: string;
  /** Where it was when listed: a hint for the reader, never part of the match. */
  line?: number;
  outcome: Outcome;
  reason: string;
}

export interface LastRun {
  survivors: Survivor[];
  files: Record<string, unknown>;
}

const sameMutant = (a: Omit<Survivor, 'line' | 'status'>, b: Omit<Survivor, 'line' | 'status'>): boolean =>
  a.file === b.file && a.mutator === b.mutator && a.original === b.original && a.replacement === b.replacement;

export const describeSurvivor = (s: Omit<Survivor, 'status'> | ListedSurvivor): string =>
  `${s.file}:${s.line ?? '?'} ${s.mutator}: ${JSON.stringify(s.original)} -> ${JSON.stringify(s.replacement)}`;

/**
 * Pairs each survivor with one listed entry of the same mutant, the nearest by line: two mutants may change the
 * same text on two lines, and one entry must not answer for both.
 */
function pairUp(run: LastRun, listed: readonly ListedSurvivor[]): { unlisted: Survivor[]; unused: ListedSurvivor[] } {
  const unused = [...listed];
  const missing: Survivor[] = [];
  for (const survivor of run.survivors) {
    const candidates = unused.filter((entry) => sameMutant(entry, survivor));
    if (candidates.length === 0) {
      missing.push(survivor);
      continue;
    }
    const distance = (entry: ListedSurvivor): number => Math.abs((entry.line ?? survivor.line) - survivor.line);
    const nearest = candidates.reduce((best, entry) => (distance(entry) < distance(best) ? entry : best));
    unused.splice(unused.indexOf(nearest), 1);
  }
  return { unlisted: missing, unused };
}

/** Survivors of the last run that the list does not hold. */
export function unlisted(run: LastRun, listed: readonly ListedSurvivor[]): Survivor[] {
  return pairUp(run, listed).unlisted;
}

/** Entries of files the last run mutated that no longer survive (killed since, or the code changed): stale. */
export function stale(run: LastRun, listed: readonly ListedSurvivor[]): ListedSurvivor[] {
  return pairUp(run, listed).unused.filter((entry) => entry.file in run.files);
}

/** What is wrong with an entry's reason, or undefined when it stands. */
export function reasonProblem(entry: ListedSurvivor): string | undefined {
  if (!(OUTCOMES as readonly string[]).includes(entry.outcome))
    return `outcome ${JSON.stringify(entry.outcome)} is not one of ${OUTCOMES.join(', ')}`;
  const reason = entry.reason.trim();
  if (reason.split(/\s+/).length < 4) return 'the reason is not a sentence';
  // A form the spec leaves open is named by its section ("spec 4.7"), as every rule is.
  if (entry.outcome === 'open in the spec' && !/\bspec \d+(\.\d+)*\b/.test(reason))
    return 'an open form names its section ("spec 4.7: ...")';
  if (entry.outcome === 'not applied' && !/\bjobs\.[a-z-]+\.[a-z.-]+\b/.test(reason))
    return 'a mutant the run did not apply names the rule that fails on it ("jobs.protocol.json-media-type fails ...")';
  return undefined;
}
