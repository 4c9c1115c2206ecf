import type { DepositStatus, WalletType, WithdrawalStatus } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';
import { type Page, paginate } from '../../db/paginate.js';

export interface AccountBalance {
  tokenId: string;
  walletType: WalletType;
  available: bigint;
  locked: bigint;
}

/** The committed balances of a user's wallets. */
export async function userBalances(db: Db, userId: string): Promise<AccountBalance[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['token_id', 'wallet_type', 'available', 'locked'])
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => ({
    tokenId: r.token_id,
    walletType: r.wallet_type as WalletType,
    available: BigInt(r.available),
    locked: BigInt(r.locked),
  }));
}

export function depositPage(db: Db, userId: string, page: Page, status?: DepositStatus) {
  let query = db.selectFrom('deposits').selectAll().where('user_id', '=', userId);
  if (status) query = query.where('status', '=', status);
  return paginate(query.orderBy('created_at', 'desc').orderBy('id'), page);
}

export function withdrawalPage(db: Db, userId: string, page: Page, status?: WithdrawalStatus) {
  let query = db.selectFrom('withdrawals').selectAll().where('user_id', '=', userId);
  if (status) query = query.where('status', '=', status);
  return paginate(query.orderBy('created_at', 'desc').orderBy('id'), page);
}
