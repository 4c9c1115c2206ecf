import { randomUUID } from 'node:crypto';
import type { Network } from '@exchange/contracts';
import { claimKey, creditKey, type CoreState } from '../../core/core-state.js';
import type { DepositRecord } from '../../core/records.js';
import type { Command } from '../../core/sequencer.js';
import { addClaim, credit, creditDeposit } from './commands.js';

/** A confirmed transfer to a user's deposit address, as the deposit scanner found it. */
export interface ScannedTransfer {
  userId: string;
  network: Network;
  tokenId: string;
  txHash: string;
  /** -1 for a native transfer. */
  logIndex: number;
  senderAddress: string;
  /** Ledger units. */
  amount: bigint;
}

/**
 * Credits a transfer the scanner found with its confirmations, no claim needed. A transfer
 * already credited is left alone (null): blocks scanned again after a restart credit nothing
 * twice. A claim its owner made of it while it waited for confirmations is the one credited.
 */
export const creditScannedTransfer =
  (t: ScannedTransfer): Command<DepositRecord | null> =>
  (state, work) => {
    if (state.credited.has(creditKey(t.network, t.txHash, t.logIndex))) return null;
    const claimed = waitingClaim(state, t);
    if (claimed) return credit(state, work, claimed, { logIndex: t.logIndex, tokenId: t.tokenId });
    const record: DepositRecord = {
      id: randomUUID(),
      userId: t.userId,
      tokenId: t.tokenId,
      network: t.network,
      senderAddress: t.senderAddress.toLowerCase(),
      txHash: t.txHash.toLowerCase(),
      logIndex: t.logIndex,
      amount: t.amount,
      status: 'confirmed',
      reason: null,
      approvals: [],
      createdAt: work.now,
      updatedAt: work.now,
    };
    creditDeposit(state, work, record);
    addClaim(state, work, claimKey(record.txHash), record.id);
    work.saveDeposit(record);
    work.afterCommit(() => state.funds?.depositCredited(record));
    return record;
  };

/** The owner's pending claim of this transfer: same network, coin and amount. */
function waitingClaim(state: CoreState, t: ScannedTransfer): DepositRecord | undefined {
  for (const id of state.claims.get(claimKey(t.txHash)) ?? []) {
    const d = state.pendingDeposits.get(id);
    const same = d?.network === t.network && d.tokenId === t.tokenId && d.amount === t.amount;
    if (same && d.userId === t.userId) return d;
  }
  return undefined;
}
