import { loadConfig, type Config } from '../config/env.js';
import { connectDatabase, databaseTarget } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { auditLedger, type LedgerAudit } from '../modules/audit/service.js';
import { callServer } from './ops-call.js';

/** Asks the running server (it holds the embedded database); null when none answers. */
async function fromServer(config: Config): Promise<LedgerAudit | null> {
  const res = await callServer(config, '/audit/ledger');
  return res && ((await res.json()) as LedgerAudit);
}

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
  const audit = config.databaseUrl
    ? await fromDatabase(config)
    : ((await fromServer(config)) ?? (await fromDatabase(config)));
  report(audit);
  return audit.ok ? 0 : 1;
}

// Whatever this run creates in DATA_DIR (the embedded database's files) is owner-only.
process.umask(0o077);
process.exitCode = await main();
