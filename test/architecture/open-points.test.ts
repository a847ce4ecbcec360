import { describe, expect, it } from 'vitest';
import { CHOICE_SWITCHES } from '../../mock/core/choices/choices.js';
import { OBSERVATION_TOPICS } from '../../suites/contract/observation-topics.js';
import { isOpenPointId, OPEN_POINTS } from '../../vocabulary/index.js';

const switches = [...CHOICE_SWITCHES.values()];
const topics = Object.entries(OBSERVATION_TOPICS);

/** The spec sections a list like `2.1, 4.2` names. */
function sectionsOf(text: string): string[] {
  return text.split(',').map((section) => section.trim());
}

describe('the open points of the spec: one table that the mock and the suite both name', () => {
  it.each(Object.keys(OPEN_POINTS))('%s has a switch of the mock and a topic of the suite', (id) => {
    expect(switches.filter((s) => s.openPoint === id).map((s) => s.name)).not.toEqual([]);
    expect(topics.filter(([, info]) => info.openPoint === id).map(([topic]) => topic)).not.toEqual([]);
  });

  it('no switch and no topic lies outside the table', () => {
    expect(switches.filter((s) => !isOpenPointId(s.openPoint)).map((s) => s.name)).toEqual([]);
    expect(topics.filter(([, info]) => !isOpenPointId(info.openPoint)).map(([topic]) => topic)).toEqual([]);
  });

  it("a switch's or a topic's sections are among its open point's", () => {
    const outside = (section: string, point: string) =>
      sectionsOf(section).filter((s) => !sectionsOf(OPEN_POINTS[point as keyof typeof OPEN_POINTS].section).includes(s));
    expect(switches.flatMap((s) => outside(s.section, s.openPoint).map((at) => `${s.name} §${at}`))).toEqual([]);
    expect(topics.flatMap(([topic, info]) => outside(info.section, info.openPoint).map((at) => `${topic} §${at}`))).toEqual([]);
  });
});
