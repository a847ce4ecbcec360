import { createHash } from 'node:crypto';
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { HOSTILE, PLANTED_KEY, sampleReport } from '../sample-report.test-support.js';
import { applyBaseline } from '../gating/gating.js';
import { renderHtml } from './render.js';
import { redactReport } from '../redactor.js';

function elements(nodes: ChildNode[]): Element[] {
  const out: Element[] = [];
  for (const node of nodes) {
    if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
      out.push(node);
      out.push(...elements(node.children));
    }
  }
  return out;
}

function textOf(node: ChildNode): string {
  if (node.type === 'text') return node.data;
  if ('children' in node) return node.children.map(textOf).join('');
  return '';
}

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('renderHtml', () => {
  const page = renderHtml(redactReport(sampleReport()));
  const document = parseDocument(page);
  const all = elements(document.children);

  it('has exactly one executable script and one JSON data block, both allowed by the CSP', () => {
    const scripts = all.filter((el) => el.name === 'script');
    expect(scripts.map((el) => el.attribs.type ?? 'js')).toEqual(['application/json', 'js']);
    const csp = all.find((el) => el.name === 'meta' && el.attribs['http-equiv'] === 'Content-Security-Policy')?.attribs.content ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`script-src ${sha256(textOf(scripts[1]!))}`);
    const style = all.find((el) => el.name === 'style');
    expect(csp).toContain(`style-src ${sha256(textOf(style!))}`);
    expect(csp).not.toContain('unsafe-inline');
    const data: unknown = JSON.parse(textOf(scripts[0]!));
    expect((data as { seed: number }).seed).toBe(424242);
  });

  it('lets no target content become markup: no event handlers, no injected elements, no style attributes, no external URLs', () => {
    for (const el of all) {
      for (const [name, value] of Object.entries(el.attribs)) {
        expect(name.startsWith('on'), `${el.name} ${name}`).toBe(false);
        expect(name).not.toBe('style');
        if (name === 'href' || name === 'src') expect(value, `${el.name} ${name}`).toMatch(/^(#|data:)/);
      }
    }
    const names = new Set(all.map((el) => el.name));
    for (const forbidden of ['img', 'iframe', 'object', 'embed', 'pwned', 'form', 'base']) expect(names.has(forbidden)).toBe(false);
    // The payloads are there, as text.
    const text = textOf(document);
    expect(text).toContain(HOSTILE.script);
    expect(text).toContain(HOSTILE.img);
    expect(text).toContain(HOSTILE.cdata);
    expect(text).toContain('esc\\u001b[31mred');
    expect(page.includes(PLANTED_KEY)).toBe(false);
  });

  it("shows the verdict and counts, one expandable element per rule, and each failure's details", () => {
    expect(textOf(all.find((el) => el.attribs['data-testid'] === 'verdict')!)).toBe('error');
    const rules = all.filter((el) => el.name === 'details' && el.attribs.class?.startsWith('rule '));
    expect(rules.map((el) => [el.attribs.id, el.attribs['data-status'], el.attribs['data-area']])).toEqual(
      sampleReport().rules.map((rule) => [`rule-${rule.id}`, rule.status, rule.area]),
    );
    const failed = rules[0]!;
    const failedText = textOf(failed);
    expect(failedText).toContain('POST /jobs responded 201 without a Location header');
    expect(failedText).toContain("curl -i -X POST 'http://127.0.0.1:4010/api/v1.1/jobs'");
    expect(failedText).toContain('x-powered-by');
    const copyButtons = elements(failed.children).filter((el) => el.name === 'button' && el.attribs['data-copy']);
    expect(copyButtons).toHaveLength(2);
    for (const button of copyButtons)
      expect(all.some((el) => el.attribs.id === button.attribs['data-copy'] && el.name === 'pre')).toBe(true);
    const roundtrip = textOf(rules[3]!);
    expect(roundtrip).toContain('Counterexample (shrunk)');
    expect(roundtrip).toContain('"description": "Sept-Îles, QC"');
  });

  it('has a coverage row for every spec section, linking each rule', () => {
    const rows = all.filter((el) => el.name === 'tr' && el.attribs['data-section']);
    expect(rows.map((row) => row.attribs['data-section'])).toEqual([
      '1',
      '2',
      '2.1',
      '2.2',
      '2.3',
      '2.4',
      '2.5',
      '2.6',
      '2.7',
      '2.8',
      '3',
      '4',
      '4.1',
      '4.2',
      '4.3',
      '4.4',
      '4.5',
      '4.6',
      '4.7',
      '5',
      '6',
      '7',
      '8',
      '9',
    ]);
    const row42 = rows.find((row) => row.attribs['data-section'] === '4.2')!;
    expect(row42.attribs.class).toBe('failed');
    const links = elements(row42.children)
      .filter((el) => el.name === 'a')
      .map((el) => el.attribs.href);
    expect(links).toEqual([
      '#rule-jobs.create.location-header',
      '#rule-jobs.create.status-201',
      '#rule-jobs.roundtrip.get-equals-post',
      '#rule-robustness.concurrent.create',
    ]);
    expect(rows.find((row) => row.attribs['data-section'] === '2.8')!.attribs.class).toBe('error');
    expect(rows.find((row) => row.attribs['data-section'] === '6')!.attribs.class).toBe('uncovered');
  });

  it('shows the baseline and stale entries', () => {
    const gated = renderHtml(
      redactReport(
        applyBaseline(sampleReport(), {
          rules: [{ id: 'jobs.create.location-header', reason: 'ticket 12' }, { id: 'jobs.update.partial' }],
        }),
      ),
    );
    const text = textOf(parseDocument(gated));
    expect(text).toContain('Known mismatch, accepted by the baseline: ticket 12');
    expect(text).toContain('Stale baseline entries');
    expect(text).toContain('jobs.update.partial: passes now');
  });

  it('renders the same report to the same page', () => {
    expect(renderHtml(redactReport(sampleReport()))).toBe(page);
  });
});
