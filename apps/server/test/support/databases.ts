import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectDatabase, type DatabaseHandle, type DbKind } from '../../src/db/connect.js';
import { pgliteImage } from '../../src/testing/pglite-image.js';

const postgresUrl = process.env.TEST_DATABASE_URL;

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const BACKENDS: DbKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A database of its own for one test file: in-memory PGlite, started from a migrated image (an
 * app on it finds its migrations applied), or a fresh PostgreSQL database that is dropped on
 * close, so parallel files never collide.
 */
export async function openTestDatabase(kind: DbKind): Promise<DatabaseHandle & { url?: string }> {
  if (kind === 'pglite' || !postgresUrl)
    return connectDatabase({ pgliteDir: null, from: await pgliteImage('migrated') });
  const name = `test_${randomBytes(6).toString('hex')}`;
  await admin(postgresUrl, `create database ${name}`);
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const handle = connectDatabase({ url: url.toString() });
  return {
    ...handle,
    url: url.toString(),
    close: async () => {
      await handle.close();
      await admin(postgresUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function admin(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
