import { sql, type Kysely } from 'kysely';

/**
 * A market buy's quote budget on orders (issue 49): the quote amount it was placed to spend
 * (Binance's `quoteOrderQty`), so its later reads and user data reports carry it as Binance's
 * `origQuoteOrderQty` does. Null for every other order, and for orders from before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('quote_budget', sql`numeric(78, 0)`)
    .execute();
}
