import type { WalletType } from '@exchange/contracts';
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

/** The committed balances of several users' wallets, for their live updates. */
export async function balancesOfUsers(
  db: Db,
  userIds: readonly string[],
): Promise<(AccountBalance & { userId: string })[]> {
  const rows = await db
    .selectFrom('accounts')
    .select(['user_id', 'token_id', 'wallet_type', 'available', 'locked'])
    .where('user_id', 'in', userIds)
    .execute();
  return rows.flatMap((r) =>
    r.user_id && r.wallet_type
      ? [
          {
            userId: r.user_id,
            tokenId: r.token_id,
            walletType: r.wallet_type as WalletType,
            available: BigInt(r.available),
            locked: BigInt(r.locked),
          },
        ]
      : [],
  );
}

/** A user's ledger postings, newest first, with the wallet and token they moved. */
export async function userLedgerPage(db: Db, userId: string, page: Page) {
  const query = db
    .selectFrom('ledger_entries as e')
    .innerJoin('accounts as a', 'a.id', 'e.account_id')
    .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
    .select([
      'e.transaction_id',
      'e.bucket',
      'e.amount',
      'a.token_id',
      'a.wallet_type',
      't.kind',
      't.reference',
      't.created_at',
    ])
    .where('a.user_id', '=', userId);
  return paginate(
    query
      .orderBy('t.created_at', 'desc')
      .orderBy('e.transaction_id')
      .orderBy('a.token_id')
      .orderBy('e.bucket'),
    page,
  );
}
