import type { Db } from '../../db/connect.js';

/** The pair's last trade price at or before `at`; null before its first trade. */
export async function lastPriceAt(db: Db, pairId: string, at: Date): Promise<bigint | null> {
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
