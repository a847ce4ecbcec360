/**
 * @module The report page's stylesheet, inlined (the page makes no network
 * request). Its hash goes into the Content-Security-Policy, so the page uses
 * no style attributes.
 */

export const STYLES =
  `
:root {
  color-scheme: light dark;
  --fg: #1f2328; --muted: #59636e; --bg: #ffffff; --panel: #f6f8fa; --border: #d1d9e0;
  --passed: #1a7f37; --failed: #cf222e; --error: #8250df; --known: #9a6700; --warning: #bc4c00; --skipped: #6e7781; --disabled: #8c959f;
  --passed-bg: #dafbe1; --failed-bg: #ffebe9; --error-bg: #fbefff; --known-bg: #fff8c5; --warning-bg: #fff1e5; --skipped-bg: #eff2f5; --disabled-bg: #f6f8fa;
  --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace;
}
@media (prefers-color-scheme: dark) {
  :root {
    --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --panel: #151b23; --border: #3d444d;
    --passed: #3fb950; --failed: #f85149; --error: #ab7df8; --known: #d29922; --warning: #db6d28; --skipped: #9198a1; --disabled: #656c76;
    --passed-bg: #12261e; --failed-bg: #2d1214; --error-bg: #231a33; --known-bg: #272115; --warning-bg: #2b1a0e; --skipped-bg: #1c2128; --disabled-bg: #151b23;
  }
}
* { box-sizing: border-box; }
body { margin: 0; background: var(--bg); color: var(--fg); font: 14px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
main { max-width: 1200px; margin: 0 auto; padding: 24px 24px 64px; }
h1 { font-size: 20px; margin: 0; }
h2 { font-size: 17px; margin: 32px 0 12px; padding-bottom: 6px; border-bottom: 1px solid var(--border); }
h3 { font-size: 15px; margin: 20px 0 8px; }
h4 { font-size: 14px; margin: 0 0 8px; }
h5 { font-size: 12px; margin: 8px 0 4px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); }
code, pre, .mono { font-family: var(--mono); font-size: 12.5px; }
pre { margin: 0; padding: 8px 10px; background: var(--panel); border: 1px solid var(--border); border-radius: 6px;
  white-space: pre-wrap; overflow-wrap: anywhere; max-height: 360px; overflow: auto; }
.muted { color: var(--muted); }
.verdict { display: flex; flex-wrap: wrap; align-items: center; gap: 8px 24px; padding: 16px 20px; border-radius: 8px;
  border: 1px solid var(--border); border-left: 6px solid var(--skipped); background: var(--panel); }
.verdict.passed { border-left-color: var(--passed); background: var(--passed-bg); }
.verdict.failed { border-left-color: var(--failed); background: var(--failed-bg); }
.verdict.error { border-left-color: var(--error); background: var(--error-bg); }
.verdict-word { font-size: 28px; font-weight: 700; letter-spacing: .03em; text-transform: uppercase; }
.verdict.passed .verdict-word { color: var(--passed); }
.verdict.failed .verdict-word { color: var(--failed); }
.verdict.error .verdict-word { color: var(--error); }
.verdict-title { flex: 1 1 300px; }
.meta { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 12px 0 0; }
.meta dt { color: var(--muted); }
.meta dd { margin: 0; overflow-wrap: anywhere; }
.counts { display: flex; flex-wrap: wrap; gap: 8px; margin: 16px 0 0; padding: 0; list-style: none; }
.count { padding: 6px 12px; border-radius: 6px; border: 1px solid var(--border); background: var(--panel); min-width: 84px; }
.count b { display: block; font-size: 20px; }
.badge { display: inline-block; white-space: nowrap; min-width: 62px; padding: 0 8px; ` +
  `border-radius: 10px; font-size: 12px; font-weight: 600; text-align: center; }
.badge.passed, .count.passed b { color: var(--passed); }
.badge.failed, .count.failed b { color: var(--failed); }
.badge.error, .count.error b { color: var(--error); }
.badge.known, .count.known b { color: var(--known); }
.badge.warning, .count.warning b { color: var(--warning); } .badge.warning { background: var(--warning-bg); }
.level { font-size: 11px; font-weight: 600; text-transform: uppercase; letter-spacing: .03em; color: var(--muted); } .level.should { color: var(--warning); }
.badge.skipped, .count.skipped b { color: var(--skipped); }
.badge.disabled, .count.disabled b { color: var(--disabled); }
.badge.passed { background: var(--passed-bg); } .badge.failed { background: var(--failed-bg); } .badge.error { background: var(--error-bg); }
.badge.known { background: var(--known-bg); } .badge.skipped { background: var(--skipped-bg); } .badge.disabled { background: var(--disabled-bg); }
.badge.none { color: var(--muted); background: var(--panel); }
.notice { margin: 12px 0 0; padding: 10px 14px; border-radius: 6px; border: 1px solid var(--border); ` +
  `border-left: 4px solid var(--known); background: var(--known-bg); }
.notice.bad { border-left-color: var(--failed); background: var(--failed-bg); }
.notice ul { margin: 4px 0 0; padding-left: 20px; }
.root-causes { list-style: none; margin: 8px 0 0; padding: 0; } ` +
  `.root-cause { margin: 6px 0; padding: 8px 12px; border: 1px solid var(--border); border-left: 4px solid var(--failed); border-radius: 6px; } ` +
  `.root-cause.warning { border-left-color: var(--warning); }
.cause-rules { margin: 4px 0 0; padding-left: 20px; columns: 2; }
.command { display: flex; gap: 8px; align-items: flex-start; margin: 6px 0; }
.command pre { flex: 1; }
button { font: inherit; font-size: 12.5px; padding: 4px 10px; border-radius: 6px; border: 1px solid var(--border);
  background: var(--bg); color: var(--fg); cursor: pointer; }
button:hover { background: var(--panel); }
button[aria-pressed="true"] { background: var(--fg); color: var(--bg); border-color: var(--fg); }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 6px 8px; border-bottom: 1px solid var(--border); }
th { font-weight: 600; }
.coverage td.rules { width: 55%; }
.coverage th, .coverage td { padding: 4px 8px; }
.coverage td.passed-count { white-space: nowrap; }
.coverage tr.uncovered th, .coverage tr.uncovered td { color: var(--muted); }
.chip { display: inline-block; margin: 1px 4px 1px 0; padding: 0 6px; border-radius: 4px; font-family: var(--mono); font-size: 11.5px;
  text-decoration: none; border: 1px solid var(--border); color: var(--fg); background: var(--panel); }
.chip.passed { border-color: var(--passed); } .chip.failed { border-color: var(--failed); background: var(--failed-bg); }
.chip.error { border-color: var(--error); background: var(--error-bg); } .chip.known { border-color: var(--known); }
.chip.warning { border-color: var(--warning); background: var(--warning-bg); }
.notice.warn { border-left-color: var(--warning); background: var(--warning-bg); }
.chip.skipped, .chip.disabled { color: var(--muted); border-style: dashed; }
.filters { position: sticky; top: 0; z-index: 1; display: flex; flex-wrap: wrap; gap: 8px; align-items: center;
  padding: 8px 0; background: var(--bg); border-bottom: 1px solid var(--border); }
.filters .group { display: flex; gap: 4px; flex-wrap: wrap; }
.filters select, .filters input { font: inherit; font-size: 12.5px; padding: 4px 8px; border-radius: 6px; border: 1px solid var(--border);
  background: var(--bg); color: var(--fg); }
.filters input[type=search] { width: 160px; }
.filters .spacer { flex: 1; }
.area-head { display: flex; gap: 12px; align-items: baseline; }
details.rule { border: 1px solid var(--border); border-radius: 6px; margin: 6px 0; background: var(--bg); }
details.rule.failed { border-left: 4px solid var(--failed); } details.rule.error { border-left: 4px solid var(--error); }
details.rule.known { border-left: 4px solid var(--known); } details.rule.warning { border-left: 4px solid var(--warning); }
details.rule > summary { display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; padding: 8px 12px; cursor: pointer; list-style: none; }
details.rule > summary::-webkit-details-marker { display: none; }
details.rule > summary::before { content: "▸"; color: var(--muted); width: 10px; }
details.rule[open] > summary::before { content: "▾"; }
details.rule[open] > summary { border-bottom: 1px solid var(--border); }
.rule-id { font-family: var(--mono); font-size: 12.5px; font-weight: 600; }
.rule-title { flex: 1 1 320px; }
.rule-meta { color: var(--muted); font-size: 12px; white-space: nowrap; }
.rule-body { padding: 12px 16px 16px; }
.mismatch { padding: 12px 0; border-top: 1px dashed var(--border); }
.mismatch:first-child { border-top: 0; padding-top: 0; }
.mismatch h4 .badge { margin-left: 6px; font-weight: 500; }
.facts { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; margin: 0 0 8px; }
.facts dt { color: var(--muted); } .facts dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
.exchange { margin: 10px 0 0; border: 1px solid var(--border); border-radius: 6px; padding: 8px 10px; }
.exchange-head { font-family: var(--mono); font-size: 12.5px; overflow-wrap: anywhere; }
.http-status { font-weight: 700; } .http-status.ok { color: var(--passed); } .http-status.bad { color: var(--failed); }
.exchange-cols { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
@media (max-width: 860px) { .exchange-cols { grid-template-columns: 1fr; } }
.headers { width: auto; }
.headers td, .headers th { padding: 1px 8px 1px 0; border: 0; font-family: var(--mono); font-size: 12px; overflow-wrap: anywhere; }
.headers th { color: var(--muted); font-weight: 500; white-space: nowrap; }
footer { margin-top: 40px; color: var(--muted); font-size: 12px; }
[hidden] { display: none !important; }
`;
