import type { Db } from '../../db/connect.js';

/** Every USDT/INR reference rate, oldest first (rupees per USDT, ledger units). */
export function usdtInrRateHistory(db: Db) {
  return db
    .selectFrom('usdt_inr_rates')
    .select(['rate', 'created_at'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}
