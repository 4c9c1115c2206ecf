import path from 'node:path';
import { sql, type RawBuilder } from 'kysely';
import { loadHdRoot, loadOrCreateHdRoot } from './chain/hd-wallet.js';
import type { Config } from './config/env.js';
import type { Db } from './db/connect.js';
import { IDENTITY_KEY_FILE, identityVault } from './lib/identity-vault.js';
import { judgeKey, keyCheckValue } from './lib/key-check.js';
import { loadOrCreateSecret, readSecretFile } from './lib/secrets.js';
import {
  RESERVES_KEY_PATH,
  reservesSigner,
  signerOf,
} from './modules/proof-of-reserves/signing-key.js';

/** A key the database's data is written with, as start-up checks it. */
interface GuardedKey {
  /** Its row in `key_checks`. */
  name: string;
  /** Where the operator finds it (a file, or the setting that gives it): named when refused. */
  where: string;
  /** What the key check is computed over, read without creating anything; null: missing. */
  found(): Promise<string | null>;
  /** Makes the key (only ever over a database that holds nothing written with one). */
  create(): Promise<string>;
  /** Whether the database holds data written with it. */
  inUse(db: Db): Promise<boolean>;
}

const any = async (db: Db, query: RawBuilder<{ found: boolean }>) =>
  (await query.execute(db)).rows[0]?.found === true;

/**
 * The keys whose loss, or silent replacement, breaks data already stored (review ops-4 §3: a
 * database restored without its DATA_DIR started "ready" with a new identity key and answered
 * 500 to every API key): the identity key (PANs, authenticator secrets, identity images, API
 * key secrets), the HD root (every deposit address handed out) and the proof-of-reserves
 * signing key (every published root's signature). The JWT secret is not among them: a new one
 * ends sessions and pending codes, nothing stored, and rotating it is an operator's right.
 * Hot-wallet keys are never made by the server, so they cannot change unseen.
 */
function guardedKeys(config: Config): GuardedKey[] {
  const identityFile = config.identityKeyFile ?? path.join(config.dataDir, IDENTITY_KEY_FILE);
  const seedFile = path.join(config.dataDir, 'secrets', 'hd-seed');
  const hdGiven = config.hdXpub ? 'HD_XPUB' : config.hdMnemonic ? 'HD_MNEMONIC' : null;
  const hdSource = { xpub: config.hdXpub, mnemonic: config.hdMnemonic };
  const firstAddress = async (dir: string) => (await loadHdRoot(dir, hdSource)).deriveAddress(0);
  const reservesFile = path.join(config.dataDir, ...RESERVES_KEY_PATH);
  return [
    {
      name: 'identity-key',
      where: identityFile,
      // A configured IDENTITY_KEY_FILE is never created: identityVault refuses a missing one.
      found: async () => {
        if (config.identityKeyFile) await identityVault(config);
        return readSecretFile(identityFile);
      },
      create: () => loadOrCreateSecret(config.dataDir, IDENTITY_KEY_FILE),
      inUse: (db) =>
        any(
          db,
          sql<{
            found: boolean;
          }>`select exists (select 1 from api_keys) or exists (select 1 from kyc_requests)
            or exists (select 1 from stored_files)
            or exists (select 1 from two_factor where totp_secret is not null) as found`,
        ),
    },
    {
      name: 'hd-root',
      where: hdGiven ?? seedFile,
      found: async () =>
        hdGiven || (await readSecretFile(seedFile)) ? firstAddress(config.dataDir) : null,
      create: async () => (await loadOrCreateHdRoot(config.dataDir)).deriveAddress(0),
      inUse: (db) =>
        any(db, sql<{ found: boolean }>`select exists (select 1 from deposit_addresses) as found`),
    },
    {
      name: 'reserves-signing-key',
      where: reservesFile,
      found: async () => {
        const key = await readSecretFile(reservesFile);
        return key && signerOf(key).publicKey;
      },
      create: async () => (await reservesSigner(config)).publicKey,
      inUse: (db) =>
        any(
          db,
          sql<{
            found: boolean;
          }>`select exists (select 1 from reserve_snapshots where signature is not null) as found`,
        ),
    },
  ];
}

/** A start refused because a key does not fit the data: an answer for the operator, not a crash. */
export class KeyRefused extends Error {
  override readonly name = 'KeyRefused';
}

/** The refusal, naming the file (or setting) and what to do. */
function refusal(key: GuardedKey, verdict: 'missing' | 'wrong'): Error {
  const what =
    verdict === 'missing'
      ? `${key.where} is missing, but this database holds data written with it`
      : `${key.where} is not the key this database's data was written with (its check value differs)`;
  return new KeyRefused(
    `${what}: restore it from the backup of this exchange's DATA_DIR (or give the setting its ` +
      `old value) and start again. No new key is made over existing data: it would make that ` +
      `data unreadable (README, "DATA_DIR files").`,
  );
}

/**
 * Checks each guarded key against the check value the database keeps (`lib/key-check.ts`),
 * before anything uses it: refuses a missing or different key, makes a key only on a database
 * that holds nothing written with one, and records the check value of a key met first.
 */
export async function guardSecrets(config: Config, db: Db): Promise<void> {
  for (const key of guardedKeys(config)) {
    const row = await db
      .selectFrom('key_checks')
      .select('check_value')
      .where('name', '=', key.name)
      .executeTakeFirst();
    const material = await key.found();
    const found = material === null ? null : keyCheckValue(key.name, material);
    const stored = row?.check_value ?? null;
    const verdict = judgeKey({ stored, found, inUse: await key.inUse(db) });
    if (verdict === 'missing' || verdict === 'wrong') throw refusal(key, verdict);
    if (verdict === 'keep') continue;
    const value = keyCheckValue(key.name, material ?? (await key.create()));
    await db
      .insertInto('key_checks')
      .values({ name: key.name, check_value: value })
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
    // Another process starting on the same database recorded its own first: it must be this one.
    const kept = await db
      .selectFrom('key_checks')
      .select('check_value')
      .where('name', '=', key.name)
      .executeTakeFirstOrThrow();
    if (kept.check_value !== value) throw refusal(key, 'wrong');
  }
}
