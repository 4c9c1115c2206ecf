import type { Db } from '../../db/connect.js';

/** The user's withdrawals that left or are leaving (approved, processing): coin, amount, when. */
export function withdrawalsOutOf(db: Db, userId: string) {
  return db
    .selectFrom('withdrawals')
    .select(['token_id', 'amount', 'updated_at'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['approved', 'processing'])
    .execute();
}
