import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { backupPassphrase, callerPath } from '../config/backup-config.js';
import { loadConfig } from '../config/env.js';
import { readArchiveHeader } from '../lib/sealed-archive.js';
import { restoreBackup } from './backup/backup-files.js';
import { readPassword } from './read-password.js';

/**
 * npm run restore -- FILE: a backup into an empty DATA_DIR (and, for PostgreSQL, an empty
 * database at DATABASE_URL); anything else is refused with nothing written. The restored ledger
 * is audited; exits 1 on a refusal or a failed audit.
 */
async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) {
    console.error('Give the backup file: npm run restore -- FILE');
    return 2;
  }
  const file = await fs.readFile(callerPath(positionals[0]!));
  const { header } = readArchiveHeader(file);
  console.log(
    `backup of ${header.database}, began ${header.createdAt}, migration ${header.migration}`,
  );
  const config = loadConfig();
  const passphrase = backupPassphrase() ?? (await readPassword(process.stdin, 'Backup passphrase'));
  const started = performance.now();
  const restored = await restoreBackup(config, file, passphrase);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `restored into ${config.databaseUrl ? 'the database at DATABASE_URL and ' : ''}${config.dataDir}: ` +
      `${restored.orders} orders, ${restored.files} data files, took ${seconds} s`,
  );
  if (!restored.audit.ok) {
    for (const v of restored.audit.violations) console.error(`VIOLATION ${v}`);
    return 1;
  }
  console.log('ledger audit passed: every transaction balances, every balance equals its entries');
  return 0;
}

process.umask(0o077);
process.exitCode = await main().catch((err: Error) => {
  console.error(`restore stopped: ${err.message}`);
  return 1;
});
