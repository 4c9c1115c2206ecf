import path from 'node:path';

/**
 * Review L13: the identity key (PAN and TOTP-secret encryption, Aadhaar and PAN hashes, identity
 * images) must not sit beside the database, where one backup or one copied folder holds both. In
 * production it comes from `IDENTITY_KEY_FILE`, a path outside `DATA_DIR`; elsewhere that is
 * optional and the key is generated in `DATA_DIR/identity-key`.
 */
export function identityKeyFileOf(
  env: NodeJS.ProcessEnv,
  cwd: string,
  dataDir: string,
  production: boolean,
): string | null {
  if (!env.IDENTITY_KEY_FILE) {
    if (production)
      throw new Error(
        'IDENTITY_KEY_FILE is required in production: the identity key kept apart from DATA_DIR and its backups',
      );
    return null;
  }
  const file = path.resolve(cwd, env.IDENTITY_KEY_FILE);
  const inside = path.relative(dataDir, file);
  if (production && !inside.startsWith('..') && !path.isAbsolute(inside))
    throw new Error(
      'IDENTITY_KEY_FILE must be outside DATA_DIR, so a backup of the data holds no key',
    );
  return file;
}
