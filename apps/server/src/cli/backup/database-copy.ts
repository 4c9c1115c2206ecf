import { spawn } from 'node:child_process';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '../../config/env.js';
import { connectDatabase, latestMigration } from '../../db/connect.js';
import { MIGRATION_HEADER } from '../../modules/ops/routes.js';
import { liveHolder } from '../../lib/data-dir-lock.js';
import { callServer } from '../ops-call.js';

export interface DatabaseCopy {
  data: Buffer;
  migration: string;
}

/** The embedded database's consistent tarball, from the server that holds it, while it serves. */
export async function dumpEmbedded(config: Config): Promise<DatabaseCopy> {
  // The server holding the folder says its port in the folder's lock.
  const port = (await liveHolder(config.dataDir))?.port ?? config.port;
  const res = await callServer({ ...config, port }, '/backup/database', 600_000);
  if (!res)
    throw new Error(
      `No exchange answered on port ${port} with this DATA_DIR's operator token: ` +
        'start it, or give the PORT it runs on (the embedded database is read through it)',
    );
  return {
    data: Buffer.from(await res.arrayBuffer()),
    migration: res.headers.get(MIGRATION_HEADER) ?? 'none',
  };
}

/** `pg_dump --format=custom`: one consistent snapshot, taken as the dump begins. */
export async function dumpPostgres(url: string): Promise<DatabaseCopy> {
  const database = connectDatabase({ url });
  let migration: string;
  try {
    migration = await latestMigration(database.db);
  } finally {
    await database.close();
  }
  const data = await runTool('pg_dump', ['--format=custom'], url);
  return { data, migration };
}

/** Writes the tarball as the embedded database's folder (which must not exist yet). */
export async function restoreEmbedded(pgliteDir: string, tarball: Buffer): Promise<void> {
  const pglite = new PGlite({ dataDir: pgliteDir, loadDataDir: new Blob([tarball]) });
  await pglite.waitReady;
  await pglite.close();
}

/** Restores a custom-format dump in one transaction: it fails whole, leaving the database empty. */
export async function restorePostgres(url: string, dump: Buffer): Promise<void> {
  const options = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error'];
  await runTool('pg_restore', options, url, dump);
}

/** True when the database holds no table, view or sequence of its own. */
export async function isEmptyDatabase(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*) as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname not in ('pg_catalog', 'information_schema') and s.nspname not like 'pg_toast%'
         and c.relkind in ('r', 'v', 'm', 'S', 'p')`,
    );
    return rows[0]?.n === '0';
  } finally {
    await client.end();
  }
}

/**
 * Runs a PostgreSQL client tool on the database at `url`; its stdout, or an error carrying its
 * stderr. The password goes in the tool's environment, never its command line (`ps` shows that).
 */
export function runTool(
  command: string,
  args: string[],
  url: string,
  input?: Buffer,
): Promise<Buffer> {
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, `--dbname=${target.toString()}`], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (e) => reject(new Error(`${command} could not run: ${e.message}`)));
    child.on('close', (code) =>
      code === 0
        ? resolve(Buffer.concat(out))
        : reject(new Error(`${command} failed (${code}): ${Buffer.concat(err).toString().trim()}`)),
    );
    child.stdin.on('error', () => {});
    child.stdin.end(input);
  });
}
