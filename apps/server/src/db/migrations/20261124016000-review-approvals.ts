import { sql, type Kysely } from 'kysely';

/**
 * Four-eyes reviews and on-chain payouts: each deposit and withdrawal keeps its admins'
 * approvals (who, when), a withdrawal the hot wallet pays keeps the signed transaction until it
 * is confirmed (so a restart resumes watching it), and the review queues search by address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('deposits')
    .addColumn('approvals', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
  await db.schema
    .alterTable('withdrawals')
    .addColumn('approvals', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('payout', 'jsonb')
    .execute();
  await db.schema.createIndex('deposits_tx_hash_idx').on('deposits').column('tx_hash').execute();
  await db.schema
    .createIndex('deposits_sender_address_idx')
    .on('deposits')
    .column('sender_address')
    .execute();
  await db.schema
    .createIndex('withdrawals_tx_hash_idx')
    .on('withdrawals')
    .column('tx_hash')
    .execute();
  await db.schema
    .createIndex('withdrawals_address_idx')
    .on('withdrawals')
    .column('address')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'deposits_tx_hash_idx',
    'deposits_sender_address_idx',
    'withdrawals_tx_hash_idx',
    'withdrawals_address_idx',
  ])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('withdrawals').dropColumn('payout').dropColumn('approvals').execute();
  await db.schema.alterTable('deposits').dropColumn('approvals').execute();
}
