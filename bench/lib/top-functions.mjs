/**
 * @module Reads a .cpuprofile (node --cpu-prof) and sums self time per
 * function, so a profile can be read in the terminal.
 */
import { readFileSync } from 'node:fs';

/**
 * The `limit` functions with the most self time, as {ms, share, name, where}.
 * `since` (µs on the profile's clock, the monotonic one of process.hrtime)
 * leaves out the samples before it, e.g. a server's start-up and seeding.
 */
export function topFunctions(file, limit = 25, { since = -Infinity } = {}) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map();
  const dt = profile.timeDeltas;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += dt[i] ?? 0;
    if (at < since) continue;
    const node = byId.get(profile.samples[i]);
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'}\t${url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, limit)
    .map(([key, us]) => {
      const [name, where] = key.split('\t');
      return { ms: us / 1000, share: us / total, name, where };
    });
}

/** Inclusive time (self plus callees) of the functions whose name matches `pattern`. */
export function inclusiveTime(file, pattern) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const totals = new Map();
  const dt = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const { functionName, url, lineNumber } = byId.get(id).callFrame;
      if (!pattern.test(functionName)) continue;
      const key = `${functionName}\t${url.replace(/^.*\/(node_modules|dist)\//, '$1/')}:${lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      totals.set(key, (totals.get(key) ?? 0) + (dt[i] ?? 0));
    }
  }
  const all = dt.reduce((a, b) => a + b, 0);
  return [...totals.entries()].sort((a, b) => b[1] - a[1]).map(([key, us]) => ({ key, ms: us / 1000, share: us / all }));
}
