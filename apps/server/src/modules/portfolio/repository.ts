import { creditedDeposits } from '../deposits/service.js';
import { withdrawalsThatLeft } from '../withdrawals/service.js';
import type { Db } from '../../db/connect.js';

/** The user's credited deposits and the withdrawals that left. */
export async function transfersOf(db: Db, userId: string) {
  const [deposits, withdrawals] = await Promise.all([
    creditedDeposits(db, userId),
    withdrawalsThatLeft(db, userId),
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
