import { sql, type Kysely } from 'kysely';

const units = sql`numeric(78, 0)`;

/**
 * TDS under section 194S: a `tds` system account, the tax each order paid beside its fee, one
 * deduction per side of every fill (what it was on, the rate in force, the USDT/INR rate and the
 * INR values used), and the USDT/INR reference rates admins set, kept with their history.
 * Deductions are written by the trading hot path like trades: keyed by (pair, trade, side), no
 * per-row foreign keys (the ledger audit checks every reference).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts drop constraint if exists accounts_system_check`.execute(db);
  await sql`alter table accounts add constraint accounts_system_check check (system in ('deposits', 'withdrawals', 'fees', 'tds'))`.execute(
    db,
  );
  await db.schema
    .alterTable('orders')
    .addColumn('tds', units, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('tds_deductions')
    .addColumn('pair_id', 'uuid', (c) => c.notNull())
    .addColumn('trade_id', 'bigint', (c) => c.notNull())
    .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('buy', 'sell')`))
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('order_id', 'bigint', (c) => c.notNull())
    .addColumn('token_id', 'uuid', (c) => c.notNull())
    .addColumn('received', units, (c) => c.notNull())
    .addColumn('amount', units, (c) => c.notNull())
    .addColumn('rate', units, (c) => c.notNull())
    .addColumn('price_usdt', units, (c) => c.notNull())
    .addColumn('usdt_inr_rate', units, (c) => c.notNull())
    .addColumn('received_inr', units, (c) => c.notNull())
    .addColumn('tds_inr', units, (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('tds_deductions_pk', ['pair_id', 'trade_id', 'side'])
    .execute();
  await db.schema
    .createIndex('tds_deductions_user_idx')
    .on('tds_deductions')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('tds_deductions_time_idx')
    .on('tds_deductions')
    .column('created_at')
    .execute();
  await db.schema
    .createTable('usdt_inr_rates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('rate', units, (c) => c.notNull().check(sql`rate > 0`))
    .addColumn('set_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('usdt_inr_rates_time_idx')
    .on('usdt_inr_rates')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usdt_inr_rates').execute();
  await db.schema.dropTable('tds_deductions').execute();
  await db.schema.alterTable('orders').dropColumn('tds').execute();
  await sql`alter table accounts drop constraint if exists accounts_system_check`.execute(db);
  await sql`alter table accounts add constraint accounts_system_check check (system in ('deposits', 'withdrawals', 'fees'))`.execute(
    db,
  );
}
