import type { ArchiveHeader } from '../../lib/sealed-archive.js';

/** A passphrase shorter than this is refused: it is all that stands between a stolen file and the secrets. */
export const MIN_PASSPHRASE = 12;

export function passphraseRefusal(passphrase: string): string | null {
  return [...passphrase].length < MIN_PASSPHRASE
    ? `The backup passphrase must have at least ${MIN_PASSPHRASE} characters`
    : null;
}

export interface RestoreTarget {
  /** The database this run would restore into. */
  database: 'pglite' | 'postgres';
  /** The newest migration this version of the exchange knows. */
  newestMigration: string;
  /** SHA-256 of the identity key at IDENTITY_KEY_FILE; null when none is configured. */
  identityKeyFingerprint: string | null;
  dataDirEmpty: boolean;
  /** PostgreSQL: whether the database holds nothing yet; PGlite: always true (the folder is DATA_DIR's). */
  databaseEmpty: boolean;
}

/** Why this backup may not be restored here (null: it may); checked before anything is written. */
export function restoreRefusal(header: ArchiveHeader, target: RestoreTarget): string | null {
  if (header.database !== target.database)
    return header.database === 'postgres'
      ? 'This backup is of a PostgreSQL database: set DATABASE_URL to an empty database'
      : 'This backup is of the embedded database: unset DATABASE_URL and give an empty DATA_DIR';
  if (header.migration > target.newestMigration)
    return `This backup was made by a newer version of the exchange (migration ${header.migration}): restore it with that version`;
  if (
    header.identityKeyFingerprint &&
    header.identityKeyFingerprint !== target.identityKeyFingerprint
  )
    return target.identityKeyFingerprint
      ? 'IDENTITY_KEY_FILE holds another identity key than the one this backup was made with: give that key (it is kept apart from backups)'
      : 'This backup was made with an identity key kept apart (IDENTITY_KEY_FILE): set IDENTITY_KEY_FILE to that key';
  if (!target.dataDirEmpty)
    return 'DATA_DIR is not empty: restore into an empty or new folder (nothing was written)';
  if (!target.databaseEmpty)
    return 'The database at DATABASE_URL is not empty: restore into an empty database (nothing was written)';
  return null;
}
