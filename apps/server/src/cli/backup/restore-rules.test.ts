import { describe, expect, it } from 'vitest';
import type { ArchiveHeader } from '../../lib/sealed-archive.js';
import { passphraseRefusal, restoreRefusal, type RestoreTarget } from './restore-rules.js';

const HEADER: ArchiveHeader = {
  format: 'exchange-backup',
  version: 1,
  database: 'pglite',
  createdAt: '2026-11-29T10:00:00.000Z',
  migration: '20261129170000-reserves-split-signed',
  identityKeyFingerprint: null,
};
const TARGET: RestoreTarget = {
  database: 'pglite',
  newestMigration: '20261129180000-kyc-numbers-reviewed',
  identityKeyFingerprint: null,
  dataDirEmpty: true,
  databaseEmpty: true,
};

describe('restoreRefusal', () => {
  it('lets a backup of an older or the same migration into an empty folder', () => {
    expect(restoreRefusal(HEADER, TARGET)).toBeNull();
    expect(restoreRefusal({ ...HEADER, migration: TARGET.newestMigration }, TARGET)).toBeNull();
  });

  it('refuses a non-empty data folder or database', () => {
    expect(restoreRefusal(HEADER, { ...TARGET, dataDirEmpty: false })).toMatch(
      /DATA_DIR is not empty.*nothing was written/,
    );
    const postgres = { ...HEADER, database: 'postgres' as const };
    expect(
      restoreRefusal(postgres, { ...TARGET, database: 'postgres', databaseEmpty: false }),
    ).toMatch(/database at DATABASE_URL is not empty/);
  });

  it('refuses the other kind of database, saying which to give', () => {
    expect(restoreRefusal(HEADER, { ...TARGET, database: 'postgres' })).toMatch(
      /unset DATABASE_URL/,
    );
    expect(restoreRefusal({ ...HEADER, database: 'postgres' }, TARGET)).toMatch(/set DATABASE_URL/);
  });

  it('refuses a backup of a newer version', () => {
    expect(restoreRefusal({ ...HEADER, migration: '20270101000000-later' }, TARGET)).toMatch(
      /newer version/,
    );
  });

  it('needs the identity key the backup was made with, when it was kept apart', () => {
    const apart = { ...HEADER, identityKeyFingerprint: 'abc' };
    expect(restoreRefusal(apart, TARGET)).toMatch(/set IDENTITY_KEY_FILE/);
    expect(restoreRefusal(apart, { ...TARGET, identityKeyFingerprint: 'def' })).toMatch(
      /another identity key/,
    );
    expect(restoreRefusal(apart, { ...TARGET, identityKeyFingerprint: 'abc' })).toBeNull();
  });
});

describe('passphraseRefusal', () => {
  it('asks for at least 12 characters', () => {
    expect(passphraseRefusal('short pass1')).toMatch(/at least 12/);
    expect(passphraseRefusal('long enough!')).toBeNull();
  });
});
