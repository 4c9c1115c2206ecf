import { sql, type Kysely } from 'kysely';

/**
 * An entry's token is its account's token: the foreign key from ledger_entries to tokens repeated
 * the one through accounts and cost a check per entry on the hottest insert. The ledger audit
 * checks that every entry's token is its account's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries drop constraint if exists ledger_entries_token_id_fkey`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table ledger_entries add constraint ledger_entries_token_id_fkey foreign key (token_id) references tokens (id)`.execute(
    db,
  );
}
