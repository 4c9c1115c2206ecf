import type { Insertable, Selectable } from 'kysely';
import type {
  AdminActionsTable,
  ApprovalRow,
  DepositsTable,
  PayoutRow,
  WithdrawalsTable,
} from '../db/schema-wallets.js';
import type { AdminAction, Approval, DepositRecord, Payout, WithdrawalRecord } from './records.js';

const approvalsFromRow = (rows: ApprovalRow[]): Approval[] =>
  rows.map((a) => ({
    adminId: a.admin_id,
    ip: a.ip,
    at: new Date(a.at),
    ...(a.solo_usdt === undefined ? {} : { soloUsdt: BigInt(a.solo_usdt) }),
  }));
const approvalsToRow = (approvals: Approval[]): string =>
  JSON.stringify(
    approvals.map((a) => ({
      admin_id: a.adminId,
      ip: a.ip,
      at: a.at.toISOString(),
      solo_usdt: a.soloUsdt?.toString(),
    })),
  );
const payoutFromRow = (p: PayoutRow | null): Payout | null =>
  p && {
    rawTx: p.raw_tx,
    nonce: p.nonce,
    from: p.from,
    sentAt: new Date(p.sent_at),
    ...(p.questioned_at ? { questionedAt: new Date(p.questioned_at) } : {}),
  };
const payoutToRow = (p: Payout | null): string =>
  JSON.stringify(
    p && {
      raw_tx: p.rawTx,
      nonce: p.nonce,
      from: p.from,
      sent_at: p.sentAt.toISOString(),
      questioned_at: p.questionedAt?.toISOString(),
    },
  );

/** Records ↔ rows at the repository edge: snake_case and string amounts stay in SQL. */
export function depositFromRow(row: Selectable<DepositsTable>): DepositRecord {
  return {
    id: row.id,
    userId: row.user_id,
    tokenId: row.token_id,
    network: row.network,
    senderAddress: row.sender_address,
    txHash: row.tx_hash,
    logIndex: row.log_index,
    amount: BigInt(row.amount),
    status: row.status,
    reason: row.reason,
    approvals: approvalsFromRow(row.approvals),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function depositToRow(d: DepositRecord): Insertable<DepositsTable> {
  return {
    id: d.id,
    user_id: d.userId,
    token_id: d.tokenId,
    network: d.network,
    sender_address: d.senderAddress,
    tx_hash: d.txHash,
    log_index: d.logIndex,
    amount: d.amount.toString(),
    status: d.status,
    reason: d.reason,
    approvals: approvalsToRow(d.approvals),
    created_at: d.createdAt,
    updated_at: d.updatedAt,
  };
}

export function withdrawalFromRow(row: Selectable<WithdrawalsTable>): WithdrawalRecord {
  return {
    id: row.id,
    userId: row.user_id,
    tokenId: row.token_id,
    network: row.network,
    address: row.address,
    amount: BigInt(row.amount),
    fee: BigInt(row.fee),
    valueUsdt: row.value_usdt === null ? null : BigInt(row.value_usdt),
    status: row.status,
    txHash: row.tx_hash,
    reason: row.reason,
    approvals: approvalsFromRow(row.approvals),
    payout: payoutFromRow(row.payout),
    bankBatch:
      row.payout_batch_id === null
        ? null
        : { id: row.payout_batch_id, sentAt: row.payout_sent_at ?? row.updated_at },
    bankReturn: row.payout_return
      ? {
          reference: row.payout_return.reference,
          adminIds: row.payout_return.admin_ids,
          at: new Date(row.payout_return.at),
        }
      : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function withdrawalToRow(w: WithdrawalRecord): Insertable<WithdrawalsTable> {
  return {
    id: w.id,
    user_id: w.userId,
    token_id: w.tokenId,
    network: w.network,
    address: w.address,
    amount: w.amount.toString(),
    fee: w.fee.toString(),
    value_usdt: w.valueUsdt?.toString() ?? null,
    status: w.status,
    tx_hash: w.txHash,
    reason: w.reason,
    approvals: approvalsToRow(w.approvals),
    payout: payoutToRow(w.payout),
    payout_batch_id: w.bankBatch?.id ?? null,
    payout_sent_at: w.bankBatch?.sentAt ?? null,
    payout_return: w.bankReturn
      ? JSON.stringify({
          reference: w.bankReturn.reference,
          admin_ids: w.bankReturn.adminIds,
          at: w.bankReturn.at.toISOString(),
        })
      : null,
    created_at: w.createdAt,
    updated_at: w.updatedAt,
  };
}

export function adminActionToRow(a: AdminAction): Insertable<AdminActionsTable> {
  return {
    id: a.id,
    admin_id: a.adminId,
    ip: a.ip,
    action: a.action,
    target_type: a.targetType,
    target_id: a.targetId,
    user_id: a.userId,
    before: a.before === null ? null : JSON.stringify(a.before),
    after: a.after === null ? null : JSON.stringify(a.after),
    created_at: a.createdAt,
  };
}
