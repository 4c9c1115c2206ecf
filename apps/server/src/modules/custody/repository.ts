import type { Db } from '../../db/connect.js';
import type { Movement } from './movement.js';

/** Inserts the movements not yet recorded (by network and hash); returns how many were new. */
export async function insertMovements(db: Db, movements: Movement[], now: Date): Promise<number> {
  if (movements.length === 0) return 0;
  const result = await db
    .insertInto('custody_movements')
    .values(
      movements.map((m) => ({
        network: m.network,
        tx_hash: m.tx_hash.toLowerCase(),
        kind: m.kind,
        plan_id: m.plan_id,
        token_id: m.token_id,
        symbol: m.symbol,
        from_tier: m.from_tier,
        from_address: m.from_address.toLowerCase(),
        to_tier: m.to_tier,
        to_address: m.to_address.toLowerCase(),
        units: m.units,
        amount: m.amount,
        fee_wei: m.fee_wei,
        block_number: m.block_number,
        recorded_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['network', 'tx_hash']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}
