import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config/env.js';
import { connectDatabase, databaseTarget } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import { INSTEAD, ownEmbeddedDatabase } from '../../db/data-dir-owner.js';
import { migrations } from '../../db/migrations/index.js';
import { readSecretFile } from '../../lib/secrets.js';
import {
  openArchive,
  sealArchive,
  DEFAULT_COST,
  type ArchiveEntry,
  type ArchiveHeader,
} from '../../lib/sealed-archive.js';
import { auditLedger, type LedgerAudit } from '../../modules/audit/service.js';
import { isEmptyDir, readDataFiles, writeDataFiles } from './data-files.js';
import {
  dumpEmbedded,
  dumpPostgres,
  isEmptyDatabase,
  restoreEmbedded,
  restorePostgres,
} from './database-copy.js';
import { restoreRefusal } from './restore-rules.js';

const DATABASE_ENTRY = 'database';

/**
 * A backup of the running exchange: the database (PGlite's tarball through the server, or
 * `pg_dump`), then DATA_DIR's files (read after the database, so every file the database names
 * is there), sealed with the passphrase. An identity key kept apart (IDENTITY_KEY_FILE) stays
 * apart: the header holds only its fingerprint.
 */
export async function takeBackup(
  config: Config,
  passphrase: string,
  cost = DEFAULT_COST,
): Promise<{ file: Buffer; header: ArchiveHeader }> {
  const createdAt = new Date().toISOString();
  const copy = config.databaseUrl
    ? await dumpPostgres(config.databaseUrl)
    : await dumpEmbedded(config);
  const files = await readDataFiles(config.dataDir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const header: ArchiveHeader = {
    format: 'exchange-backup',
    version: 1,
    database: config.databaseUrl ? 'postgres' : 'pglite',
    createdAt,
    migration: copy.migration,
    identityKeyFingerprint: await keptApartFingerprint(config),
  };
  const entries = [{ name: DATABASE_ENTRY, data: copy.data }, ...files];
  return { file: await sealArchive(header, entries, passphrase, cost), header };
}

/** SHA-256 of the identity key when it lives outside DATA_DIR (so outside the backup). */
async function keptApartFingerprint(config: Config): Promise<string | null> {
  const file = config.identityKeyFile;
  if (!file || !path.relative(config.dataDir, file).startsWith('..')) return null;
  const key = await readSecretFile(file);
  return key && createHash('sha256').update(key).digest('hex');
}

export interface Restored {
  header: ArchiveHeader;
  files: number;
  /** Null when only DATA_DIR's files were restored. */
  database: { orders: number; audit: LedgerAudit } | null;
}

/**
 * Restores a backup into this config's empty DATA_DIR and empty database; refuses (having
 * written nothing) anything else. The restored database is then migrated and audited, as the
 * server's start would. `dataOnly`: DATA_DIR's files alone, beside a database recovered
 * otherwise (a point-in-time copy).
 */
export async function restoreBackup(
  config: Config,
  file: Buffer,
  passphrase: string,
  dataOnly = false,
): Promise<Restored> {
  const { header, entries } = await openArchive(file, passphrase);
  const database = entries.find((e) => e.name === DATABASE_ENTRY);
  if (!database) throw new Error('The backup holds no database');
  const url = dataOnly ? null : config.databaseUrl;
  const existed = await fs.stat(config.dataDir).then(
    () => true,
    () => false,
  );
  // The folder is the restore's while it writes: a server started meanwhile is refused.
  const lock = await ownEmbeddedDatabase(
    { dataDir: config.dataDir, databaseUrl: url },
    { command: 'restore', port: null, instead: INSTEAD.tool },
  );
  try {
    return await restoreLocked(config, { header, entries, database, url, dataOnly, existed });
  } finally {
    lock?.release();
  }
}

async function restoreLocked(
  config: Config,
  r: {
    header: ArchiveHeader;
    entries: ArchiveEntry[];
    database: ArchiveEntry;
    url: string | null;
    dataOnly: boolean;
    existed: boolean;
  },
): Promise<Restored> {
  const { header, entries, database, url, dataOnly } = r;
  const refusal = restoreRefusal(header, {
    database: dataOnly ? header.database : url ? 'postgres' : 'pglite',
    newestMigration: Object.keys(migrations).sort().at(-1) ?? '',
    identityKeyFingerprint: await keptApartFingerprint(config),
    dataDirEmpty: await isEmptyDir(config.dataDir),
    databaseEmpty: url ? await isEmptyDatabase(url) : true,
  });
  if (refusal) {
    // Nothing written: not even the folder the lock made.
    if (!r.existed) await fs.rm(config.dataDir, { recursive: true, force: true });
    throw new Error(refusal);
  }

  await fs.mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  if (url) await restorePostgres(url, database.data);
  else if (!dataOnly) await restoreEmbedded(path.join(config.dataDir, 'pglite'), database.data);
  const files = await writeDataFiles(config.dataDir, entries);
  return { header, files, database: dataOnly ? null : await checkRestored(config) };
}

/** The restored database migrated (as the server's start would) and audited. */
async function checkRestored(config: Config): Promise<NonNullable<Restored['database']>> {
  const restored = connectDatabase(databaseTarget(config));
  try {
    await migrateToLatest(restored.db);
    const orders = await restored.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    return { orders: Number(orders.n), audit: await auditLedger(restored.db) };
  } finally {
    await restored.close();
  }
}
