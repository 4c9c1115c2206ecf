import { sql, type Kysely } from 'kysely';

/**
 * API keys (modules/api-keys): looked up by a hash of the key, their secret sealed with the
 * server's API-key vault key; and the client's own order ids, unique among a user's open orders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('key_prefix', 'text', (c) => c.notNull())
    .addColumn('sealed_secret', 'text', (c) => c.notNull())
    .addColumn('scopes', sql`text[]`, (c) => c.notNull())
    .addColumn('ip_allowlist', sql`text[]`, (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('api_keys_user_idx').on('api_keys').column('user_id').execute();
  await db.schema.alterTable('orders').addColumn('client_order_id', 'text').execute();
  await sql`create unique index orders_open_client_id_idx on orders (user_id, client_order_id)
    where status = 'open' and client_order_id is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('orders_open_client_id_idx').execute();
  await db.schema.alterTable('orders').dropColumn('client_order_id').execute();
  await db.schema.dropTable('api_keys').execute();
}
