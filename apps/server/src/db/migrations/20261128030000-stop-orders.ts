import { sql, type Kysely } from 'kysely';

/**
 * Stop-limit and OCO orders (issue 37): a stop-limit order is a limit order with a stop price that
 * rests untriggered (its funds held) until the pair's last trade crosses the stop
 * (`triggered_at` is then set and it enters the book); an OCO's two orders name each other
 * (`oco_id`), so a fill or trigger of one cancels the other.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('stop_price', sql`numeric(78, 0)`)
    .addColumn('triggered_at', 'timestamptz')
    .addColumn('oco_id', 'bigint')
    .execute();
}
