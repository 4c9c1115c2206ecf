import { sql, type Kysely } from 'kysely';

/**
 * Entries and their transaction are written by the single writer in the same statement, so the
 * per-entry foreign-key check to ledger_transactions only re-proved that on the hottest insert.
 * The ledger audit reports any entry without its transaction.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_transaction_id_fkey`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries add constraint ledger_entries_transaction_id_fkey foreign key (transaction_id) references ledger_transactions (id)`.execute(
    db,
  );
}
