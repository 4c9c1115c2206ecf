import type { Db } from '../../db/connect.js';

/** The last block the deposit scanner processed on `network`; null before its first scan. */
export async function scanCursor(db: Db, network: string): Promise<number | null> {
  const row = await db
    .selectFrom('deposit_scan_cursors')
    .select('last_block')
    .where('network', '=', network)
    .executeTakeFirst();
  return row ? Number(row.last_block) : null;
}

export async function saveScanCursor(
  db: Db,
  network: string,
  lastBlock: number,
  now: Date,
): Promise<void> {
  await db
    .insertInto('deposit_scan_cursors')
    .values({ network, last_block: lastBlock, updated_at: now })
    .onConflict((oc) =>
      oc.column('network').doUpdateSet({ last_block: lastBlock, updated_at: now }),
    )
    .execute();
}
