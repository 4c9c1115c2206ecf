import type { PGlite } from '@electric-sql/pglite';
import type { PoolWatch } from './pool-watch.js';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely over embedded PGlite. PGlite is one session, so the driver hands out its single
 * connection to one holder at a time: a transaction owns it until commit or rollback. Its one
 * connection is the pool `main` of `watch` (metrics: in use, waiting, each wait).
 */
export class PGliteDialect implements Dialect {
  constructor(
    private readonly pglite: PGlite,
    private readonly watch?: PoolWatch,
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite, this.watch);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  readonly #connection: PGliteConnection;
  #queue: Promise<void> = Promise.resolve();
  #release: (() => void) | null = null;
  #waiting = 0;

  constructor(
    private readonly pglite: PGlite,
    private readonly watch?: PoolWatch,
  ) {
    this.#connection = new PGliteConnection(pglite);
    const inUse = () => (this.#release ? 1 : 0);
    watch?.add('main', () => ({ inUse: inUse(), idle: 1 - inUse(), waiting: this.#waiting }));
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const previous = this.#queue;
    let release!: () => void;
    this.#queue = new Promise((resolve) => (release = resolve));
    const started = performance.now();
    this.#waiting++;
    await previous;
    this.#waiting--;
    this.watch?.waited('main', started);
    this.#release = release;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const mode = [
      settings.isolationLevel && `isolation level ${settings.isolationLevel}`,
      settings.accessMode,
    ].filter(Boolean);
    await conn.executeQuery(CompiledQuery.raw(['start transaction', ...mode].join(' ')));
  }

  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiled.sql, [...compiled.parameters]);
    const changes = ['INSERT', 'UPDATE', 'DELETE', 'MERGE'].includes(commandOf(compiled.sql));
    return {
      rows: result.rows,
      numAffectedRows: changes ? BigInt(result.affectedRows ?? 0) : undefined,
    };
  }

  // eslint-disable-next-line require-yield -- the interface demands a generator
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite dialect does not stream; page the query instead');
  }
}

function commandOf(sqlText: string): string {
  return (sqlText.trimStart().split(/\s/, 1)[0] ?? '').toUpperCase();
}
