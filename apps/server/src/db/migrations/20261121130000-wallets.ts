import { sql, type Kysely } from 'kysely';

const NETWORK = sql`network in ('ethereum', 'bsc', 'polygon')`;
const uuidPk = 'uuid';
const amount = sql`numeric(78, 0)`;

/** Tokens, ledger accounts and entries, deposits, withdrawals and the admin audit trail. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('tokens')
    .addColumn('id', uuidPk, (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('short_name', 'text', (c) => c.notNull().unique())
    .addColumn('decimals', 'integer', (c) => c.notNull().check(sql`decimals between 0 and 18`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  // Where a token lives on each network: a contract, or null for the network's native coin.
  await db.schema
    .createTable('token_networks')
    .addColumn('token_id', uuidPk, (c) => c.notNull().references('tokens.id').onDelete('cascade'))
    .addColumn('network', 'text', (c) => c.notNull().check(NETWORK))
    .addColumn('contract_address', 'text')
    .addColumn('decimals', 'integer', (c) => c.notNull().check(sql`decimals between 0 and 36`))
    .addPrimaryKeyConstraint('token_networks_pk', ['token_id', 'network'])
    .execute();

  await db.schema
    .createTable('accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', uuidPk, (c) => c.references('users.id'))
    .addColumn('system', 'text', (c) => c.check(sql`system in ('deposits', 'withdrawals', 'fees')`))
    .addColumn('token_id', uuidPk, (c) => c.notNull().references('tokens.id'))
    .addColumn('wallet_type', 'text', (c) => c.check(sql`wallet_type in ('spot', 'funding')`))
    .addColumn('available', amount, (c) => c.notNull().defaultTo(0))
    .addColumn('locked', amount, (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('accounts_owner', sql`(user_id is null) <> (system is null)`)
    .addCheckConstraint('accounts_wallet', sql`(user_id is null) = (wallet_type is null)`)
    // Only the deposits account, the outside world's side of every deposit, may go negative.
    .addCheckConstraint(
      'accounts_not_negative',
      sql`system = 'deposits' or (available >= 0 and locked >= 0)`,
    )
    .execute();
  await db.schema
    .createIndex('accounts_user_idx')
    .on('accounts')
    .columns(['user_id', 'token_id', 'wallet_type'])
    .unique()
    .execute();

  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', uuidPk, (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('transaction_id', uuidPk, (c) => c.notNull().references('ledger_transactions.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('bucket', 'text', (c) => c.notNull().check(sql`bucket in ('available', 'locked')`))
    .addColumn('token_id', uuidPk, (c) => c.notNull().references('tokens.id'))
    .addColumn('amount', amount, (c) => c.notNull().check(sql`amount <> 0`))
    .execute();
  await db.schema
    .createIndex('ledger_entries_tx_idx')
    .on('ledger_entries')
    .column('transaction_id')
    .execute();
  await db.schema
    .createIndex('ledger_entries_account_idx')
    .on('ledger_entries')
    .column('account_id')
    .execute();

  await db.schema
    .createTable('deposit_addresses')
    .addColumn('user_id', uuidPk, (c) => c.primaryKey().references('users.id'))
    .addColumn('hd_index', 'integer', (c) => c.notNull().unique().generatedByDefaultAsIdentity())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('deposits')
    .addColumn('id', uuidPk, (c) => c.primaryKey())
    .addColumn('user_id', uuidPk, (c) => c.notNull().references('users.id'))
    .addColumn('token_id', uuidPk, (c) => c.notNull().references('tokens.id'))
    .addColumn('network', 'text', (c) => c.notNull().check(NETWORK))
    .addColumn('sender_address', 'text', (c) => c.notNull())
    .addColumn('tx_hash', 'text', (c) => c.notNull())
    .addColumn('log_index', 'integer', (c) => c.notNull().defaultTo(-1))
    .addColumn('amount', amount, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'confirmed', 'rejected')`),
    )
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // A transfer (transaction and log) is credited at most once, ever, across all users.
  await sql`create unique index deposits_credited_once on deposits (network, tx_hash, log_index) where status = 'confirmed'`.execute(
    db,
  );
  await db.schema
    .createIndex('deposits_user_idx')
    .on('deposits')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('deposits_status_idx')
    .on('deposits')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('withdrawals')
    .addColumn('id', uuidPk, (c) => c.primaryKey())
    .addColumn('user_id', uuidPk, (c) => c.notNull().references('users.id'))
    .addColumn('token_id', uuidPk, (c) => c.notNull().references('tokens.id'))
    .addColumn('network', 'text', (c) => c.notNull().check(NETWORK))
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('amount', amount, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'approved', 'rejected')`),
    )
    .addColumn('tx_hash', 'text')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('withdrawals_user_idx')
    .on('withdrawals')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('withdrawals_status_idx')
    .on('withdrawals')
    .columns(['status', 'created_at'])
    .execute();

  await db.schema
    .createTable('admin_actions')
    .addColumn('id', uuidPk, (c) => c.primaryKey())
    .addColumn('admin_id', uuidPk, (c) => c.notNull().references('users.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('detail', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'admin_actions',
    'withdrawals',
    'deposits',
    'deposit_addresses',
    'ledger_entries',
    'ledger_transactions',
    'accounts',
    'token_networks',
    'tokens',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
