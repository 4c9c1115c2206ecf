import type { DepositStatus, Network, WithdrawalStatus } from '@exchange/contracts';

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

/** Who did what to which record, and when: every admin action leaves one. */
export interface AdminAction {
  id: string;
  adminId: string;
  action: string;
  targetType: 'deposit' | 'withdrawal' | 'kyc' | 'file';
  targetId: string;
  detail: Record<string, unknown>;
  createdAt: Date;
}
