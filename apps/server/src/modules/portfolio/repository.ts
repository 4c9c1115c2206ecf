import type { Db } from '../../db/connect.js';

/** The user's credited deposits and the withdrawals that left, oldest first. */
export async function transfersOf(db: Db, userId: string) {
  const [deposits, withdrawals] = await Promise.all([
    db
      .selectFrom('deposits')
      .select(['token_id', 'amount', 'updated_at'])
      .where('user_id', '=', userId)
      .where('status', '=', 'confirmed')
      .execute(),
    db
      .selectFrom('withdrawals')
      .select(['token_id', 'amount', 'updated_at'])
      .where('user_id', '=', userId)
      .where('status', 'in', ['approved', 'processing'])
      .execute(),
  ]);
  return { deposits, withdrawals };
}

/** The pair's last trade price at or before `at`; null before its first trade. */
export async function priceAt(db: Db, pairId: string, at: Date): Promise<bigint | null> {
  const row = await db
    .selectFrom('trades')
    .select('price')
    .where('pair_id', '=', pairId)
    .where('created_at', '<=', at)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? BigInt(row.price) : null;
}

/** The USDT/INR reference rates, oldest first (rupees per USDT, ledger units). */
export function usdtInrRates(db: Db) {
  return db
    .selectFrom('usdt_inr_rates')
    .select(['rate', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
