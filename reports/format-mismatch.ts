/**
 * @module Plain-text rendering of a mismatch with its counterexample,
 * reproducer and exchanges, shared by JUnit failure details and the terminal.
 * The text is raw: each medium makes it safe (XML, terminal) itself.
 */
import type { Exchange, Mismatch } from '../schemas/types.gen.js';
import { formatBody } from './format-body.js';

/**
 * @example
 * formatExchangeText(exchange) // => '> POST http://…/jobs\n> content-type: …\n…\n< 201\n…'
 */
export function formatExchangeText(exchange: Exchange): string {
  const { request, response } = exchange;
  const lines = [`> ${request.method} ${request.url}`];
  for (const [name, value] of Object.entries(request.headers)) lines.push(`> ${name}: ${value}`);
  if (request.body !== undefined && request.body !== null && request.body !== '') {
    lines.push('>', ...prefix('> ', formatBody(request.body, request.bodyTruncated)));
  }
  if (response) {
    lines.push(`< ${response.status}`);
    for (const [name, value] of Object.entries(response.headers)) lines.push(`< ${name}: ${value}`);
    lines.push('<', ...prefix('< ', formatBody(response.body, response.bodyTruncated)));
  } else {
    lines.push(`! no response: ${exchange.error ?? 'unknown transport error'}`);
  }
  return lines.join('\n');
}

/**
 * What a mismatch's title is followed by everywhere: whose message broke the rule (proxy findings) and how it replays.
 *
 * @example
 * mismatchTag({ side: 'client', reproducibility: 'unchecked', ... }); // '[client side, unchecked]'
 */
export function mismatchTag(mismatch: Pick<Mismatch, 'side' | 'reproducibility'>): string {
  return `[${mismatch.side === undefined ? '' : `${mismatch.side} side, `}${mismatch.reproducibility}]`;
}

/**
 * @example
 * formatMismatchText(rule.mismatches[0])
 */
export function formatMismatchText(mismatch: Mismatch): string {
  const parts = [`${mismatch.title} ${mismatchTag(mismatch)}`, `Expected: ${mismatch.expected}`, `Received: ${mismatch.received}`];
  if (mismatch.counterexample !== undefined) parts.push(`Counterexample:\n${indent(JSON.stringify(mismatch.counterexample, null, 2))}`);
  parts.push(`Reproduce with:\n${indent(mismatch.curl)}`);
  parts.push(`Replay:\n${indent(mismatch.replay.command)}`);
  mismatch.exchanges.forEach((exchange, index) => {
    const label = [exchange.caseId ? `case ${exchange.caseId}` : '', `${exchange.durationMs} ms`].filter(Boolean).join(', ');
    parts.push(`Exchange ${index + 1} (${label}):\n${indent(formatExchangeText(exchange))}`);
  });
  return parts.join('\n');
}

function prefix(marker: string, text: string): string[] {
  return text.split('\n').map((line) => `${marker}${line}`);
}

function indent(text: string): string {
  return prefix('  ', text).join('\n');
}
