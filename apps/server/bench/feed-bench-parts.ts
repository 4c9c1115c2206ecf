/**
 * What the feed benchmarks share (bench:feed over Socket.IO, bench:binance-streams over Binance's
 * streams): the server in its own process, an order flow that trades, and latency summaries.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import readline from 'node:readline';
import { SERVER_NODE_FLAGS } from '../src/config/node-flags.js';
import { percentile } from './latency.js';

/** Lags in ms, kept only while measuring. */
export class Samples {
  private list: number[] = [];
  on = false;
  add(v: number) {
    if (this.on) this.list.push(v);
  }
  values(): Float64Array {
    return Float64Array.from(this.list);
  }
}

export function summary(parts: Float64Array[]) {
  const sorted = new Float64Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    sorted.set(p, at);
    at += p.length;
  }
  sorted.sort();
  const r = (x: number) => Math.round(x * 10) / 10;
  return {
    count: sorted.length,
    p50: r(percentile(sorted, 0.5)),
    p99: r(percentile(sorted, 0.99)),
    max: r(sorted.at(-1) ?? NaN),
  };
}

export async function startFeedServer() {
  const entry = path.join(import.meta.dirname, 'feed-bench-server.ts');
  // BENCH_CPU_PROF=<dir> writes a CPU profile of the server (bench:profile summarises it).
  const profile = process.env.BENCH_CPU_PROF
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
    : [];
  const args = [...profile, ...SERVER_NODE_FLAGS, '--conditions=source', '--import', 'tsx', entry];
  const child = spawn(process.execPath, args, {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Whatever ends this process ends the server too.
  process.on('exit', () => child.kill('SIGKILL'));
  const lines = readline.createInterface({ input: child.stdout });
  const ready = await new Promise<{ url: string; tokens: string[] }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 120 s')), 120_000);
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as { url: string; tokens: string[] });
    });
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      const kill = setTimeout(() => child.kill('SIGKILL'), 15_000);
      child.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { ...ready, pid: child.pid, stop };
}

/**
 * Crossing limit orders at `rate` a second, open loop (a slow answer does not slow the flow):
 * each tick one trader rests an order and the next takes it.
 */
export function startOrderFlow(url: string, tokens: string[], rate: number, symbol = 'BTCUSDT') {
  let placed = 0;
  let failed = 0;
  const inFlight = new Set<Promise<void>>();
  const place = async (token: string, side: 'buy' | 'sell', price: string) => {
    const res = await fetch(`${url}/api/v1/orders/spot`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({
        symbol,
        order_type: 'limit',
        trade_type: side,
        price,
        volume: '0.001',
      }),
    }).catch(() => null);
    if (res?.ok) placed++;
    else failed++;
    await res?.arrayBuffer();
  };
  const fire = (token: string, side: 'buy' | 'sell', price: string) => {
    const p = place(token, side, price).finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  let n = 0;
  const timer = setInterval(() => {
    if (inFlight.size > 100) return;
    const price = (30000 + ((n * 7) % 40) - 20).toFixed(2);
    const side = n % 2 === 0 ? 'sell' : 'buy';
    fire(tokens[n % tokens.length] as string, side, price);
    fire(tokens[(n + 1) % tokens.length] as string, side === 'sell' ? 'buy' : 'sell', price);
    n++;
  }, 2000 / rate);
  return {
    stats: () => ({ placed, failed }),
    stop: async () => {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}
