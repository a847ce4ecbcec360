/**
 * @module Live progress while the suite runs: on a TTY one line per area is
 * redrawn in place (rules done, passes, failures, the rule running now, `+2`
 * when more of the area's rules run at once) and settles when the area ends;
 * elsewhere (CI logs, pipes) only the settled lines are written, so logs stay
 * readable. Failed rules are listed under their area line as soon as the area
 * settles.
 */
import type { Writable } from 'node:stream';
import type { RuleResult } from '../schemas/types.gen.js';
import { visibleControlChars } from './control-chars.js';
import { worstStatus, type RuleStatus } from './status.js';
import { colorsFor, paintStatus, STATUS_SYMBOL } from './terminal-style.js';
import { truncate } from './truncate.js';

/** The part of a rule the progress needs (a suites/contract/rule.ts Rule fits). */
export interface ProgressRule {
  id: string;
  area: string;
}

/** The part of a result the progress needs (a RuleResult fits). */
export type ProgressResult = Pick<RuleResult, 'id' | 'area' | 'status' | 'durationMs'> &
  Partial<Pick<RuleResult, 'mismatches' | 'errorMessage'>>;

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
  /** Ids of the area's rules running now, oldest first (several with --concurrency). */
  running: string[];
  /** When its first rule started; undefined for a planned area none of whose rules has started. */
  startedAt?: number;
}

type ProgressStream = Pick<Writable, 'write'> & { isTTY?: boolean; columns?: number };

const CLEAR_LINE = '\r\u001b[2K';
/** Up one row and clear it: erases the rows of a live block above the cursor. */
const CLEAR_ROW_ABOVE = '\u001b[1A\u001b[2K';
const COUNT_ORDER: readonly RuleStatus[] = ['passed', 'failed', 'warning', 'error', 'known', 'skipped', 'disabled'];

/**
 * Rules may run concurrently, and a long rule may start before its turn, so several areas can be
 * open at once: on a TTY each open area has its own live line, redrawn as a block. Areas settle in
 * the order of the plan (else the order they opened), so the settled lines read the same at any
 * concurrency.
 *
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
  /** Areas not settled yet: the planned ones in plan order (also those not started), then others as they open. */
  const open: AreaState[] = [];
  /** Rows of the live block on screen (the cursor is on its last row). */
  let drawn = 0;

  const stateFor = (area: string): AreaState => {
    let state = open.find((candidate) => candidate.area === area);
    if (!state) {
      state = { area, total: planned.get(area), finished: [], running: [] };
      open.push(state);
    }
    state.startedAt ??= Date.now();
    return state;
  };

  const counts = (state: AreaState): string => {
    const done = state.total === undefined ? `${state.finished.length}` : `${state.finished.length}/${state.total}`;
    const parts = COUNT_ORDER.map((status) => [status, state.finished.filter((r) => r.status === status).length] as const)
      .filter(([, n]) => n > 0)
      .map(([status, n]) => paintStatus(c, status, `${STATUS_SYMBOL[status]}${n}`));
    return `${done} ${parts.join(' ')}`.trimEnd();
  };

  /** Erases the live block; the cursor ends at the start of its first row. */
  const erase = (): string => {
    const text = live && drawn > 0 ? CLEAR_LINE + CLEAR_ROW_ABOVE.repeat(drawn - 1) : '';
    drawn = 0;
    return text;
  };

  const liveLine = (state: AreaState): string => {
    const base = `${c.cyan('▸')} ${state.area.padEnd(12)} ${counts(state)}`;
    // One terminal row each, so the block redraws in place: the running rule ids give way first.
    const more = state.running.length > 1 ? ` +${state.running.length - 1}` : '';
    const room = (stream.columns ?? 100) - 2 - visibleLength(base) - more.length;
    const first = state.running[0];
    return base + (first !== undefined && room > 4 ? ` ${c.dim(truncate(visibleControlChars(first), room))}${c.dim(more)}` : '');
  };

  const redraw = (before = '') => {
    if (!live) {
      if (before) stream.write(before);
      return;
    }
    const lines = open.filter((state) => state.startedAt !== undefined).map(liveLine);
    const cleared = erase();
    if (!cleared && !before && lines.length === 0) return;
    stream.write(`${cleared || CLEAR_LINE}${before}${lines.join('\n')}`);
    drawn = lines.length;
  };

  const settledLines = (state: AreaState): string => {
    const worst = worstStatus(state.finished.map((result) => result.status));
    const symbol = worst === undefined ? c.dim('·') : paintStatus(c, worst, STATUS_SYMBOL[worst]);
    const seconds = ((Date.now() - (state.startedAt ?? Date.now())) / 1000).toFixed(1);
    const lines = [`${symbol} ${state.area.padEnd(12)} ${counts(state)} ${c.dim(`${seconds} s`)}`];
    for (const result of state.finished) {
      if (result.status !== 'failed' && result.status !== 'warning' && result.status !== 'error') continue;
      const why = result.status === 'error' ? `suite error: ${result.errorMessage ?? ''}` : (result.mismatches?.[0]?.title ?? '');
      lines.push(
        `    ${paintStatus(c, result.status, STATUS_SYMBOL[result.status])} ${result.id} ${c.dim(visibleControlChars(why).replace(/\n/g, ' '))}`,
      );
    }
    return `${lines.join('\n')}\n`;
  };

  /** Planned: all its rules ended. Unplanned: nothing of it runs and a later area has opened (rules start in order). */
  const complete = (state: AreaState, index: number): boolean =>
    state.total !== undefined
      ? state.finished.length >= state.total
      : state.startedAt !== undefined && state.running.length === 0 && index < open.length - 1;

  /** Settles the leading complete areas (in the order they opened), then redraws what is still open. */
  const update = () => {
    let settled = '';
    while (open.length > 0 && complete(open[0]!, 0)) settled += settledLines(open.shift()!);
    redraw(settled);
  };

  return {
    plan(rules) {
      planned.clear();
      for (const rule of rules) planned.set(rule.area, (planned.get(rule.area) ?? 0) + 1);
      for (const [area, total] of planned)
        if (!open.some((state) => state.area === area)) open.push({ area, total, finished: [], running: [] });
    },
    ruleStarted(rule) {
      stateFor(rule.area).running.push(rule.id);
      update();
    },
    ruleFinished(result) {
      const state = stateFor(result.area);
      state.finished.push(result);
      const at = state.running.indexOf(result.id);
      if (at !== -1) state.running.splice(at, 1);
      update();
    },
    done() {
      let settled = '';
      for (const state of open.splice(0)) if (state.startedAt !== undefined) settled += settledLines(state);
      redraw(settled);
    },
  };
}

function visibleLength(text: string): number {
  return Array.from(text.replace(/\u001b\[[0-9;]*m/g, '')).length;
}
