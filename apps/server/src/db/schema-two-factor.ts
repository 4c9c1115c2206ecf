import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | undefined, Date>;
/** int8 reads back as a string on both drivers (connect.ts); written as a number or string. */
type Int8 = ColumnType<string, number | string | bigint, number | string | bigint>;

/** A user's authenticator app and second-factor lockout; no row: never set up. */
export interface TwoFactorTable {
  user_id: string;
  /** Sealed (AES-256-GCM) with a key from DATA_DIR/identity-key, bound to the user. */
  totp_secret: string | null;
  /** A secret shown for setup, not yet confirmed with a code. */
  totp_pending_secret: string | null;
  /** When the pending secret was made: a passkey added since voids it. */
  totp_pending_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  totp_enabled_at: Date | null;
  /** The last accepted time step: a code is accepted once. */
  totp_last_step: Int8 | null;
  /** Wrong codes in a row; the fifth pauses the second factor until `locked_until`. */
  failures: ColumnType<number, number | undefined, number>;
  locked_until: Date | null;
  /**
   * The same count for a login's second step from a device and address the owner has never used
   * (review N-L5): its pause stops only such logins, never the owner's signed-in step-ups.
   */
  login_failures: ColumnType<number, number | undefined, number>;
  login_locked_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: Timestamp;
}

export interface RecoveryCodesTable {
  id: Generated<string>;
  user_id: string;
  /** Keyed hash (lib/secrets.ts keyedHash) of the normalised code. */
  code_hash: string;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface PasskeysTable {
  id: Generated<string>;
  user_id: string;
  /** base64url, as WebAuthn names the credential. */
  credential_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: ColumnType<string, number | string | undefined, number | string>;
  /** Comma-separated authenticator transports. */
  transports: ColumnType<string, string | undefined, string>;
  name: string;
  created_at: Timestamp;
  last_used_at: Date | null;
  /** Set by a password reset for a passkey added in the days before it: unusable until confirmed. */
  suspended_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
}

export type ChallengePurpose = 'second_factor' | 'passkey_register' | 'passkey_login';

export interface AuthChallengesTable {
  id: Generated<string>;
  purpose: ChallengePurpose;
  secret_hash: string;
  user_id: string | null;
  expires_at: Date;
  used_at: Date | null;
  created_at: Timestamp;
}

export interface TwoFactorTables {
  two_factor: TwoFactorTable;
  recovery_codes: RecoveryCodesTable;
  passkeys: PasskeysTable;
  auth_challenges: AuthChallengesTable;
}
