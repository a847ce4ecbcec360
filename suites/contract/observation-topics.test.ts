import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { OBSERVATION_TOPICS, topicInfo } from './observation-topics.js';
import { renderObservationsDoc } from '../../scripts/docs/observation-topics-doc.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
// The suite and the proxy both record observations.
const SOURCE_DIRS = ['suites', 'proxy'];

/** `topic: ..., section: '...'` as written in the suite's sources (on one line or two), with `${...}` read as a placeholder. */
function observedTopics(): Array<{ file: string; topic: string; section: string }> {
  const files = SOURCE_DIRS.flatMap((dir) =>
    readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => join(dir, f)),
  );
  return files.flatMap((file) =>
    [...readFileSync(join(root, file), 'utf8').matchAll(/topic: ([`'])(.+?)\1,\s*section: '([^']+)'/g)].map((m) => ({
      file,
      topic: m[2]!.replace(/\$\{[^}]+\}/g, '{x}'),
      section: m[3]!,
    })),
  );
}

/** The registered topics a source topic (a literal, or a template with `{x}` parts) can produce. */
function registeredFor(topic: string): string[] {
  const source = topic
    .split('{x}')
    .map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'))
    .join('.+');
  const literal = topic.includes('{x}') ? undefined : topicInfo(topic);
  return Object.entries(OBSERVATION_TOPICS)
    .filter(([pattern, info]) => info === literal || new RegExp(`^${source}$`).test(pattern))
    .map(([pattern]) => pattern);
}

describe('observation topics', () => {
  it('every topic the suite records is registered, with the section the registry gives', () => {
    const used = observedTopics();
    expect(used.length).toBeGreaterThan(30);
    for (const { file, topic, section } of used) {
      const patterns = registeredFor(topic);
      expect(patterns, `${file}: ${topic}`).not.toEqual([]);
      for (const pattern of patterns)
        expect(OBSERVATION_TOPICS[pattern as keyof typeof OBSERVATION_TOPICS].section, `${file}: ${topic}`).toBe(section);
    }
  });

  it('every registered topic is recorded somewhere', () => {
    const produced = new Set(observedTopics().flatMap(({ topic }) => registeredFor(topic)));
    expect(Object.keys(OBSERVATION_TOPICS).filter((pattern) => !produced.has(pattern))).toEqual([]);
  });

  it('matches placeholders one dotted part at a time', () => {
    expect(topicInfo('transition.active-to-draft')?.section).toBe('3');
    expect(topicInfo('transition.active-to-draft.publish-date')?.meaning).toMatch(/publishDate/);
    expect(topicInfo('isolation-status.get')?.section).toBe('5.3');
    expect(topicInfo('no-such-topic')).toBeUndefined();
  });

  it('docs/observations.md is fresh (npm run generate)', () => {
    expect(readFileSync(join(root, 'docs', 'observations.md'), 'utf8')).toBe(renderObservationsDoc());
  });
});
