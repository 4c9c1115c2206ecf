import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DbKind = 'postgres' | 'pglite';

export interface DatabaseHandle {
  db: Db;
  kind: DbKind;
  close(): Promise<void>;
}

export type DatabaseTarget = { url: string } | { pgliteDir: string | null };

/** `DATABASE_URL` set: PostgreSQL; unset: PGlite under `DATA_DIR`. */
export function databaseTarget(config: {
  databaseUrl: string | null;
  dataDir: string;
}): DatabaseTarget {
  return config.databaseUrl
    ? { url: config.databaseUrl }
    : { pgliteDir: path.join(config.dataDir, 'pglite') };
}

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
      types: {
        getTypeParser: ((oid: number, format?: 'text') =>
          oid === DATE ? (v: string) => v : pg.types.getTypeParser(oid, format)) as never,
      },
    });
    // An idle client's error (server restart, database dropped) must not crash the process;
    // the next query reconnects or fails on its own.
    pool.on('error', () => {});
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  if (target.pgliteDir) fs.mkdirSync(path.dirname(target.pgliteDir), { recursive: true });
  // One options object: PGlite ignores the options argument when the data dir is undefined.
  const pglite = new PGlite({
    ...(target.pgliteDir ? { dataDir: target.pgliteDir } : {}),
    parsers: { [INT8]: (v: string) => v, [DATE]: (v: string) => v },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', close: () => db.destroy() };
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
