import type { PoolReading } from '../lib/metrics.js';

/** The part of a `pg` pool Kysely uses, and the counts it keeps. */
interface PgPool<C> {
  connect(): Promise<C>;
  end(): Promise<void>;
  totalCount: number;
  idleCount: number;
  waitingCount: number;
}

/**
 * How a database handle's connection pools stand (metrics: in use, idle, waiting) and how long
 * each query waited for its connection. The handle's pools report here; the process's metrics
 * read it at each scrape and hear each wait (`onWait`).
 */
export class PoolWatch {
  private readonly pools = new Map<string, () => Omit<PoolReading, 'pool'>>();
  private listener: ((pool: string, seconds: number) => void) | null = null;

  add(pool: string, read: () => Omit<PoolReading, 'pool'>): void {
    this.pools.set(pool, read);
  }

  readings(): PoolReading[] {
    return [...this.pools].map(([pool, read]) => ({ pool, ...read() }));
  }

  /** Each wait for a connection from now on, in seconds. */
  onWait(listener: (pool: string, seconds: number) => void): void {
    this.listener = listener;
  }

  waited(pool: string, startedMs: number): void {
    this.listener?.(pool, (performance.now() - startedMs) / 1000);
  }

  /** A `pg` pool as Kysely sees it, each connect timed, its counts read under `name`. */
  timedPg<C>(name: string, pool: PgPool<C>): { connect(): Promise<C>; end(): Promise<void> } {
    this.add(name, () => ({
      inUse: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }));
    return {
      connect: async () => {
        const started = performance.now();
        const client = await pool.connect();
        this.waited(name, started);
        return client;
      },
      end: () => pool.end(),
    };
  }
}
