/**
 * The passphrase `npm run backup` seals with and `npm run restore` opens with, from
 * BACKUP_PASSPHRASE (a secret store, a CI secret); null: it is typed at a prompt.
 */
export function backupPassphrase(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.BACKUP_PASSPHRASE || null;
}
