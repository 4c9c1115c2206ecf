interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/**
 * The durations (ms) of the renderer main thread's top-level tasks in a Chromium trace: the
 * `RunTask` slices on the thread named CrRendererMain of the page's renderer.
 */
export function mainThreadTasks(json: string): number[] {
  const parsed = JSON.parse(json) as { traceEvents?: TraceEvent[] } | TraceEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const tasks = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && mains.has(`${e.pid}:${e.tid}`),
  );
  // Several renderers (the page, spare ones): keep the busiest, the page's.
  const byThread = new Map<string, number[]>();
  for (const e of tasks) {
    const key = `${e.pid}:${e.tid}`;
    byThread.set(key, [...(byThread.get(key) ?? []), (e.dur ?? 0) / 1000]);
  }
  return [...byThread.values()].sort((a, b) => b.length - a.length)[0] ?? [];
}

interface TimedEvent extends TraceEvent {
  ts: number;
}

/** For each main-thread task over `ms`: its slowest inner events, to see what made it long. */
export function explainLongTasks(json: string, ms: number): string[] {
  const parsed = JSON.parse(json) as { traceEvents?: TimedEvent[] } | TimedEvent[];
  const events = Array.isArray(parsed) ? parsed : (parsed.traceEvents ?? []);
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
