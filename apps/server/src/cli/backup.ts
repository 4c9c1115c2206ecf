import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { backupPassphrase, callerPath } from '../config/backup-config.js';
import { loadConfig } from '../config/env.js';
import { takeBackup } from './backup/backup-files.js';
import { passphraseRefusal } from './backup/restore-rules.js';
import { readPassword } from './read-password.js';

/**
 * npm run backup -- --out FILE: a consistent backup of the running exchange (README, "Backup and
 * restore"), sealed with the passphrase from BACKUP_PASSPHRASE or typed at the prompt.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  if (!values.out) {
    console.error('Give the file to write: npm run backup -- --out FILE');
    return 2;
  }
  const out = callerPath(values.out);
  const config = loadConfig();
  const passphrase = backupPassphrase() ?? (await readPassword(process.stdin, 'Backup passphrase'));
  const refusal = passphraseRefusal(passphrase);
  if (refusal) {
    console.error(refusal);
    return 2;
  }
  const started = performance.now();
  const { file, header } = await takeBackup(config, passphrase);
  // Written whole under another name, then linked into place: never a half file, never over one.
  const partial = `${out}.partial`;
  await fs.writeFile(partial, file, { mode: 0o600, flag: 'wx' });
  try {
    await fs.link(partial, out);
  } finally {
    await fs.rm(partial, { force: true });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const mb = (file.length / 2 ** 20).toFixed(1);
  console.log(
    `backup written: ${out} (${mb} MiB, ${header.database}, migration ${header.migration}, ` +
      `began ${header.createdAt}, took ${seconds} s)`,
  );
  return 0;
}

process.umask(0o077);
process.exitCode = await main().catch((err: Error) => {
  console.error(`backup failed: ${err.message}`);
  return 1;
});
