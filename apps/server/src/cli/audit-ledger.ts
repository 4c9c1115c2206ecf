import path from 'node:path';
import fs from 'node:fs/promises';
import { loadConfig, type Config } from '../config/env.js';
import { connectDatabase, databaseTarget } from '../db/connect.js';
import { migrateToLatest } from '../db/migrate.js';
import { OPS_TOKEN_PATH } from '../lib/secrets.js';
import { auditLedger, type LedgerAudit } from '../modules/audit/service.js';
import { OPS_TOKEN_HEADER } from '../modules/ops/routes.js';

/** Asks the running server (it holds the embedded database); null when none answers. */
async function fromServer(config: Config): Promise<LedgerAudit | null> {
  const token = await fs
    .readFile(path.join(config.dataDir, ...OPS_TOKEN_PATH), 'utf8')
    .catch(() => null);
  if (token === null) return null;
  try {
    const res = await fetch(`http://127.0.0.1:${config.port}/api/v1/ops/audit/ledger`, {
      headers: { [OPS_TOKEN_HEADER]: token.trim() },
      signal: AbortSignal.timeout(60_000),
    });
    if (!res.ok) throw new Error(`the server answered ${res.status}`);
    return (await res.json()) as LedgerAudit;
  } catch (err) {
    if ((err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED') return null;
    throw err;
  }
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
