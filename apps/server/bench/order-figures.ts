import { startCpuMeter, type CpuSpent } from './cpu-usage.js';
import { ms, percentile } from './latency.js';
import type { LoadResult, Run } from './order-workload.js';

export interface Figures {
  ordersPerSec: number;
  requestsPerSec: number;
  p50ms: number;
  p99ms: number;
  failures: number;
  /** CPU microseconds per call on each side: steadier than throughput on a shared machine. */
  cpuMicrosPerRequest: CpuSpent;
}

/** Runs one workload, counting the CPU each side spends in its measured part only. */
export async function measure(
  serverPid: number | number[] | undefined,
  run: Omit<Run, 'measuring'>,
  load: (run: Run) => Promise<LoadResult>,
): Promise<{ result: LoadResult; figures: Figures }> {
  let meter = startCpuMeter(serverPid);
  const result = await load({ ...run, measuring: () => (meter = startCpuMeter(serverPid)) });
  const spent = meter.stop();
  const calls = result.latencies.length;
  const perCall = (side: keyof CpuSpent) => Math.round((spent[side] * 1e6) / calls);
  return {
    result,
    figures: {
      ordersPerSec: Math.round(result.placed / result.elapsed),
      requestsPerSec: Math.round(calls / result.elapsed),
      p50ms: ms(percentile(result.latencies, 0.5)),
      p99ms: ms(percentile(result.latencies, 0.99)),
      failures: result.failures,
      cpuMicrosPerRequest: {
        server: perCall('server'),
        database: perCall('database'),
        generator: perCall('generator'),
      },
    },
  };
}

/** Two lines a run: throughput and latency, then CPU per call. */
export function describe(name: string, r: LoadResult, f: Figures, clients: number, warmup: number) {
  const cpu = f.cpuMicrosPerRequest;
  return (
    `${name}: ${clients} clients for ${r.elapsed.toFixed(1)} s after ${warmup} s of warm-up: ${r.placed} orders placed (${f.ordersPerSec}/s), ${r.cancelled} cancelled ` +
    `(${r.alreadyFilled} cancels found the order filled), ${f.requestsPerSec} calls/s, ${f.failures} failed; latency p50 ${f.p50ms} ms, p99 ${f.p99ms} ms\n` +
    `  CPU per call: server ${cpu.server} µs, PostgreSQL ${cpu.database} µs, load generator ${cpu.generator} µs`
  );
}
