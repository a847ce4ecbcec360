/**
 * @module Writes the chosen report formats of one run into a directory and,
 * on GitHub Actions, appends the Markdown summary to $GITHUB_STEP_SUMMARY.
 */
import { appendFile, open, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { harJsonPieces, type TimedExchange } from './har/exchanges-har.js';
import { toolInfo } from './tool-info.js';
import { Redactor, type RedactedReport } from './redactor.js';
import { createReportDir, DEFAULT_WRITE_TIMEOUT_MS, withinTime } from './report-dir.js';
import { ReportError } from './report-error.js';

import { formatNamed, REPORT_FORMATS, REPORTERS, reportFormat, type ReporterName } from './formats/report-formats.js';

export { REPORT_FILES, REPORTERS, type ReporterName } from './formats/report-formats.js';

/** Where the suite's exchanges go, beside the reports. */
export const EXCHANGES_HAR = 'exchanges.har';

export interface WriteReportsOptions {
  /** Directory to write into; created when missing (CLI default ./conformance-report). */
  dir: string;
  /** Formats to write; default all. */
  reporters?: readonly ReporterName[];
  /** The run's one Redactor (resolveConfig's): its secrets are scrubbed from each file's text once more, as a last line of defence. */
  redactor?: Redactor;
  /** Secret values (the API keys of the run) to scrub that way, for a caller without a Redactor. */
  secrets?: readonly string[];
  /**
   * File the Markdown summary is appended to; default $GITHUB_STEP_SUMMARY when
   * set; false to never append. Only when the markdown reporter is chosen.
   */
  stepSummary?: string | false;
  /** The run's exchanges (the suite's): written beside the reports as exchanges.har (HAR 1.2). */
  exchanges?: readonly TimedExchange[];
  /** Most time the whole writing may take (default 30 s): a stuck file system fails the write instead of hanging the run. */
  timeoutMs?: number;
}

/**
 * Parses `--reporter json,html` (or `all`) into reporter names.
 *
 * @example
 * parseReporters('junit,markdown') // => ['junit', 'markdown']
 */
export function parseReporters(value: string | readonly string[]): ReporterName[] {
  const words = (typeof value === 'string' ? value.split(',') : value).map((word) => word.trim().toLowerCase()).filter(Boolean);
  if (words.length === 1 && words[0] === 'all') return [...REPORTERS];
  const names = words.map((word) => formatNamed(word) ?? word);
  const unknown = names.filter((name) => !(REPORTERS as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) {
    throw new ReportError(
      'REPORTER_UNKNOWN',
      `--reporter: unknown ${JSON.stringify(unknown.join(',') || words.join(','))}; use ${REPORTERS.join(', ')} or all`,
      {
        context: { value, unknown },
      },
    );
  }
  return [...new Set(names as ReporterName[])];
}

/** The exchanges as exchanges.har, a piece at a time: a piece ends at an entry's end, so a secret in an entry is never cut in two. */
async function writeHar(path: string, exchanges: readonly TimedExchange[], lastScrub: Redactor): Promise<void> {
  const file = await open(path, 'w');
  try {
    for (const piece of harJsonPieces(exchanges, toolInfo)) await file.write(lastScrub.scrubFile(piece), null, 'utf8');
  } finally {
    await file.close();
  }
}

/**
 * Renders and writes the report formats; returns the written paths (the step
 * summary file is not among them).
 *
 * @example
 * const files = await writeReports(redactReport(report, [apiKey]), { dir: 'conformance-report', secrets: [apiKey] });
 */
export async function writeReports(report: RedactedReport, options: WriteReportsOptions): Promise<string[]> {
  const reporters = options.reporters ?? REPORTERS;
  // The report was redacted where it was built; the renderers are pure. Only the final text is scrubbed here.
  const lastScrub = options.redactor ?? new Redactor(options.secrets ?? []);
  const render = (name: ReporterName): string => lastScrub.scrubFile(reportFormat(name).render(report));
  const written: string[] = [];
  const timeoutMs = options.timeoutMs ?? DEFAULT_WRITE_TIMEOUT_MS;
  const writeAll = async () => {
    await createReportDir(options.dir, timeoutMs);
    for (const { name, file } of REPORT_FORMATS.filter((format) => reporters.includes(format.name))) {
      const path = join(options.dir, file);
      await writeFile(path, render(name), 'utf8');
      written.push(path);
    }
    if (options.exchanges) {
      const path = join(options.dir, EXCHANGES_HAR);
      await writeHar(path, options.exchanges, lastScrub);
      written.push(path);
    }
    const stepSummary = options.stepSummary ?? process.env.GITHUB_STEP_SUMMARY;
    if (stepSummary && reporters.includes('markdown')) await appendFile(stepSummary, `${render('markdown')}\n`, 'utf8');
  };
  try {
    await withinTime(writeAll(), timeoutMs, `writing reports to ${options.dir}`);
  } catch (cause) {
    if (cause instanceof ReportError) throw cause;
    throw new ReportError('REPORT_WRITE_FAILED', `cannot write reports to ${options.dir}: ${(cause as Error).message}`, {
      cause,
      context: { dir: options.dir, written },
    });
  }
  return written;
}
