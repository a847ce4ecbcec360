import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import type { Observation } from '../../../schemas/types.gen.js';
import { sampleReport } from '../../sample-report.test-support.js';
import { renderObservations } from './observations.js';

function rowsOf(observations: Observation[]): string[][] {
  const document = parseDocument(renderObservations({ ...sampleReport(), observations }).value);
  const cells = (node: ChildNode): string =>
    'children' in node ? node.children.map((child) => (child.type === 'text' ? child.data : cells(child))).join('') : '';
  const find = (nodes: ChildNode[], name: string): Element[] =>
    nodes.flatMap((node) => (node.type === 'tag' ? [...(node.name === name ? [node] : []), ...find(node.children, name)] : []));
  return find(
    find(document.children, 'tbody').flatMap((body) => body.children),
    'tr',
  ).map((row) => find(row.children, 'td').map((cell) => cells(cell).trim()));
}

describe('the observations table', () => {
  it('writes a form many rules saw once, with each rule that saw it', () => {
    const seen = (ruleId: string, observed: string): Observation => ({ topic: 'date-form', section: '2.1', observed, ruleId });
    const rows = rowsOf([
      seen('jobs.a.one', 'publishDate: date-time, milliseconds, Z'),
      seen('jobs.a.two', 'publishDate: date-time, milliseconds, Z'),
      seen('jobs.a.two', 'closeDate: as sent'),
      seen('jobs.a.one', 'publishDate: date-time, milliseconds, Z'),
    ]);
    expect(rows).toEqual([
      ['date-form', '§2.1', 'publishDate: date-time, milliseconds, Z', '', 'jobs.a.one jobs.a.two'],
      ['date-form', '§2.1', 'closeDate: as sent', '', 'jobs.a.two'],
    ]);
  });
});
