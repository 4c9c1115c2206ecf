import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Kysely } from 'kysely';
import { connectDatabase } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import type { Database } from '../db/schema.js';

const MIGRATIONS = path.join(import.meta.dirname, '../db/migrations');

/** A hash of the migrations' names and texts: an image made by other migrations is not used. */
async function migrationsKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const name of (await fs.readdir(MIGRATIONS)).sort())
    hash.update(name).update(await fs.readFile(path.join(MIGRATIONS, name)));
  return hash.digest('hex').slice(0, 16);
}

/**
 * A migrated PGlite's data folder as a tarball, for tests to start their in-memory databases
 * from (`connectDatabase({ pgliteDir: null, from })`). Making a PGlite runs its initdb, many
 * seconds on this machine, and the migrations a few more; loading an image takes about two. The
 * first file to ask makes it and keeps it in the temp folder, named by `name` and a hash of the
 * migrations, so every later file of every run loads it until a migration changes. `prepare`
 * runs after the migrations (the unit specs' image lists the rupee, as `buildApp` would).
 */
export async function pgliteImage(
  name: string,
  prepare: (db: Kysely<Database>) => Promise<unknown> = async () => {},
): Promise<Blob> {
  const saved = path.join(os.tmpdir(), `exchange-${name}-db-${await migrationsKey()}.tar`);
  const kept = await fs.readFile(saved).catch(() => null);
  if (kept) return new Blob([kept]);
  const handle = connectDatabase({ pgliteDir: null });
  try {
    await migrateToLatest(handle.db);
    await prepare(handle.db);
    const dump = await handle.dumpDataDir?.();
    if (!dump) throw new Error('PGlite made no image of its data folder');
    const tarball = gunzipSync(dump.tarball);
    // Written aside and renamed: a file running at the same time reads a whole image or none.
    const partial = `${saved}.${process.pid}`;
    await fs.writeFile(partial, tarball);
    await fs.rename(partial, saved);
    return new Blob([tarball]);
  } finally {
    await handle.close();
  }
}
