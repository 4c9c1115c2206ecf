/**
 * The client side every feed bench shares: `clients` sockets in `processes` forked copies of the
 * bench's own file (one thread decoding thousands of sockets' messages would measure itself),
 * each told its share through the environment variable `role` as `target count`. A process
 * answers `{ ready }` once its sockets are subscribed, `start`s and `stop`s counting on command,
 * and answers its result.
 */
import { type ChildProcess, fork } from 'node:child_process';

export interface ClientProcesses<Result> {
  /** Sockets connected and subscribed, summed over the processes. */
  ready: number;
  /** Starts counting in every process; resolves with their results once stopped. */
  start(): Promise<Result[]>;
  stop(): void;
  kill(): void;
}

export async function forkClients<Result>(
  file: string,
  role: string,
  target: string,
  clients: number,
  processes: number,
): Promise<ClientProcesses<Result>> {
  const workers = Array.from({ length: processes }, (_, i) => {
    const count = Math.floor(clients / processes) + (i < clients % processes ? 1 : 0);
    return fork(file, [], {
      env: { ...process.env, [role]: `${target} ${count}` },
      execArgv: ['--conditions=source', '--import', 'tsx'],
      serialization: 'advanced',
    });
  });
  const next = (w: ChildProcess) =>
    new Promise<unknown>((resolve, reject) => {
      w.once('message', resolve);
      w.once('exit', (code) => reject(new Error(`client process exited with ${code}`)));
    });
  const ready = (await Promise.all(workers.map(next))) as { ready: number }[];
  return {
    ready: ready.reduce((n, r) => n + r.ready, 0),
    start: () => {
      const results = Promise.all(workers.map(next)) as Promise<Result[]>;
      for (const w of workers) w.send('start');
      return results;
    },
    stop: () => {
      for (const w of workers) w.send('stop');
    },
    kill: () => {
      for (const w of workers) w.kill();
    },
  };
}

/** What every client process counts while measuring; each bench's result adds to it. */
export interface CountedResult {
  messages: number;
  events: Record<string, number>;
  /** Delivery lags and trade lags, ms. */
  lags: Float64Array;
  tradeLags: Float64Array;
  /** Breaks in a book's sequence. */
  gaps: number;
  /** CPU seconds the client process spent while measuring. */
  cpuSeconds: number;
}

/** The processes' counts of events by kind, summed. */
export function sumEvents(parts: readonly { events: Record<string, number> }[]) {
  const events: Record<string, number> = {};
  for (const p of parts)
    for (const [k, v] of Object.entries(p.events)) events[k] = (events[k] ?? 0) + v;
  return events;
}
