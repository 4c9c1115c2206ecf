import { sql, type Kysely } from 'kysely';

const amount = sql`numeric(78, 0)`;

/**
 * Withdrawals users control (issue 35 item 3) and the anti-phishing code (item 4): a withdrawal
 * keeps its network fee and its value in USDT when requested (the daily limit sums it) and may be
 * cancelled by its owner; each coin's network has a fee and a minimum; users keep an address book
 * with a whitelist switch and an anti-phishing code; a withdrawal's mail carries a cancel link
 * whose secret is kept hashed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table withdrawals drop constraint if exists withdrawals_status_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_status_check check (status in ('pending', 'processing', 'approved', 'rejected', 'cancelled'))`.execute(
    db,
  );
  await sql`alter table withdrawals add column fee ${amount} not null default 0 check (fee >= 0 and fee < amount)`.execute(
    db,
  );
  await sql`alter table withdrawals add column value_usdt ${amount}`.execute(db);
  await sql`create index withdrawals_user_created_idx on withdrawals (user_id, created_at)`.execute(
    db,
  );
  await sql`alter table token_networks add column withdraw_fee ${amount} not null default 0 check (withdraw_fee >= 0)`.execute(
    db,
  );
  await sql`alter table token_networks add column withdraw_min ${amount} not null default 0 check (withdraw_min >= 0)`.execute(
    db,
  );
  await sql`alter table users add column withdrawal_whitelist boolean not null default false`.execute(
    db,
  );
  await sql`alter table users add column anti_phishing_code text`.execute(db);

  await db.schema
    .createTable('withdrawal_addresses')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('network', 'text', (c) =>
      c.notNull().check(sql`network in ('ethereum', 'bsc', 'polygon')`),
    )
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addUniqueConstraint('withdrawal_addresses_once', ['user_id', 'network', 'address'])
    .execute();

  await db.schema
    .createTable('withdrawal_cancel_links')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('withdrawal_id', 'uuid', (c) => c.notNull().references('withdrawals.id'))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('withdrawal_cancel_links').execute();
  await db.schema.dropTable('withdrawal_addresses').execute();
  await sql`alter table users drop column anti_phishing_code`.execute(db);
  await sql`alter table users drop column withdrawal_whitelist`.execute(db);
  await sql`alter table token_networks drop column withdraw_min`.execute(db);
  await sql`alter table token_networks drop column withdraw_fee`.execute(db);
  await sql`drop index withdrawals_user_created_idx`.execute(db);
  await sql`alter table withdrawals drop column value_usdt`.execute(db);
  await sql`alter table withdrawals drop column fee`.execute(db);
  await sql`alter table withdrawals drop constraint withdrawals_status_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_status_check check (status in ('pending', 'processing', 'approved', 'rejected'))`.execute(
    db,
  );
}
