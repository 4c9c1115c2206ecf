import type {
  AdminActionName,
  AdminTargetType,
  DepositStatus,
  Rail,
  WithdrawalStatus,
} from '@exchange/contracts';
import type { AdminActor } from '../lib/request-auth.js';

/** A deposit claim as the core holds it; amounts are ledger units. */
export interface DepositRecord {
  id: string;
  userId: string;
  tokenId: string;
  network: Rail;
  senderAddress: string;
  txHash: string;
  /** The transfer's log index; -1 for a native transfer or one confirmed by hand. */
  logIndex: number;
  amount: bigint;
  status: DepositStatus;
  reason: string | null;
  /** Admins who approved crediting it, oldest first (four-eyes rule). */
  approvals: Approval[];
  createdAt: Date;
  updatedAt: Date;
}

/** One admin's approval of a deposit or withdrawal. */
export interface Approval extends AdminActor {
  at: Date;
  /** The value (USDT ledger units) of a request this admin approved alone: their daily cap counts it. */
  soloUsdt?: bigint;
}

/**
 * A payout the exchange's hot wallet signed: the raw transaction is kept so a restart can send it
 * again (the same nonce can be mined once only) and watch it until it is confirmed or fails.
 */
export interface Payout {
  rawTx: string;
  nonce: number;
  from: string;
  sentAt: Date;
  /**
   * When the payout watcher first saw its nonce taken with no receipt of ours (review N-L3): an
   * admin checks the chain and refunds it (reject) or waits for it to confirm.
   */
  questionedAt?: Date;
}

/** The payout file export that sent a rupee withdrawal to the bank. */
export interface BankBatch {
  id: string;
  sentAt: Date;
}

/** The bank reported a sent payout failed: its return reference, recorded by each admin. */
export interface BankReturn {
  reference: string;
  adminIds: string[];
  at: Date;
}

export interface WithdrawalRecord {
  id: string;
  userId: string;
  tokenId: string;
  network: Rail;
  address: string;
  /** Taken from the funding wallet, the fee included. */
  amount: bigint;
  /** The network fee: kept from the amount when it is paid out (the fees account gets it). */
  fee: bigint;
  /** The amount's value in USDT when requested (the daily limit sums it); null: not valued. */
  valueUsdt: bigint | null;
  status: WithdrawalStatus;
  txHash: string | null;
  reason: string | null;
  approvals: Approval[];
  /** Set once the hot wallet signed the transfer; the withdrawal stays pending until confirmed. */
  payout: Payout | null;
  /** Rupees: the payout file batch that sent it to the bank (review N4-M3); absent: not sent. */
  bankBatch: BankBatch | null;
  /** Rupees: the bank's failure report of the sent payout and the admins who recorded it. */
  bankReturn: BankReturn | null;
  createdAt: Date;
  updatedAt: Date;
}

/** An account's lock: set while an admin has it locked, both null once unlocked. */
export interface AccountLock {
  lockedAt: Date | null;
  reason: string | null;
}

/** A JSON object the audit trail keeps as it was. */
export type AuditValues = Record<string, unknown>;

/**
 * Who did what to which record, from which address and when, on whose account, and the values
 * before and after: every admin action leaves one, and none is ever changed or deleted.
 */
export interface AdminAction extends AdminActor {
  id: string;
  action: AdminActionName;
  targetType: AdminTargetType;
  targetId: string;
  /** The user whose account, request or record was acted on; null for tokens, pairs, the ledger. */
  userId: string | null;
  before: AuditValues | null;
  after: AuditValues | null;
  createdAt: Date;
}
