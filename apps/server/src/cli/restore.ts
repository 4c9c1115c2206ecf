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
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { 'data-only': { type: 'boolean', default: false } },
  });
  const [given] = positionals;
  if (positionals.length !== 1 || !given) {
    console.error('Give the backup file: npm run restore -- [--data-only] FILE');
    return 2;
  }
  const file = await fs.readFile(callerPath(given));
  const { header } = readArchiveHeader(file);
  console.log(
    `backup of ${header.database}, began ${header.createdAt}, migration ${header.migration}`,
  );
  const config = loadConfig();
  const passphrase = backupPassphrase() ?? (await readPassword(process.stdin, 'Backup passphrase'));
  const started = performance.now();
  const dataOnly = values['data-only'];
  const restored = await restoreBackup(config, file, passphrase, dataOnly);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const into = config.databaseUrl && !dataOnly ? 'the database at DATABASE_URL and ' : '';
  const orders = restored.database ? `${restored.database.orders} orders, ` : '';
  console.log(
    `restored into ${into}${config.dataDir}: ${orders}${restored.files} data files, took ${seconds} s`,
  );
  if (!restored.database) return 0;
  if (!restored.database.audit.ok) {
    for (const v of restored.database.audit.violations) console.error(`VIOLATION ${v}`);
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
