import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** Holds the user's withdrawals until `until`, or later if a hold already runs longer. */
export async function extendWithdrawalHold(db: Db, userId: string, until: Date): Promise<Date> {
  const row = await db
    .updateTable('users')
    .set({ withdrawals_held_until: sql<Date>`greatest(withdrawals_held_until, ${until})` })
    .where('id', '=', userId)
    .returning('withdrawals_held_until')
    .executeTakeFirst();
  return row?.withdrawals_held_until ?? until;
}

/** When the user's withdrawal hold ends; null when none runs at `now`. */
export async function withdrawalHoldOf(db: Db, userId: string, now: Date): Promise<Date | null> {
  const row = await db
    .selectFrom('users')
    .select('withdrawals_held_until')
    .where('id', '=', userId)
    .executeTakeFirst();
  const until = row?.withdrawals_held_until ?? null;
  return until && until > now ? until : null;
}
