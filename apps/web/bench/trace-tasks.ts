interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

interface TimedEvent extends TraceEvent {
  ts: number;
}

/** A Chromium trace's events, from either of its JSON forms (an object or a bare array). */
export const eventsOf = <E = TimedEvent>(json: string): E[] => {
  const parsed = JSON.parse(json) as { traceEvents?: E[] } | E[];
  return Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
};

/**
 * The top-level tasks (`RunTask` slices) of the page's renderer main thread: the threads named
 * CrRendererMain, of several renderers (the page, spare ones) the busiest.
 */
function pageMainTasks(events: TimedEvent[]): TimedEvent[] {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const byThread = new Map<string, TimedEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name !== 'RunTask' || e.ph !== 'X' || !mains.has(key)) continue;
    byThread.set(key, [...(byThread.get(key) ?? []), e]);
  }
  return [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

/** A task longer than this blocks input (Lighthouse's long task, and the web benches' bar). */
export const LONG_TASK_MS = 50;

/** The durations (ms) of the page's renderer main thread's top-level tasks in a Chromium trace. */
export const mainThreadTasks = (json: string): number[] =>
  pageMainTasks(eventsOf(json)).map((e) => (e.dur ?? 0) / 1000);

/**
 * The page's main-thread task durations (ms) split at a `performance.mark(mark)`: those that
 * ended before it, and the rest (the task that made the mark included). All in `after` when
 * the trace holds no such mark.
 */
export function mainThreadTasksAround(
  json: string,
  mark: string,
): { before: number[]; after: number[] } {
  const events = eventsOf(json);
  const at = events.find((e) => e.name === mark)?.ts ?? -Infinity;
  const tasks = pageMainTasks(events);
  const ms = (e: TimedEvent) => (e.dur ?? 0) / 1000;
  return {
    before: tasks.filter((e) => e.ts + (e.dur ?? 0) < at).map(ms),
    after: tasks.filter((e) => e.ts + (e.dur ?? 0) >= at).map(ms),
  };
}

/** What runs JavaScript: callbacks, timers, frames, events, microtasks, script evaluation. */
const SCRIPT_EVENTS = new Set([
  'FunctionCall',
  'EvaluateScript',
  'v8.evaluateModule',
  'TimerFire',
  'FireAnimationFrame',
  'EventDispatch',
  'RunMicrotasks',
]);

/** Milliseconds the page's main thread spent running JavaScript (nested events counted once). */
export function scriptTime(json: string): number {
  const events = eventsOf(json);
  const main = pageMainTasks(events)[0];
  if (!main) return 0;
  const scripts = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid)
    .filter((e) => SCRIPT_EVENTS.has(e.name))
    .sort((a, b) => a.ts - b.ts);
  let total = 0;
  let end = -Infinity;
  for (const e of scripts) {
    const stop = e.ts + (e.dur ?? 0);
    if (stop <= end) continue;
    total += stop - Math.max(e.ts, end);
    end = stop;
  }
  return total / 1000;
}

/** For each main-thread task over `ms`: its slowest inner events, to see what made it long. */
export function explainLongTasks(json: string, ms: number): string[] {
  const events = eventsOf(json);
  const long = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > ms * 1000,
  );
  return long.map((task) => {
    const inner = events
      .filter(
        (e) =>
          e.ph === 'X' &&
          e.tid === task.tid &&
          e.pid === task.pid &&
          e !== task &&
          e.ts >= task.ts &&
          e.ts <= task.ts + (task.dur ?? 0),
      )
      .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
      .slice(0, 8)
      .map(
        (e) =>
          `${e.name} ${((e.dur ?? 0) / 1000).toFixed(1)}ms ${JSON.stringify(e.args ?? {}).slice(0, 160)}`,
      );
    return `task ${((task.dur ?? 0) / 1000).toFixed(1)} ms:\n    ${inner.join('\n    ')}`;
  });
}

/**
 * The page's main-thread time by trace event (self time: each event's duration less its children's,
 * in ms), the largest first: the shares of script, style, layout, paint and the rest.
 */
export function selfTimeByEvent(json: string): [string, number][] {
  const events = eventsOf(json);
  const main = pageMainTasks(events)[0];
  if (!main) return [];
  const slices = events
    .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const open: TimedEvent[] = [];
  for (const e of slices) {
    while (open.length && open.at(-1)!.ts + (open.at(-1)!.dur ?? 0) <= e.ts) open.pop();
    const parent = open.at(-1);
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - (e.dur ?? 0));
    self.set(e.name, (self.get(e.name) ?? 0) + (e.dur ?? 0));
    open.push(e);
  }
  return [...self]
    .map(([name, us]): [string, number] => [name, us / 1000])
    .sort((a, b) => b[1] - a[1]);
}
