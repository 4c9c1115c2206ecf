import type { WithdrawalRecordDto } from '@exchange/contracts';
import { formatAmount } from '../../core/money.js';
import type { WithdrawalRecord } from '../../core/records.js';
import { tokenRef, type Token } from '../../core/tokens.js';

/** A withdrawal as its owner and the admins see it; `payee` names a rupee payout's account. */
export function toWithdrawalDto(
  w: WithdrawalRecord,
  token: Token,
  payee?: string,
): WithdrawalRecordDto {
  return {
    _id: w.id,
    network: w.network,
    amount: formatAmount(w.amount),
    fee: formatAmount(w.fee),
    address: w.address,
    ...(payee === undefined ? {} : { payee }),
    tx_hash: w.txHash,
    status: w.status,
    reason: w.reason,
    token: tokenRef(token),
    created_at: w.createdAt.toISOString(),
    updated_at: w.updatedAt.toISOString(),
  };
}
