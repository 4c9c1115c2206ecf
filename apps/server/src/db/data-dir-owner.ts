import { lockDataDir, type DataDirLock } from '../lib/data-dir-lock.js';

/** What a process refused at a busy data folder should do instead. */
export const INSTEAD = {
  server:
    'Stop that server first (kill -TERM <PID>, it releases the folder on exit), or give this one ' +
    'a DATA_DIR of its own. npm run audit:ledger and npm run admin work while it runs (they ask ' +
    'it over /api/v1/ops).',
  tool:
    'Run this again once that process has finished or its server answers on its port ' +
    '(tools ask a running server over /api/v1/ops), or stop it first.',
} as const;

/**
 * One process owns the embedded database's folder: the server for as long as it runs, or a
 * command-line tool for as long as it has the files open (`lib/data-dir-lock.ts`). On PostgreSQL
 * (`DATABASE_URL`) there is nothing to lock: the database server admits many processes, the
 * trading core's writer lock (`writer-lock.ts`) keeps one writer, and the members of a cluster,
 * like a standby started beside its server, legitimately share one DATA_DIR's secrets (each is
 * created once, whole, by `loadOrCreateSecretFile`). Null then.
 */
export async function ownEmbeddedDatabase(
  config: { dataDir: string; databaseUrl: string | null },
  who: { command: string; port: number | null; instead: string },
): Promise<DataDirLock | null> {
  if (config.databaseUrl) return null;
  return lockDataDir(config.dataDir, who);
}
