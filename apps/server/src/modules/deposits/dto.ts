import type { DepositRecordDto } from '@exchange/contracts';
import { formatAmount } from '../../core/money.js';
import type { DepositRecord } from '../../core/records.js';
import type { Token } from '../../core/tokens.js';
import { tokenRef } from '../../core/tokens.js';

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
