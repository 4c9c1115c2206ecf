/**
 * npm run bench:engine [-- --json] [--ops N] [--resting N] [--seed N]
 *
 * The same seeded mixed workload through our engine and through nodejs-order-book. For each, on
 * a fresh book filled with the same resting orders: a warm-up over the first fifth of the
 * operations, a throughput pass (no per-operation timing) for ops/s, and a latency pass that
 * times every operation for the percentiles and the longest pause. The longest operation
 * includes the OS descheduling the process on a busy machine; the longest GC pause is the
 * engine's own (PerformanceObserver 'gc' entries).
 */
import { parseArgs } from 'node:util';
import { latencyStats, round, type LatencyStats } from './stats.js';
import { baseline, ours, type Subject } from './subjects.js';
import { generateWorkload, type Workload } from './workload.js';

const { values } = parseArgs({
  options: {
    json: { type: 'boolean', default: false },
    ops: { type: 'string', default: '1000000' },
    resting: { type: 'string', default: '100000' },
    seed: { type: 'string', default: '42' },
  },
});

interface Result extends LatencyStats {
  name: string;
  opsPerSec: number;
  restingOrders: number | null;
  /** The longest garbage-collection pause during the latency pass. */
  maxGcPauseMs: number;
}

function throughput(subject: Subject, workload: Workload, n = workload.measured.length): number {
  const { run } = subject.prepare(workload.prefill, workload.measured);
  const start = performance.now();
  for (let i = 0; i < n; i++) run(i);
  return n / ((performance.now() - start) / 1000);
}

/** The longest garbage-collection pause seen while `fn` runs, in milliseconds. */
async function longestGc<T>(fn: () => T): Promise<{ result: T; maxGcMs: number }> {
  let maxGcMs = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) maxGcMs = Math.max(maxGcMs, entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  const result = fn();
  // GC entries are delivered asynchronously.
  await new Promise((r) => setTimeout(r, 50));
  observer.disconnect();
  return { result, maxGcMs: round(maxGcMs) };
}

function latency(subject: Subject, workload: Workload): LatencyStats & { resting: number | null } {
  const { run, resting } = subject.prepare(workload.prefill, workload.measured);
  const n = workload.measured.length;
  const samples = new Float64Array(n);
  let before = performance.now();
  for (let i = 0; i < n; i++) {
    run(i);
    const after = performance.now();
    samples[i] = after - before;
    before = after;
  }
  return { ...latencyStats(samples), resting: resting() };
}

async function measure(subject: Subject, workload: Workload): Promise<Result> {
  throughput(subject, workload, workload.measured.length / 5); // warm-up: lets the JIT settle
  const opsPerSec = throughput(subject, workload);
  const { result, maxGcMs } = await longestGc(() => latency(subject, workload));
  const { resting, ...stats } = result;
  return {
    name: subject.name,
    opsPerSec: Math.round(opsPerSec),
    restingOrders: resting,
    maxGcPauseMs: maxGcMs,
    ...stats,
  };
}

const workload = generateWorkload({
  seed: Number(values.seed),
  operations: Number(values.ops),
  resting: Number(values.resting),
});
const counts = { limit: 0, cancel: 0, market: 0, ioc: 0 };
for (const c of workload.measured) {
  if (c.type === 'cancel') counts.cancel++;
  else if (c.type === 'market') counts.market++;
  else if (c.type === 'limit') counts[c.tif === 'IOC' ? 'ioc' : 'limit']++;
}
const share = (k: number) => `${((100 * k) / workload.measured.length).toFixed(1)}%`;
console.log(
  `workload: ${workload.prefill.length} resting orders placed first, then ${workload.measured.length} operations: ` +
    `${share(counts.limit)} passive limits, ${share(counts.cancel)} cancels, ` +
    `${share(counts.ioc + counts.market)} crossing (IOC limits ${share(counts.ioc)}, markets ${share(counts.market)})`,
);

const results = [await measure(ours, workload), await measure(baseline, workload)];
for (const r of results) {
  console.log(
    `${r.name.padEnd(18)} ${r.opsPerSec.toLocaleString('en-US').padStart(11)} ops/s   p50 ${r.p50us} µs   ` +
      `p99 ${r.p99us} µs   p99.9 ${r.p999us} µs   longest operation ${r.maxPauseMs} ms (GC pause ${r.maxGcPauseMs} ms)` +
      (r.restingOrders === null ? '' : `   resting at end ${r.restingOrders}`),
  );
}
const [engine, base] = results as [Result, Result];
const ratio = round(engine.opsPerSec / base.opsPerSec, 2);
console.log(`ratio: ${ratio}x nodejs-order-book`);
if (values.json) {
  console.log(
    JSON.stringify({
      opsPerSec: engine.opsPerSec,
      baselineOpsPerSec: base.opsPerSec,
      ratio,
      p50us: engine.p50us,
      p99us: engine.p99us,
      p999us: engine.p999us,
      maxPauseMs: engine.maxPauseMs,
      maxGcPauseMs: engine.maxGcPauseMs,
      restingOrders: engine.restingOrders,
    }),
  );
}
