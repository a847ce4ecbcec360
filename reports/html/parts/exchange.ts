/**
 * @module One recorded HTTP exchange: request line and status, headers and
 * bodies side by side. Every value here came from the target or the suite's
 * recording and is escaped by the `html` tag.
 */
import type { Exchange } from '../../../schemas/types.gen.js';
import { formatBody } from '../../format-body.js';
import { html, type SafeHtml } from '../escape.js';

export function renderExchange(exchange: Exchange): SafeHtml {
  const { request, response } = exchange;
  const status = response
    ? html`<span class="http-status ${response.status < 400 ? 'ok' : 'bad'}">${response.status}</span>`
    : html`<span class="http-status bad">no response</span>`;
  const timing = html`<span class="muted">${exchange.durationMs} ms${exchange.caseId ? ` · ${exchange.caseId}` : ''}</span>`;
  const answer = response
    ? html`${headers(response.headers)}${body(response.body, response.bodyTruncated)}`
    : html`<pre>${exchange.error ?? 'transport error'}</pre>`;
  return html`<div class="exchange">
  <div class="exchange-head">${request.method} ${request.url} → ${status} ${timing}</div>
  <div class="exchange-cols">
    <div><h5>Request</h5>${headers(request.headers)}${body(request.body, request.bodyTruncated)}</div>
    <div><h5>Response</h5>${answer}</div>
  </div>
</div>`;
}

function headers(values: Record<string, string>): SafeHtml {
  const rows = Object.entries(values).map(([name, value]) => html`<tr><th>${name}</th><td>${value}</td></tr>`);
  return rows.length === 0 ? html`<p class="muted">no headers</p>` : html`<table class="headers"><tbody>${rows}</tbody></table>`;
}

function body(text: string | null | undefined, truncated: boolean | undefined): SafeHtml {
  return html`<pre>${formatBody(text, truncated === true)}</pre>`;
}
