import { loadConfig, type Config } from '../config/env.js';
import { connectDatabase, databaseTarget } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { auditLedger, type LedgerAudit } from '../modules/audit/service.js';
import { failed, onDataDir } from './data-dir-access.js';

async function fromDatabase(config: Config): Promise<LedgerAudit> {
  const database = connectDatabase(databaseTarget(config));
  try {
    await migrateToLatest(database.db);
    return await auditLedger(database.db);
  } finally {
    await database.close();
  }
}

function report(audit: LedgerAudit): void {
  console.table(audit.totals);
  if (audit.ok)
    console.log(
      'ledger audit passed: every transaction balances, every balance equals its entries',
    );
  else for (const v of audit.violations) console.error(`VIOLATION ${v}`);
}

/** npm run audit:ledger — exits 1 on any violation. */
async function main(): Promise<number> {
  const config = loadConfig();
  // The running server holds the embedded database: it runs the audit (review ops-4 §3).
  const audit = await onDataDir(config, 'audit:ledger', {
    viaServer: (call) => call<LedgerAudit>('/audit/ledger'),
    viaFiles: () => fromDatabase(config),
  });
  report(audit);
  return audit.ok ? 0 : 1;
}

// Whatever this run creates in DATA_DIR (the embedded database's files) is owner-only.
process.umask(0o077);
process.exitCode = await main().catch(failed);
