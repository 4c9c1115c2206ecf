/**
 * Where a server's CPU went: reads a V8 CPU profile (`BENCH_CPU_PROF=<dir>` on a bench writes one
 * per server thread) and prints self time by part of the order path, then the top functions, over
 * a window of the run (by default all but the first `--skip` seconds and the last second, so the
 * start-up's module loading and the shutdown are left out). Time in Node's own code (a socket's
 * write, a promise's resolution, JSON) counts to the nearest caller whose part is known: a write
 * of the driver's to the driver, one of Fastify's reply to the framework (issue 33's split).
 *
 *   npx tsx apps/server/bench/profile-summary.ts <file.cpuprofile> [--skip 14] [--top 30]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Parts of the path, by where a function's code lives; the first that matches names it. */
const PARTS: [part: string, pattern: RegExp][] = [
  ['idle', /^\(idle\)$/],
  ['garbage collection', /^\(garbage collector\)$/],
  ['logging (pino)', /node_modules\/(pino|sonic-boom|thread-stream)/],
  [
    'validation and serialisation (zod)',
    /node_modules\/(zod|fastify-type-provider-zod)|lib\/route-schema/,
  ],
  [
    'validation and serialisation (zod)',
    /secure-json-parse|fast-json-stringify|^JSON|modules\/orders\/dto|order-entry-calls/,
  ],
  [
    'authentication (sessions, keys, tokens)',
    /modules\/(sessions|api-keys|api-key-store)|plugins\/authenticate|lib\/(access-tokens|request-auth|request-signature)|@noble\/hashes|jose/,
  ],
  [
    'statement building (rows, kysely)',
    /core\/(persist|persist-hot|record-rows|pg-array)|node_modules\/kysely/,
  ],
  ['driver (pg)', /node_modules\/(pg|pg-pool|pg-protocol|pg-types|postgres-)/],
  ['sequencer, engine and ledger', /core\/|packages\/engine|modules\/orders\/commands/],
  ['order routes and services', /modules\/orders|modules\/market|modules\/users|feed\//],
  [
    'HTTP framework and hooks (fastify)',
    /node_modules\/(fastify|@fastify|find-my-way|avvio|light-my-request|fast-querystring|process-warning)|plugins\/|app\.ts|routes\.ts/,
  ],
  [
    'network and streams (node)',
    /node:(net|_http|internal\/streams|internal\/stream_base|stream)|^writev$|^writeBuffer$|^writeUtf8String$|^readv?$/,
  ],
  ['promises and timers (node)', /node:internal\/(process\/task_queues|timers)|^runMicrotasks$/],
];

/** Parts that are Node's or V8's own: their time goes to the nearest caller of a known part. */
const NODE_PARTS = new Set(['network and streams (node)', 'promises and timers (node)']);

function ownPart(frame: ProfileNode['callFrame']): string {
  const where = frame.url || frame.functionName;
  for (const [part, pattern] of PARTS) if (pattern.test(where)) return part;
  return where.startsWith('node:') || frame.url === ''
    ? 'other (node, V8)'
    : 'other (ours and libraries)';
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { skip: { type: 'string', default: '14' }, top: { type: 'string', default: '30' } },
});
const file = positionals[0];
if (!file) throw new Error('usage: profile-summary.ts <file.cpuprofile> [--skip s] [--top n]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parents = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);

/** A sample's part: its function's own, or for Node's and V8's code its nearest caller's. */
const partCache = new Map<number, string>();
function partOf(id: number): string {
  const known = partCache.get(id);
  if (known) return known;
  const own = ownPart(nodes.get(id)!.callFrame);
  let part = own;
  if (NODE_PARTS.has(own) || own === 'other (node, V8)') {
    const parent = parents.get(id);
    const above = parent === undefined ? own : partOf(parent);
    if (above !== 'other (node, V8)' && above !== 'other (ours and libraries)') part = above;
  }
  partCache.set(id, part);
  return part;
}
const from = profile.startTime + Number(values.skip) * 1e6;
const to = profile.endTime - 1e6;

const byPart = new Map<string, number>();
const byFunction = new Map<string, number>();
let at = profile.startTime;
let total = 0;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (at < from || at > to) return;
  const frame = nodes.get(id)!.callFrame;
  const add = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + delta);
  add(byPart, partOf(id));
  const where = frame.url.replace(/^file:\/\/.*?\/(apps|packages|node_modules)\//, '$1/');
  add(byFunction, `${frame.functionName || '(anonymous)'}  ${where}:${frame.lineNumber + 1}`);
  total += delta;
});
const idle = byPart.get('idle') ?? 0;
const busy = total - idle;
const rows = (map: Map<string, number>, n: number) =>
  [...map]
    .filter(([key]) => key !== 'idle' && !key.startsWith('(idle)'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([key, us]) => `${((100 * us) / busy).toFixed(1).padStart(5)} %  ${key}`)
    .join('\n');
console.log(
  `${file}: ${(total / 1e6).toFixed(1)} s in the window, busy ${(busy / 1e6).toFixed(1)} s ` +
    `(${((100 * busy) / total).toFixed(0)} %); shares of busy time`,
);
console.log(`\nby part of the path\n${rows(byPart, PARTS.length + 2)}`);
console.log(`\ntop functions (self time)\n${rows(byFunction, Number(values.top))}`);
