import type { Db } from '../../db/connect.js';

export interface NewPair {
  baseTokenId: string;
  quoteTokenId: string;
  tickSize: string;
  lotSize: string;
  minNotional?: string;
  makerFee?: string;
  takerFee?: string;
  symbolOrigin?: string;
}

/** Lists a pair, or leaves an existing one as it is; returns its id. */
export async function insertPair(db: Db, pair: NewPair): Promise<string> {
  const row = await db
    .insertInto('pairs')
    .values({
      base_token_id: pair.baseTokenId,
      quote_token_id: pair.quoteTokenId,
      tick_size: pair.tickSize,
      lot_size: pair.lotSize,
      min_notional: pair.minNotional ?? '0',
      maker_fee: pair.makerFee ?? '0.001',
      taker_fee: pair.takerFee ?? '0.001',
      symbol_origin: pair.symbolOrigin ?? 'local',
    })
    .onConflict((oc) => oc.columns(['base_token_id', 'quote_token_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (row) return row.id;
  const existing = await db
    .selectFrom('pairs')
    .select('id')
    .where('base_token_id', '=', pair.baseTokenId)
    .where('quote_token_id', '=', pair.quoteTokenId)
    .executeTakeFirstOrThrow();
  return existing.id;
}

export async function setPairStatus(
  db: Db,
  pairId: string,
  status: 'trading' | 'halted',
): Promise<void> {
  await db.updateTable('pairs').set({ status }).where('id', '=', pairId).execute();
}
