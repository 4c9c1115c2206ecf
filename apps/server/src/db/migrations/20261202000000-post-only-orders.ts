import { sql, type Kysely } from 'kysely';

/**
 * A post-only flag on orders (issue 49): an order placed to rest only, never to take (Binance's
 * LIMIT_MAKER), keeps saying so after it is placed, so its reads and user data reports name its
 * type as placed. Orders from before are not post-only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('orders')
    .addColumn('post_only', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .execute();
}
