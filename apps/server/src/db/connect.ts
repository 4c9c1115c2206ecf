import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { type CompiledQuery, Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';
import { PoolWatch } from './pool-watch.js';
import { WriterLock } from './writer-lock.js';

export type Db = Kysely<Database>;
export type DbKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  /**
   * The trading core's writes. On PostgreSQL the writer's own connection, which holds the
   * writer lock (`writer-lock.ts`); on PGlite, `db` (the embedded database has one process).
   */
  writerDb: Db;
  /**
   * Resolves once this handle may write as the trading core: on PostgreSQL once the writer lock
   * is held, `onWait` called once if another process holds it; on PGlite at once.
   */
  holdWriterLock(onWait: () => void): Promise<void>;
  /** Called once if the writer's connection, and with it the lock, is lost (PostgreSQL). */
  onWriterLost(listener: (error: Error) => void): void;
  /**
   * Runs a statement whose text never changes as a named prepared statement: PostgreSQL parses
   * it once per connection instead of on every run. PGlite runs it as it is.
   */
  runPrepared(name: string, query: CompiledQuery): Promise<void>;
  /**
   * PGlite: a consistent gzipped tarball of its data folder, taken between transactions, with
   * the newest migration applied (`npm run backup` through modules/ops). Null on PostgreSQL,
   * which `pg_dump` backs up from outside.
   */
  dumpDataDir: (() => Promise<{ tarball: Buffer; migration: string }>) | null;
  /** The connection pools' counts and waits (metrics). */
  pools: PoolWatch;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { url: string }
  /** `from`: a data folder's tarball to start from (`dumpDataDir`, unzipped; unit tests). */
  | { pgliteDir: string | null; from?: Blob };

/** `DATABASE_URL` set: PostgreSQL; unset: PGlite under `DATA_DIR`. */
export function databaseTarget(config: {
  databaseUrl: string | null;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { url: config.databaseUrl }
    : { pgliteDir: path.join(config.dataDir, 'pglite') };
}

const gzip = promisify(zlib.gzip);
const INT8 = 20;
const DATE = 1082;

/**
 * Both drivers return the same JavaScript types: int8 and numeric as strings (exact),
 * dates as 'YYYY-MM-DD', timestamps as Date.
 */
export function connectDatabase(target: DatabaseTarget): DatabaseHandle {
  if ('url' in target) {
    const pool = new pg.Pool({
      connectionString: target.url,
      max: 10,
      // Prepared statements are still planned for their values on every run: a generic plan
      // guesses row counts for array parameters and chose worse joins for the hot path.
      options: '-c plan_cache_mode=force_custom_plan',
      types: {
        getTypeParser: ((oid: number, format?: 'text') =>
          oid === DATE ? (v: string) => v : pg.types.getTypeParser(oid, format)) as never,
      },
    });
    // An idle client's error (server restart, database dropped) must not crash the process;
    // the next query reconnects or fails on its own.
    pool.on('error', () => {});
    const pools = new PoolWatch();
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: pools.timedPg('main', pool) }),
    });
    // The core's writes on a connection of their own, which holds the writer lock while it
    // lives (so it is never closed for being idle). The hot path's statement is planned once:
    // it only ever reaches rows by their keys, so the plan is told to (no sequential scan) and
    // stays right however the tables grow, where planning it for every batch cost 0.4-0.8 ms of
    // the commit.
    const lock = new WriterLock();
    const writer = new pg.Pool({
      connectionString: target.url,
      max: 1,
      idleTimeoutMillis: 0,
      application_name: 'exchange-writer',
      options: '-c plan_cache_mode=force_generic_plan -c enable_seqscan=off',
      onConnect: lock.onConnect,
    });
    writer.on('error', () => {});
    const writerDb = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: pools.timedPg('writer', writer) }),
    });
    const runPrepared = async (name: string, query: CompiledQuery) => {
      await writer.query({ name, text: query.sql, values: query.parameters as unknown[] });
    };
    const close = async () => {
      lock.close();
      await db.destroy();
      await writerDb.destroy();
      // Kysely ends a pool only once it ran a query through it: a writer that only took the lock
      // (no trade yet) would keep its connection, and the lock, after closing.
      if (!writer.ending) await writer.end();
    };
    return {
      db,
      kind: 'postgres',
      writerDb,
      holdWriterLock: (onWait) => lock.hold(() => writer.query('select 1'), onWait),
      onWriterLost: (listener) => lock.onLost(listener),
      runPrepared,
      dumpDataDir: null,
      pools,
      close,
    };
  }
  if (target.pgliteDir)
    fs.mkdirSync(path.dirname(target.pgliteDir), { recursive: true, mode: 0o700 });
  // One options object: PGlite ignores the options argument when the data dir is undefined.
  const pglite = new PGlite({
    ...(target.pgliteDir ? { dataDir: target.pgliteDir } : {}),
    ...(target.from ? { loadDataDir: target.from } : {}),
    parsers: { [INT8]: (v: string) => v, [DATE]: (v: string) => v },
  });
  const pools = new PoolWatch();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite, pools) });
  const runPrepared = async (_name: string, query: CompiledQuery) => {
    await db.executeQuery(query);
  };
  return {
    db,
    kind: 'pglite',
    writerDb: db,
    holdWriterLock: async () => {},
    onWriterLost: () => {},
    runPrepared,
    // Holding PGlite's one connection: no transaction is open while the files are read.
    // Compressed after the connection is free again: the writer waits for the copy only.
    dumpDataDir: async () => {
      const { tar, migration } = await db.connection().execute(async (conn) => {
        await sql`checkpoint`.execute(conn);
        const migration = await latestMigration(conn);
        return { tar: await (await pglite.dumpDataDir('none')).arrayBuffer(), migration };
      });
      return { tarball: await gzip(new Uint8Array(tar)), migration };
    },
    pools,
    close: () => db.destroy(),
  };
}

/** The newest migration applied: what a backup's header records. */
export async function latestMigration(db: Db): Promise<string> {
  const { rows } = await sql<{
    name: string;
  }>`select name from kysely_migration order by name desc limit 1`.execute(db);
  return rows[0]?.name ?? 'none';
}

/** Health probe: one round trip. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
