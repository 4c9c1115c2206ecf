import type { ColumnType, Generated } from 'kysely';
import type {
  DepositStatus,
  Network,
  Rail,
  ReserveAsset,
  WalletType,
  WithdrawalStatus,
} from '@exchange/contracts';

/** numeric(78, 0) ledger units: read as strings (exact), written as strings. */
type Units = ColumnType<string, string, string>;
type Timestamp = ColumnType<Date, Date | undefined, Date>;
/** jsonb: read parsed, written as JSON text. */
type Json<T> = ColumnType<T, string | undefined, string>;

/** An admin's approval as stored: who and when (ISO time). */
export interface ApprovalRow {
  admin_id: string;
  /** The client address the approval came from. */
  ip: string;
  at: string;
  /** The value (USDT ledger units) of a request this admin approved alone; absent otherwise. */
  solo_usdt?: string;
}

/** A payout the hot wallet signed: kept until the chain confirms or fails it. */
export interface PayoutRow {
  raw_tx: string;
  nonce: number;
  from: string;
  sent_at: string;
  /** ISO time the watcher judged it replaced; an admin decides (review N-L3). */
  questioned_at?: string;
}

/** The bank's failure report of a sent rupee payout: its return reference and who recorded it. */
export interface BankReturnRow {
  reference: string;
  admin_ids: string[];
  at: string;
}

export interface TokensTable {
  id: Generated<string>;
  name: string;
  short_name: string;
  decimals: number;
  created_at: Timestamp;
}

export interface TokenNetworksTable {
  token_id: string;
  network: Network;
  contract_address: string | null;
  decimals: number;
  withdraw_fee: ColumnType<string, string | undefined, string>;
  withdraw_min: ColumnType<string, string | undefined, string>;
}

export interface AccountsTable {
  id: string;
  user_id: string | null;
  system: 'deposits' | 'withdrawals' | 'fees' | 'tds' | 'gst' | 'rounding' | null;
  token_id: string;
  wallet_type: WalletType | null;
  available: Units;
  locked: Units;
  updated_at: Timestamp;
}

export interface LedgerTransactionsTable {
  id: string;
  kind: string;
  reference: string;
  created_at: Date;
  /** Written under the paisa rule (`core/paise.ts`): its rupee entries are whole paise. */
  paise: Generated<boolean>;
}

export interface LedgerEntriesTable {
  transaction_id: string;
  account_id: string;
  bucket: 'available' | 'locked';
  token_id: string;
  amount: Units;
}

export interface DepositAddressesTable {
  user_id: string;
  hd_index: Generated<number>;
  /** Lower-case; null until derived (rows from before it was kept). */
  address: string | null;
  created_at: Timestamp;
}

export interface DepositsTable {
  id: string;
  user_id: string;
  token_id: string;
  network: Rail;
  sender_address: string;
  tx_hash: string;
  log_index: number;
  amount: Units;
  status: DepositStatus;
  reason: string | null;
  approvals: Json<ApprovalRow[]>;
  created_at: Date;
  updated_at: Date;
}

export interface WithdrawalsTable {
  id: string;
  user_id: string;
  token_id: string;
  network: Rail;
  address: string;
  amount: Units;
  /** Kept from the amount when paid out (ledger units); 0 on the bank rail. */
  fee: ColumnType<string, string | undefined, string>;
  /** The amount's value in USDT when requested (ledger units); null: not valued. */
  value_usdt: ColumnType<string | null, string | null | undefined, string | null>;
  status: WithdrawalStatus;
  tx_hash: string | null;
  reason: string | null;
  approvals: Json<ApprovalRow[]>;
  payout: Json<PayoutRow | null>;
  /** Rupees: the payout file batch that sent it to the bank, and when; null: not sent. */
  payout_batch_id: ColumnType<string | null, string | null | undefined, string | null>;
  payout_sent_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  payout_return: ColumnType<BankReturnRow | null, string | null | undefined, string | null>;
  created_at: Date;
  updated_at: Date;
}

/** One export of the rupee payout file (review N4-M3); a re-send needs two different admins. */
export interface PayoutBatchesTable {
  id: string;
  created_by: string;
  created_at: Date;
  rows: number;
  resend_requested_by: string | null;
  resend_requested_at: Date | null;
  resent_by: string | null;
  resent_at: Date | null;
}

/** A user's saved withdrawal address (lowercase). */
export interface WithdrawalAddressesTable {
  id: string;
  user_id: string;
  label: string;
  network: Network;
  address: string;
  created_at: Date;
}

/** A withdrawal mail's cancel link: the SHA-256 of its secret; used once, before it expires. */
export interface WithdrawalCancelLinksTable {
  token_hash: string;
  withdrawal_id: string;
  expires_at: Date;
  used_at: Date | null;
}

/**
 * A withdrawal mail's confirm link (walk-4 W4-4): the SHA-256 of its secret, bound to the
 * withdrawal and its user; used once, before it expires.
 */
export interface WithdrawalConfirmLinksTable {
  token_hash: string;
  withdrawal_id: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
}

/** JSON read as parsed values, written as text. */
type AuditJson = ColumnType<Record<string, unknown> | null, string | null, never>;

/** Append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (migration 20261124011000). */
export interface AdminActionsTable {
  id: string;
  admin_id: string;
  /** The client address; null on entries recorded before it was kept. */
  ip: string | null;
  action: string;
  target_type: string;
  target_id: string;
  user_id: string | null;
  before: AuditJson;
  after: AuditJson;
  created_at: Date;
}

/** One run of the ledger audit that an admin started; the console shows the latest. */
export interface LedgerAuditsTable {
  id: string;
  admin_id: string;
  ok: boolean;
  violations: ColumnType<string[], string, never>;
  totals: ColumnType<Record<string, string>[], string, never>;
  created_at: Date;
}

export interface ReserveSnapshotsTable {
  id: string;
  created_at: Date;
  /** null: taken on the schedule. */
  admin_id: string | null;
  ledger_position: string | null;
  root_hash: string;
  root_sums: ColumnType<string[], string, never>;
  assets: ColumnType<ReserveAsset[], string, never>;
  user_count: number;
  /** null on snapshots taken before leaves were split and roots signed (issue 45). */
  leaf_count: number | null;
  /** Ed25519, hex. */
  signature: string | null;
  /** The raw Ed25519 public key the signature verifies with, hex. */
  public_key: string | null;
}

export interface ReserveSnapshotLeavesTable {
  snapshot_id: string;
  position: number;
  /** null: a dummy leaf, padding the tree (its shares are all zero). */
  user_id: string | null;
  salt: string;
  balances: ColumnType<string[], string, never>;
}

export interface DepositScanCursorsTable {
  network: string;
  last_block: ColumnType<string, number, number>;
  updated_at: Date;
}

export interface WalletTables {
  tokens: TokensTable;
  token_networks: TokenNetworksTable;
  accounts: AccountsTable;
  ledger_transactions: LedgerTransactionsTable;
  ledger_entries: LedgerEntriesTable;
  deposit_addresses: DepositAddressesTable;
  deposits: DepositsTable;
  withdrawals: WithdrawalsTable;
  payout_batches: PayoutBatchesTable;
  withdrawal_addresses: WithdrawalAddressesTable;
  withdrawal_cancel_links: WithdrawalCancelLinksTable;
  withdrawal_confirm_links: WithdrawalConfirmLinksTable;
  admin_actions: AdminActionsTable;
  ledger_audits: LedgerAuditsTable;
  reserve_snapshots: ReserveSnapshotsTable;
  reserve_snapshot_leaves: ReserveSnapshotLeavesTable;
  deposit_scan_cursors: DepositScanCursorsTable;
}
