import type {
  AdminActionName,
  AdminTargetType,
  DepositStatus,
  Network,
  WithdrawalStatus,
} from '@exchange/contracts';
import type { AdminActor } from '../lib/request-auth.js';

/** A deposit claim as the core holds it; amounts are ledger units. */
export interface DepositRecord {
  id: string;
  userId: string;
  tokenId: string;
  network: Network;
  senderAddress: string;
  txHash: string;
  /** The transfer's log index; -1 for a native transfer or one confirmed by hand. */
  logIndex: number;
  amount: bigint;
  status: DepositStatus;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface WithdrawalRecord {
  id: string;
  userId: string;
  tokenId: string;
  network: Network;
  address: string;
  amount: bigint;
  status: WithdrawalStatus;
  txHash: string | null;
  reason: string | null;
  createdAt: Date;
  updatedAt: Date;
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
