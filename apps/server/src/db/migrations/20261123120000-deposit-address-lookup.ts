import { sql, type Kysely } from 'kysely';

/**
 * Each user's deposit address is kept beside its HD index (lower-case), so a withdrawal to an
 * address of this exchange is recognised and refused. Rows from before are filled in at start.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deposit_addresses add column address text`.execute(db);
  await sql`create unique index deposit_addresses_address_idx on deposit_addresses (address)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists deposit_addresses_address_idx`.execute(db);
  await sql`alter table deposit_addresses drop column address`.execute(db);
}
