import { sql, type Kysely } from 'kysely';

const units = sql`numeric(78, 0)`;

/** Pairs, orders, trades, one-minute candles and favourites. Amounts and prices are ledger units (1e-18). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pairs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('base_token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('quote_token_id', 'uuid', (c) => c.notNull().references('tokens.id'))
    .addColumn('tick_size', 'text', (c) => c.notNull())
    .addColumn('lot_size', 'text', (c) => c.notNull())
    .addColumn('min_notional', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('maker_fee', 'text', (c) => c.notNull().defaultTo('0.001'))
    .addColumn('taker_fee', 'text', (c) => c.notNull().defaultTo('0.001'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('trading')
        .check(sql`status in ('trading', 'halted')`),
    )
    .addColumn('symbol_origin', 'text', (c) => c.notNull().defaultTo('local'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('pairs_tokens_unique', ['base_token_id', 'quote_token_id'])
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('id', 'bigint', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('pair_id', 'uuid', (c) => c.notNull().references('pairs.id'))
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('buy', 'sell')`))
    .addColumn('order_type', 'text', (c) =>
      c.notNull().check(sql`order_type in ('limit', 'market')`),
    )
    .addColumn('price', units)
    .addColumn('volume', units, (c) => c.notNull())
    .addColumn('filled', units, (c) => c.notNull().defaultTo(0))
    .addColumn('quote_filled', units, (c) => c.notNull().defaultTo(0))
    .addColumn('fee', units, (c) => c.notNull().defaultTo(0))
    .addColumn('held', units, (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('open', 'filled', 'cancelled')`),
    )
    .addColumn('cancel_reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('orders_user_status_idx')
    .on('orders')
    .columns(['user_id', 'status', 'created_at'])
    .execute();
  await sql`create index orders_open_idx on orders (pair_id, id) where status = 'open'`.execute(db);

  await db.schema
    .createTable('trades')
    .addColumn('pair_id', 'uuid', (c) => c.notNull().references('pairs.id'))
    .addColumn('id', 'bigint', (c) => c.notNull())
    .addColumn('price', units, (c) => c.notNull())
    .addColumn('quantity', units, (c) => c.notNull())
    .addColumn('quote_quantity', units, (c) => c.notNull())
    .addColumn('taker_side', 'text', (c) => c.notNull())
    .addColumn('maker_order_id', 'bigint', (c) => c.notNull())
    .addColumn('taker_order_id', 'bigint', (c) => c.notNull())
    .addColumn('maker_fee', units, (c) => c.notNull())
    .addColumn('taker_fee', units, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('trades_pk', ['pair_id', 'id'])
    .execute();
  await db.schema
    .createIndex('trades_time_idx')
    .on('trades')
    .columns(['pair_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('candles')
    .addColumn('pair_id', 'uuid', (c) => c.notNull().references('pairs.id'))
    .addColumn('bucket', 'timestamptz', (c) => c.notNull())
    .addColumn('open', units, (c) => c.notNull())
    .addColumn('high', units, (c) => c.notNull())
    .addColumn('low', units, (c) => c.notNull())
    .addColumn('close', units, (c) => c.notNull())
    .addColumn('volume', units, (c) => c.notNull())
    .addColumn('quote_volume', units, (c) => c.notNull())
    .addPrimaryKeyConstraint('candles_pk', ['pair_id', 'bucket'])
    .execute();

  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('pair_id', 'uuid', (c) => c.notNull().references('pairs.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'pair_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['favorites', 'candles', 'trades', 'orders', 'pairs'])
    await db.schema.dropTable(table).execute();
}
