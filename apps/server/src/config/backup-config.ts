import path from 'node:path';

/**
 * The passphrase `npm run backup` seals with and `npm run restore` opens with, from
 * BACKUP_PASSPHRASE (a secret store, a CI secret); null: it is typed at a prompt.
 */
export function backupPassphrase(env: NodeJS.ProcessEnv = process.env): string | null {
  return env.BACKUP_PASSPHRASE || null;
}

/** A path the operator typed, from where they typed it (npm runs scripts at the repository's root). */
export function callerPath(given: string, env: NodeJS.ProcessEnv = process.env): string {
  return path.resolve(env.INIT_CWD ?? process.cwd(), given);
}
