import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type {
  ApiKeyScope,
  Language,
  LoginOutcome,
  NumberGrouping,
  OtpPurpose,
  UserRole,
  VerificationRequestStatus,
} from '@exchange/contracts';
import type { CustodyTables } from './schema-custody.js';
import type { GstTables } from './schema-gst.js';
import type { IdentityTables } from './schema-identity.js';
import type { RupeeTables } from './schema-rupee.js';
import type { TradingTables } from './schema-trading.js';
import type { TwoFactorTables } from './schema-two-factor.js';
import type { WalletTables } from './schema-wallets.js';

/** A timestamp the database fills in unless given. */
type CreatedAt = ColumnType<Date, Date | undefined, Date>;

export interface UsersTable {
  id: Generated<string>;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  password_hash: string;
  role: ColumnType<UserRole, UserRole | undefined, UserRole>;
  email_verified_at: Date | null;
  verification_request_status: ColumnType<
    VerificationRequestStatus,
    VerificationRequestStatus | undefined,
    VerificationRequestStatus
  >;
  created_at: CreatedAt;
  updated_at: CreatedAt;
  /** Set while an admin has the account locked. */
  locked_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  lock_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** The end of the cooling-off period after a security change: withdrawals wait until then. */
  withdrawals_held_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** On: withdrawals go only to the user's saved addresses, each from 24 h after it was added. */
  withdrawal_whitelist: ColumnType<boolean, boolean | undefined, boolean>;
  /** Shown at the top of every mail the exchange sends this user. */
  anti_phishing_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** The language the user chose for the app and their mails; null: not chosen (issue 36). */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
  /** How the user's amounts group digits; null: not chosen (issue 36). */
  number_grouping: ColumnType<
    NumberGrouping | null,
    NumberGrouping | null | undefined,
    NumberGrouping | null
  >;
}

export interface OneTimeCodesTable {
  id: Generated<string>;
  user_id: string;
  purpose: OtpPurpose;
  code_hash: string;
  attempts: ColumnType<number, number | undefined, number>;
  expires_at: Date;
  consumed_at: Date | null;
  created_at: CreatedAt;
}

export interface PasswordResetTokensTable {
  id: Generated<string>;
  user_id: string;
  token_hash: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
  /** Written at most once a minute per session (modules/sessions/last-seen.ts). */
  last_seen_at: Date | null;
}

/** Every login attempt, kept 180 days; `user_id` null when the email has no account. */
export interface LoginAttemptsTable {
  id: Generated<string>;
  user_id: string | null;
  /** As typed; null when the login was not by email (a passkey). */
  email: string | null;
  outcome: LoginOutcome;
  ip: string | null;
  user_agent: string | null;
  /** Keyed hash of the browser's device cookie. */
  device_hash: string | null;
  created_at: CreatedAt;
}

/** One row per code request, whether or not the email has an account (uniform throttling). */
export interface OtpRequestsTable {
  id: Generated<string>;
  email: string;
  purpose: OtpPurpose;
  requested_at: Date;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  label: string;
  /** SHA-256 of the key (what X-API-KEY carries): the key itself is never stored. */
  key_hash: string;
  key_prefix: string;
  /** The HMAC secret, AES-256-GCM under the API-key vault key (modules/api-keys/key-vault.ts). */
  sealed_secret: string;
  scopes: ApiKeyScope[];
  ip_allowlist: string[];
  expires_at: Date;
  revoked_at: Date | null;
  created_at: Date;
}

/** The first answer to a money call sent with an `Idempotency-Key` (24 hours). */
export interface IdempotencyKeysTable {
  user_id: string;
  key: string;
  /** SHA-256 of the method, the route and the body: a retry must send the same request. */
  fingerprint: string;
  status: number;
  /** The answer's JSON, exactly as it was sent. */
  body: string;
  created_at: Date;
}

/** A Binance user data stream's listen key (`modules/binance/listen-keys.ts`). */
export interface ListenKeysTable {
  name: string;
  user_id: string;
  api_key_id: string;
  expires_at: Date;
  created_at: Date;
}

/** A key's check value (`lib/key-check.ts`): which key the data was written with. */
export interface KeyChecksTable {
  name: string;
  check_value: string;
  created_at: Generated<Date>;
}

/** Issue 52: a case an anti-money-laundering rule opened (`modules/aml`). */
export interface AmlCasesTable {
  id: Generated<string>;
  rule: string;
  risk: 'medium' | 'high';
  /** What the case is about: a user id, an address, a device; one live case per rule and subject. */
  subject: string;
  user_ids: ColumnType<string[], string, string>;
  summary: string;
  facts: ColumnType<Record<string, string | number>, string, string>;
  status: ColumnType<
    'open' | 'escalated' | 'closed',
    'open' | undefined,
    'open' | 'escalated' | 'closed'
  >;
  created_at: Date;
  updated_at: Date;
  assignee_id: string | null;
  /** A high-risk case's close approvals so far (four-eyes): `{ admin_id, reason, at }`. */
  close_approvals: ColumnType<AmlCloseApproval[], string | undefined, string>;
  closed_reason: string | null;
}

export interface AmlCloseApproval {
  admin_id: string;
  reason: string;
  at: string;
}

/** One entry of a case's history (`modules/aml`); the audit trail has each too. */
export interface AmlCaseEventsTable {
  id: Generated<string>;
  case_id: string;
  kind: string;
  admin_id: string;
  text: string;
  created_at: Date;
}

/** An account whose withdrawals an admin paused while it is reviewed (`modules/aml`). */
export interface WithdrawalFreezesTable {
  user_id: string;
  reason: string;
  case_id: string | null;
  frozen_by: string;
  frozen_at: Date;
}

/** A suspicious-transaction report filed from a case: the file, its hash, who and when. */
export interface AmlReportsTable {
  id: Generated<string>;
  case_id: string;
  file_name: string;
  content: string;
  sha256: string;
  filed_by: string;
  filed_at: Date;
}

export interface Database
  extends
    WalletTables,
    IdentityTables,
    TradingTables,
    TwoFactorTables,
    RupeeTables,
    CustodyTables,
    GstTables {
  users: UsersTable;
  one_time_codes: OneTimeCodesTable;
  otp_requests: OtpRequestsTable;
  password_reset_tokens: PasswordResetTokensTable;
  sessions: SessionsTable;
  api_keys: ApiKeysTable;
  login_attempts: LoginAttemptsTable;
  idempotency_keys: IdempotencyKeysTable;
  listen_keys: ListenKeysTable;
  key_checks: KeyChecksTable;
  aml_cases: AmlCasesTable;
  aml_case_events: AmlCaseEventsTable;
  withdrawal_freezes: WithdrawalFreezesTable;
  aml_reports: AmlReportsTable;
}

export type UserRow = Selectable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type OneTimeCodeRow = Selectable<OneTimeCodesTable>;
