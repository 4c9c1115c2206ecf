import type { WalletType } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';

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
