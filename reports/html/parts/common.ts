/**
 * @module Small building blocks of the report page: status badges, anchors,
 * copyable commands.
 */
import { html, type SafeHtml } from '../escape.js';

/** Element id of a rule's <details> (the coverage matrix links to it). */
export function ruleAnchor(ruleId: string): string {
  return `rule-${ruleId.replace(/[^A-Za-z0-9._-]/g, '_')}`;
}

export function badge(status: string, label: string = status): SafeHtml {
  return html`<span class="badge ${status}">${label}</span>`;
}

/** Hands out page-unique element ids (deterministic, so renders are reproducible). */
export class IdSource {
  private next = 0;
  constructor(private readonly prefix: string) {}
  take(): string {
    this.next += 1;
    return `${this.prefix}-${this.next}`;
  }
}

/** A command in a <pre> with a Copy button (the button is shown only when the script runs). */
export function copyable(ids: IdSource, text: string, label: string): SafeHtml {
  const id = ids.take();
  const button = html`<button type="button" data-copy="${id}" data-needs-script hidden aria-label="Copy ${label}">Copy</button>`;
  return html`<div class="command"><pre id="${id}">${text}</pre>${button}</div>`;
}

export function plural(count: number, word: string, many = `${word}s`): string {
  return `${count} ${count === 1 ? word : many}`;
}
