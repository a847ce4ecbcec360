/**
 * @module Live progress while the suite runs: on a TTY one line per area is
 * redrawn in place (rules done, passes, failures, the rule running now) and
 * settles when the area ends; elsewhere (CI logs, pipes) only the settled
 * lines are written, so logs stay readable. Failed rules are listed under
 * their area line as soon as the area settles.
 */
import type { Writable } from 'node:stream';
import type { RuleResult } from '../schemas/types.gen.js';
import { visibleControlChars } from './control-chars.js';
import { worstStatus, type RuleStatus } from './status.js';
import { colorsFor, paintStatus, STATUS_SYMBOL } from './terminal-style.js';
import { truncate } from './truncate.js';

/** The part of a rule the progress needs (a suites/rule.ts Rule fits). */
export interface ProgressRule {
  id: string;
  area: string;
}

/** The part of a result the progress needs (a RuleResult fits). */
export type ProgressResult = Pick<RuleResult, 'id' | 'area' | 'status' | 'durationMs'> & Partial<Pick<RuleResult, 'mismatches' | 'errorMessage'>>;

export interface Progress {
  /** Optional: the rules about to run, so each area line can show `done/total` and settle on its last rule. */
  plan(rules: readonly ProgressRule[]): void;
  ruleStarted(rule: ProgressRule): void;
  ruleFinished(result: ProgressResult): void;
  /** Settles every open area line. Call once, after the last rule (also when interrupted). */
  done(): void;
}

export interface ProgressOptions {
  color: boolean;
  /** Redraw lines in place; default: the stream is a TTY. */
  live?: boolean;
}

interface AreaState {
  area: string;
  total?: number;
  finished: ProgressResult[];
  running?: string;
  startedAt: number;
  settled: boolean;
}

type ProgressStream = Pick<Writable, 'write'> & { isTTY?: boolean; columns?: number };

const CLEAR_LINE = '\r\u001b[2K';
const COUNT_ORDER: readonly RuleStatus[] = ['passed', 'failed', 'warning', 'error', 'known', 'skipped', 'disabled'];

/**
 * @example
 * const progress = createProgress(process.stderr, { color: shouldUseColor(process.stderr) });
 * progress.plan(rules);
 * progress.ruleStarted(rule);
 * progress.ruleFinished(result);
 * progress.done();
 */
export function createProgress(stream: ProgressStream, options: ProgressOptions): Progress {
  const c = colorsFor(options.color);
  const live = options.live ?? stream.isTTY === true;
  const planned = new Map<string, number>();
  const areas = new Map<string, AreaState>();
  let current: AreaState | undefined;
  let drawn = false;

  const stateFor = (area: string): AreaState => {
    let state = areas.get(area);
    if (!state || state.settled) {
      state = { area, total: planned.get(area), finished: [], startedAt: Date.now(), settled: false };
      areas.set(area, state);
    }
    return state;
  };

  const counts = (state: AreaState): string => {
    const done = state.total === undefined ? `${state.finished.length}` : `${state.finished.length}/${state.total}`;
    const parts = COUNT_ORDER.map((status) => [status, state.finished.filter((r) => r.status === status).length] as const)
      .filter(([, n]) => n > 0)
      .map(([status, n]) => paintStatus(c, status, `${STATUS_SYMBOL[status]}${n}`));
    return `${done} ${parts.join(' ')}`.trimEnd();
  };

  const clear = () => {
    if (live && drawn) stream.write(CLEAR_LINE);
    drawn = false;
  };

  const draw = (state: AreaState) => {
    if (!live) return;
    const base = `${c.cyan('▸')} ${state.area.padEnd(12)} ${counts(state)}`;
    // One terminal row, so \r redraws in place: the running rule id gives way first.
    const room = (stream.columns ?? 100) - 2 - visibleLength(base);
    const running = state.running && room > 4 ? ` ${c.dim(truncate(visibleControlChars(state.running), room))}` : '';
    const line = base + running;
    stream.write(`${CLEAR_LINE}${line}`);
    drawn = true;
  };

  const settle = (state: AreaState) => {
    if (state.settled) return;
    state.settled = true;
    state.running = undefined;
    clear();
    const worst = worstStatus(state.finished.map((result) => result.status));
    const symbol = worst === undefined ? c.dim('·') : paintStatus(c, worst, STATUS_SYMBOL[worst]);
    const seconds = ((Date.now() - state.startedAt) / 1000).toFixed(1);
    const lines = [`${symbol} ${state.area.padEnd(12)} ${counts(state)} ${c.dim(`${seconds} s`)}`];
    for (const result of state.finished) {
      if (result.status !== 'failed' && result.status !== 'warning' && result.status !== 'error') continue;
      const why = result.status === 'error' ? `suite error: ${result.errorMessage ?? ''}` : (result.mismatches?.[0]?.title ?? '');
      lines.push(`    ${paintStatus(c, result.status, STATUS_SYMBOL[result.status])} ${result.id} ${c.dim(visibleControlChars(why).replace(/\n/g, ' '))}`);
    }
    stream.write(`${lines.join('\n')}\n`);
    if (current === state) current = undefined;
  };

  return {
    plan(rules) {
      planned.clear();
      for (const rule of rules) planned.set(rule.area, (planned.get(rule.area) ?? 0) + 1);
    },
    ruleStarted(rule) {
      if (current && current.area !== rule.area) settle(current);
      current = stateFor(rule.area);
      current.running = rule.id;
      draw(current);
    },
    ruleFinished(result) {
      const state = current?.area === result.area ? current : stateFor(result.area);
      state.finished.push(result);
      if (state.running === result.id) state.running = undefined;
      if (state.total !== undefined && state.finished.length >= state.total) settle(state);
      else {
        current = state;
        draw(state);
      }
    },
    done() {
      for (const state of areas.values()) if (!state.settled) settle(state);
      clear();
    },
  };
}

function visibleLength(text: string): number {
  return Array.from(text.replace(/\u001b\[[0-9;]*m/g, '')).length;
}
