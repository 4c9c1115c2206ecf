import type { Db } from '../../db/connect.js';

/** The user's credited (confirmed) deposits: coin, amount and when (portfolio's cost basis). */
export function creditedDepositsOf(db: Db, userId: string) {
  return db
    .selectFrom('deposits')
    .select(['token_id', 'amount', 'updated_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'confirmed')
    .execute();
}
