import { sql, type Kysely } from 'kysely';

const amount = sql`numeric(78, 0)`;

/**
 * Rupees in and out (issue 31): deposits and withdrawals may run on the `bank` rail (UPI, IMPS,
 * NEFT) beside the EVM networks, and a bank withdrawal the admins approved waits as `processing`
 * until the bank has paid it; users' bank accounts, each verified by an admin; each user's
 * payment reference; the bank statements admins upload and their credit lines, a UTR kept once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['deposits', 'withdrawals']) {
    await sql`alter table ${sql.table(table)} drop constraint if exists ${sql.id(`${table}_network_check`)}`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(`${table}_network_check`)} check (network in ('ethereum', 'bsc', 'polygon', 'bank'))`.execute(
      db,
    );
  }
  await sql`alter table withdrawals drop constraint if exists withdrawals_status_check`.execute(db);
  await sql`alter table withdrawals add constraint withdrawals_status_check check (status in ('pending', 'processing', 'approved', 'rejected'))`.execute(
    db,
  );

  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('holder_name', 'text', (c) => c.notNull())
    .addColumn('account_number', 'text', (c) => c.notNull())
    .addColumn('ifsc', 'text', (c) => c.notNull())
    .addColumn('upi_id', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('pending', 'verified', 'rejected', 'removed')`),
    )
    .addColumn('proof_file_id', 'uuid', (c) => c.references('stored_files.id'))
    .addColumn('reason', 'text')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // One live entry per account and user; a removed or rejected one may be added again.
  await sql`create unique index bank_accounts_live_once on bank_accounts (user_id, account_number, ifsc) where status in ('pending', 'verified')`.execute(
    db,
  );
  await sql`create index bank_accounts_status_idx on bank_accounts (status, created_at)`.execute(
    db,
  );

  await db.schema
    .createTable('bank_references')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id'))
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bank_statements')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('admin_id', 'uuid', (c) => c.notNull().references('users.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('layout', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull().unique())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'timestamptz', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bank_credits')
    .addColumn('id', 'uuid', (c) => c.primaryKey())
    .addColumn('statement_id', 'uuid', (c) => c.notNull().references('bank_statements.id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('value_date', 'text', (c) => c.notNull())
    .addColumn('utr', 'text', (c) => c.notNull())
    .addColumn('amount', amount, (c) => c.notNull().check(sql`amount > 0`))
    .addColumn('remitter_name', 'text', (c) => c.notNull())
    .addColumn('remitter_account', 'text')
    .addColumn('remitter_ifsc', 'text')
    .addColumn('remitter_vpa', 'text')
    .addColumn('narration', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`status in ('credited', 'awaiting_approval', 'amount_mismatch', 'refund_due', 'unclaimed', 'refunded', 'duplicate')`,
        ),
    )
    .addColumn('user_id', 'uuid', (c) => c.references('users.id'))
    .addColumn('deposit_id', 'uuid')
    .addColumn('note', 'text')
    .addColumn('refund_utr', 'text')
    .addColumn('decided_by', 'uuid', (c) => c.references('users.id'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  // A UTR is one credit of the bank's, whatever statements repeat it.
  await sql`create unique index bank_credits_utr_once on bank_credits (utr) where status <> 'duplicate'`.execute(
    db,
  );
  await sql`create index bank_credits_status_idx on bank_credits (status, created_at)`.execute(db);
  await sql`create index bank_credits_statement_idx on bank_credits (statement_id, line_no)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['bank_credits', 'bank_statements', 'bank_references', 'bank_accounts'])
    await db.schema.dropTable(table).execute();
}
