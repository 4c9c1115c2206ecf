import { eventsOf } from './trace-tasks';

interface Call {
  name: string;
  ph: string;
  dur?: number;
  args?: { data?: { functionName?: string; url?: string; lineNumber?: number } };
}

/**
 * Where the page's script time starts: `FunctionCall` slices (a callback the browser runs: a
 * socket message, a frame, a timer) by the function called, `function file:line`, total ms,
 * the largest first.
 */
export function topEntryPoints(json: string, count: number): [string, number][] {
  const events = eventsOf<Call>(json);
  const total = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'FunctionCall' || e.ph !== 'X') continue;
    const { functionName, url = '', lineNumber = 0 } = e.args?.data ?? {};
    const name = `${functionName || '(anonymous)'} ${url.replace(/^.*\//, '')}:${lineNumber + 1}`;
    total.set(name, (total.get(name) ?? 0) + (e.dur ?? 0) / 1000);
  }
  return [...total].sort((a, b) => b[1] - a[1]).slice(0, count);
}
