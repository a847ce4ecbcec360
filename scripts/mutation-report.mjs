// The mutation run's reports, read and written by scripts/mutation.mjs:
// - the incremental file (Stryker's whole mutation report, checked in) keeps the files a narrower run left out;
// - test/mutation/last-run.json is its compact summary: counts per file and every survivor, keyed by what it
//   changed (file, mutator, original and replacement code), with its line as a hint only, so the survivors list
//   (test/mutation/survivors.json) survives unrelated edits.

/** Statuses that count against the score: the suite ran and noticed nothing, or never ran the code. */
export const SURVIVING = ['Survived', 'NoCoverage'];
const DETECTED = ['Killed', 'Timeout'];
/**
 * How the mutation test words a kill by a changed observation (test/mutation/observed-forms.ts starts its failure
 * with it): no rule failed, but the suite reported another form where the spec leaves one open.
 */
export const OBSERVATION_CHANGED = 'observation changed';
const killedByObservation = (mutant) => mutant.status === 'Killed' && (mutant.statusReason ?? '').includes(OBSERVATION_CHANGED);

/**
 * Stryker writes only the files it mutated this time: a run of one file would drop the others' results.
 * Keeps every file of `previous` that `next` does not hold.
 */
export function mergeIncremental(previous, next, excluded = new Set(), { survivorsStripped = false } = {}) {
  const files = { ...next.files };
  for (const [name, file] of Object.entries(previous?.files ?? {})) {
    if (!(name in files)) files[name] = file;
    else if (survivorsStripped && carriedOver(file, files[name])) files[name] = file;
  }
  // A file the config now leaves out leaves the results too.
  for (const name of excluded) delete files[name];
  return { ...next, files: sortedKeys(files) };
}

/**
 * Whether Stryker only carried `next` over from an input stripped of survivors (withoutSurvivors): it writes every
 * mutant of a file it mutates, so a file it did not mutate this time keeps its source and lacks exactly its
 * survivors, whose results stand. A file whose source changed was mutated afresh, however many mutants it has now.
 */
function carriedOver(previous, next) {
  const survivors = previous.mutants.filter((mutant) => SURVIVING.includes(mutant.status)).length;
  return survivors > 0 && next.source === previous.source && next.mutants.length === previous.mutants.length - survivors;
}

/**
 * The report without its surviving mutants (SURVIVING), so Stryker, which runs every mutant the incremental file does
 * not hold, runs just those again and reuses every kill.
 */
export function withoutSurvivors(report) {
  const files = Object.entries(report.files).map(([name, file]) => [
    name,
    { ...file, mutants: file.mutants.filter((mutant) => !SURVIVING.includes(mutant.status)) },
  ]);
  return { ...report, files: Object.fromEntries(files) };
}

/** The files the config leaves out by name (its `!path` patterns without a wildcard). */
export const excludedFiles = (patterns) =>
  new Set(patterns.filter((pattern) => pattern.startsWith('!') && !pattern.includes('*')).map((pattern) => pattern.slice(1)));

const sortedKeys = (object) => Object.fromEntries(Object.entries(object).sort(([a], [b]) => a.localeCompare(b)));

/** The text a mutant replaced, from its file's source and its location (1-based lines, 1-based columns). */
export function originalOf(source, { start, end }) {
  const lines = source.split('\n');
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  const middle = lines.slice(start.line, end.line - 1);
  return [lines[start.line - 1].slice(start.column - 1), ...middle, lines[end.line - 1].slice(0, end.column - 1)].join('\n');
}

/** One line, at most `max` characters: a key that reads in a diff. */
export function snippet(text, max = 160) {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

function countsOf(mutants) {
  const count = (statuses) => mutants.filter((m) => statuses.includes(m.status)).length;
  const detected = count(DETECTED);
  const valid = detected + count(SURVIVING);
  return {
    mutants: mutants.length,
    killed: count(['Killed']),
    // Of those, the kills by a changed observation alone (every rule passed).
    killedByObservation: mutants.filter(killedByObservation).length,
    timeout: count(['Timeout']),
    survived: count(['Survived']),
    noCoverage: count(['NoCoverage']),
    errors: count(['RuntimeError', 'CompileError']),
    ignored: count(['Ignored']),
    // Stryker's mutation score: detected over valid mutants (errors and ignored ones left out).
    score: valid === 0 ? null : Math.round((1_000 * detected) / valid) / 10,
  };
}

/** The compact summary of a whole mutation report: counts per file and overall, and every survivor. */
export function summarize(report, run) {
  const files = {};
  const survivors = [];
  const all = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    files[file] = countsOf(mutants);
    all.push(...mutants);
    for (const m of mutants.filter((mutant) => SURVIVING.includes(mutant.status)).sort(byLocation)) {
      survivors.push({
        file,
        mutator: m.mutatorName,
        original: snippet(originalOf(source, m.location)),
        replacement: snippet(m.replacement ?? ''),
        line: m.location.start.line,
        status: m.status,
      });
    }
  }
  return { run, totals: countsOf(all), files: sortedKeys(files), survivors };
}

const byLocation = (a, b) => a.location.start.line - b.location.start.line || a.location.start.column - b.location.start.column;
