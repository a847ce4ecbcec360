/**
 * @module Judges recorded traffic offline: the API's exchanges of a HAR file go through the proxy's own checks and
 * state model, one event at a time in the order they happened, and come out as the proxy's report.
 */
import type { ConformanceReport } from '../../schemas/types.gen.js';
import type { HarLog } from '../../reports/har/har.js';
import { shellQuote } from '../../reports/curl.js';
import type { Finding } from '../checks/findings.js';
import type { CheckSelection } from '../checks/registry.js';
import { Inspector } from '../judge/inspector.js';
import { buildProxyReport } from '../proxy-report.js';
import { harExchanges } from './har-exchanges.js';

export interface CheckHarOptions {
  /** The file's name, as the report's replay command gives it. */
  source: string;
  /** The server's base address; read off the entries when not given. */
  baseUrl?: URL;
  /** Which checks run (`--only`, `--skip`); all by default. */
  selection?: CheckSelection;
  /** Told each finding as it happens, with the API keys seen so far (to scrub a printed line of them). */
  onFinding?: (finding: Finding, secrets: ReadonlySet<string>) => void;
}

export interface CheckHarResult {
  report: ConformanceReport;
  /** The base address the entries were judged against. */
  base: URL;
  judged: number;
  /** Entries outside the API prefix, skipped. */
  ignored: number;
  /** API keys seen in the traffic, for the report writers' last scrub. */
  secrets: ReadonlySet<string>;
}

/** The command that judges the same file again, with the same checks. */
export function checkHarCommand(source: string, base: URL, selectionFlags: readonly string[] = []): string {
  const args = [source, '--base-url', base.href.replace(/\/$/, ''), ...selectionFlags];
  return ['npx jobs-conformance check-har', ...args.map(shellQuote)].join(' ');
}

/**
 * @example
 * const { report, judged, ignored } = await checkHar(await readHarFile('traffic.har'), { source: 'traffic.har' });
 */
export async function checkHar(har: HarLog, options: CheckHarOptions): Promise<CheckHarResult> {
  const startedAt = new Date();
  const { base, exchanges, ignored } = harExchanges(har, options.baseUrl);
  const onFinding = options.onFinding;
  const tell = onFinding && ((finding: Finding) => onFinding(finding, inspector.secrets));
  const inspector: Inspector = new Inspector(base, tell, options.selection);
  const events = exchanges.flatMap((x) => [
    { seq: x.startSeq, x, end: false },
    { seq: x.endSeq!, x, end: true },
  ]);
  events.sort((a, b) => a.seq - b.seq);
  // As live: the model learns of a request when it starts, and judges its exchange once it is over, before later events.
  for (const event of events) {
    if (!event.end) inspector.started(event.x);
    else {
      inspector.ended(event.x);
      await inspector.settled();
    }
  }
  const target = base.href.replace(/\/$/, '');
  const report = buildProxyReport(inspector, {
    target,
    startedAt,
    finishedAt: new Date(),
    command: checkHarCommand(options.source, base, inspector.selection.flags),
  });
  return { report, base, judged: exchanges.length, ignored, secrets: inspector.secrets };
}
