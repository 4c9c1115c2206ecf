import fs from 'node:fs';
import path from 'node:path';
import { SourceMapConsumer } from 'source-map-js';
import { eventsOf } from './trace-tasks';

/** The trace category whose `ProfileChunk` events carry V8's CPU samples. */
export const CPU_PROFILE_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

/** A sampled function; a chunk may leave out any of its fields. */
interface CallFrame {
  functionName?: string;
  url?: string;
  lineNumber?: number;
  columnNumber?: number;
}

interface ProfileEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    data?: {
      startTime?: number;
      cpuProfile?: {
        nodes?: { id: number; callFrame: CallFrame; parent?: number }[];
        samples?: number[];
      };
      timeDeltas?: number[];
    };
  };
}

/** Where a sampled frame's code came from: a package of node_modules, or a file of src/. */
function placeOf(source: string | null): string {
  if (!source) return '(unmapped)';
  const modules = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(source);
  if (modules) return modules[1]!;
  const src = source.indexOf('/src/');
  return src >= 0 ? source.slice(src + 1) : source;
}

/** Maps `url:line:col` of the built assets in `dist` to their sources, a consumer per file. */
function sourcePlaces(dist: string) {
  const consumers = new Map<string, SourceMapConsumer | null>();
  return ({ functionName = '', url = '', lineNumber = 0, columnNumber = 0 }: CallFrame): string => {
    const file = url.replace(/^.*\/assets\//, '');
    if (!url.includes('/assets/')) return functionName || `(${url || 'native'})`;
    if (!consumers.has(file)) {
      const map = path.join(dist, 'assets', `${file}.map`);
      consumers.set(
        file,
        fs.existsSync(map) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(map, 'utf8'))) : null,
      );
    }
    const original = consumers
      .get(file)
      ?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
    const place = placeOf(original?.source ?? null);
    return original?.name ? `${place} ${original.name}` : place;
  };
}

/**
 * For each task longer than `ms`, the CPU samples V8 took inside it by where their code came from
 * (a package of node_modules or a file of src/, self time), then every long task's samples
 * together by function, a package's told with the app's function that called it ("i18next <
 * src/…/order-book.tsx OrderBook"). Built assets are mapped through their source maps in `dist`.
 * Layout, paint and the rest of a task's time are `--explain`'s (trace-tasks.ts). Starting the
 * profiler shows as one long task of its own; read the other figures from runs without it.
 */
export function profileLongTasks(json: string, ms: number, dist: string): string[] {
  const events = eventsOf<ProfileEvent>(json);
  const placeOfFrame = sourcePlaces(dist);
  // Samples: (time, place) from every profile's chunks, nodes accumulated per profile.
  const samples: { ts: number; pid: number; tid: number; place: string }[] = [];
  const profiles = new Map<
    string,
    { time: number; nodes: Map<number, { place: string; parent: number | undefined }> }
  >();
  // A package's sample is told with the app's function that called into it, nearest first.
  const withCaller = (
    nodes: Map<number, { place: string; parent: number | undefined }>,
    id: number,
  ): string => {
    const place = nodes.get(id)?.place ?? '?';
    if (place.startsWith('src/')) return place;
    for (let up = nodes.get(id)?.parent; up !== undefined; up = nodes.get(up)?.parent) {
      const caller = nodes.get(up)?.place ?? '';
      if (caller.startsWith('src/')) return `${place} < ${caller}`;
    }
    return place;
  };
  for (const e of events) {
    const data = e.args?.data;
    if (e.name === 'Profile' && e.id)
      profiles.set(`${e.pid}:${e.id}`, { time: data?.startTime ?? e.ts, nodes: new Map() });
    if (e.name !== 'ProfileChunk' || !e.id) continue;
    const profile = profiles.get(`${e.pid}:${e.id}`);
    if (!profile) continue;
    for (const node of data?.cpuProfile?.nodes ?? [])
      profile.nodes.set(node.id, { place: placeOfFrame(node.callFrame), parent: node.parent });
    const deltas = data?.timeDeltas ?? [];
    (data?.cpuProfile?.samples ?? []).forEach((id, i) => {
      profile.time += deltas[i] ?? 0;
      const place = withCaller(profile.nodes, id);
      if (place !== '(idle)' && place !== '(program)')
        samples.push({ ts: profile.time, pid: e.pid, tid: e.tid, place });
    });
  }
  const long = events.filter(
    (e) => e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > ms * 1000,
  );
  const everywhere = new Map<string, number>();
  const lines = long.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const byPlace = new Map<string, number>();
    const inside = samples.filter((s) => s.pid === task.pid && s.ts >= task.ts && s.ts <= end);
    for (const s of inside) {
      const where = s.place.split(/ |<|>/)[0]!;
      byPlace.set(where, (byPlace.get(where) ?? 0) + 1);
      everywhere.set(s.place, (everywhere.get(s.place) ?? 0) + 1);
    }
    const share = [...byPlace]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([place, n]) => `${place} ${n}`)
      .join(', ');
    return `task ${((task.dur ?? 0) / 1000).toFixed(1)} ms, ${inside.length} samples: ${share}`;
  });
  const functions = [...everywhere]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25)
    .map(([place, n]) => `    ${String(n).padStart(4)} ${place}`);
  return [...lines, `the long tasks' samples by function:`, ...functions];
}
