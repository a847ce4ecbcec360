/**
 * @module The report formats, one row each: its name (what --reporter takes), the file it is written to in
 * the report directory, and its renderer, a pure function of the one redacted report. The format list of
 * --reporter, its help line and the file names all derive from this table, so a new format is its renderer
 * and its row here.
 */
import { renderHtml } from '../html/render.js';
import { renderJson } from '../json.js';
import { renderJunit } from '../junit.js';
import { renderMarkdown } from '../markdown.js';
import type { RedactedReport } from '../redactor.js';

export interface ReportFormat {
  /** The name --reporter takes. */
  readonly name: string;
  /** Other words --reporter reads as this format. */
  readonly aliases: readonly string[];
  /** File name inside the report directory. */
  readonly file: string;
  readonly render: (report: RedactedReport) => string;
}

/** Every format, in the order they are written. */
export const REPORT_FORMATS = [
  { name: 'json', aliases: [], file: 'report.json', render: renderJson },
  { name: 'junit', aliases: ['xml'], file: 'junit.xml', render: renderJunit },
  { name: 'html', aliases: [], file: 'report.html', render: renderHtml },
  { name: 'markdown', aliases: ['md'], file: 'summary.md', render: (report) => renderMarkdown(report) },
] as const satisfies readonly ReportFormat[];

export type ReporterName = (typeof REPORT_FORMATS)[number]['name'];

/** The names --reporter takes, in table order. */
export const REPORTERS: readonly ReporterName[] = REPORT_FORMATS.map((format) => format.name);

/** The row of one format. */
export function reportFormat(name: ReporterName): ReportFormat {
  return REPORT_FORMATS.find((format) => format.name === name)!;
}

/** File name of each format inside the report directory. */
export const REPORT_FILES = Object.fromEntries(REPORT_FORMATS.map((format) => [format.name, format.file])) as Readonly<
  Record<ReporterName, string>
>;

/** The format a --reporter word names, by its name or an alias (already trimmed and in lower case). */
export function formatNamed(word: string): ReporterName | undefined {
  return REPORT_FORMATS.find((format) => format.name === word || (format.aliases as readonly string[]).includes(word))?.name;
}
