import type pg from 'pg';

/**
 * The advisory lock that names the trading core's writer. PostgreSQL keeps advisory locks per
 * database, so deployments on other databases of the same server never meet it.
 */
const WRITER_LOCK_KEY = '7079658401';

/** Another process's writer holds the lock. */
class WriterLockTaken extends Error {
  constructor() {
    super('The trading core runs in another process on this database');
  }
}

/**
 * How often a standby asks for the lock again: a quarter of a second, so that a standby takes
 * over within the cluster's 5 s (docs/architecture.md, "Roles") with time left to load.
 */
export const STANDBY_RETRY_MS = 250;

/**
 * The trading core is a single writer: it holds the books and balances in memory, so a second
 * process writing to the same database would spend what the first has already spent. The
 * writer's connection holds a PostgreSQL session advisory lock, taken when the connection opens
 * (`onConnect`, before pg-pool hands it out): every write of the core goes through that one
 * connection, so a write can only land while its session holds the lock.
 *
 * A process that finds the lock held waits as a standby (`hold`), asking again every
 * `STANDBY_RETRY_MS`; when the holder stops, its session ends, PostgreSQL frees the lock, and
 * the standby takes over and loads the core from the database. Once the lock was held, losing
 * the connection loses the lock: the writer never reconnects (another process may have taken
 * over), and `onLost` tells the process to stop.
 */
export class WriterLock {
  private lost: Error | null = null;
  private closing = false;
  private readonly lostListeners: ((error: Error) => void)[] = [];

  /** pg-pool's `onConnect` for the writer's pool (of one connection, never closed when idle). */
  readonly onConnect = async (client: pg.ClientBase): Promise<void> => {
    if (this.lost) throw this.lost;
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1::bigint) as locked',
      [WRITER_LOCK_KEY],
    );
    if (!rows[0]?.locked) throw new WriterLockTaken();
    client.once('error', (err: Error) => this.lose(err));
    client.once('end', () => this.lose(new Error('The writer connection ended')));
  };

  /**
   * Resolves once this process holds the lock; `onWait` is called once if it must wait. `open`
   * opens the writer's connection (a query through its pool).
   */
  async hold(open: () => Promise<unknown>, onWait: () => void): Promise<void> {
    let waited = false;
    for (;;) {
      if (this.closing)
        throw new Error('The database was closed while waiting for the writer lock');
      try {
        await open();
        return;
      } catch (err) {
        if (!(err instanceof WriterLockTaken)) throw err;
        if (!waited) onWait();
        waited = true;
        await new Promise((resolve) => setTimeout(resolve, STANDBY_RETRY_MS));
      }
    }
  }

  onLost(listener: (error: Error) => void): void {
    if (this.lost) listener(this.lost);
    else this.lostListeners.push(listener);
  }

  /** Before the writer's pool ends: its connection's end is then no loss. */
  close(): void {
    this.closing = true;
  }

  private lose(cause: Error): void {
    if (this.closing || this.lost) return;
    this.lost = new Error('The trading core lost its writer lock', { cause });
    for (const listener of this.lostListeners.splice(0)) listener(this.lost);
  }
}
