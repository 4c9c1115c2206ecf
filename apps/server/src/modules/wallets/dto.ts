import type { DepositRecordDto, WithdrawalRecordDto } from '@exchange/contracts';
import { formatAmount } from '../../core/money.js';
import type { DepositRecord, WithdrawalRecord } from '../../core/records.js';
import type { Token } from '../tokens/repository.js';
import { tokenRef } from '../tokens/token-directory.js';

export function toDepositDto(d: DepositRecord, token: Token): DepositRecordDto {
  return {
    _id: d.id,
    network: d.network,
    amount: formatAmount(d.amount),
    tx_hash: d.txHash,
    sender_address: d.senderAddress,
    status: d.status,
    reason: d.reason,
    token: tokenRef(token),
    created_at: d.createdAt.toISOString(),
    updated_at: d.updatedAt.toISOString(),
  };
}

export function toWithdrawalDto(w: WithdrawalRecord, token: Token): WithdrawalRecordDto {
  return {
    _id: w.id,
    network: w.network,
    amount: formatAmount(w.amount),
    address: w.address,
    tx_hash: w.txHash,
    status: w.status,
    reason: w.reason,
    token: tokenRef(token),
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}
