import type { DepositStatus, WithdrawalStatus } from '@exchange/contracts';
import type { AppContext } from '../../context.js';
import { type Page, paginate } from '../../db/paginate.js';
import { depositFromRow, withdrawalFromRow } from '../../core/record-rows.js';
import { toDepositDto, toWithdrawalDto } from '../wallets/dto.js';

/** Oldest first: the queue an admin works through. */
export async function adminDeposits(ctx: AppContext, page: Page, status?: DepositStatus) {
  let query = ctx.db
    .selectFrom('deposits')
    .innerJoin('users', 'users.id', 'deposits.user_id')
    .selectAll('deposits')
    .select('users.email');
  if (status) query = query.where('deposits.status', '=', status);
  const { rows, total } = await paginate(query.orderBy('deposits.created_at'), page);
  const data = rows.map((row) => {
    const record = depositFromRow(row);
    const user = { _id: row.user_id, email: row.email };
    return { ...toDepositDto(record, ctx.core.tokens.get(record.tokenId)), user };
  });
  return { data, total };
}

export async function adminWithdrawals(ctx: AppContext, page: Page, status?: WithdrawalStatus) {
  let query = ctx.db
    .selectFrom('withdrawals')
    .innerJoin('users', 'users.id', 'withdrawals.user_id')
    .selectAll('withdrawals')
    .select('users.email');
  if (status) query = query.where('withdrawals.status', '=', status);
  const { rows, total } = await paginate(query.orderBy('withdrawals.created_at'), page);
  const data = rows.map((row) => {
    const record = withdrawalFromRow(row);
    const user = { _id: row.user_id, email: row.email };
    return { ...toWithdrawalDto(record, ctx.core.tokens.get(record.tokenId)), user };
  });
  return { data, total };
}
