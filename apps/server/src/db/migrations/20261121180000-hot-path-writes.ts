import { sql, type Kysely } from 'kysely';

/**
 * The tables every order writes keep only what their readers need. The single writer creates an
 * order's user, pair and accounts before it writes anything naming them, in the same statement,
 * so a per-row foreign-key check (a query per row) only re-proved that; the ledger audit checks
 * every reference instead. The ledger's entries are an append-only journal read whole by the
 * audit: no key, sequence or index. Trades are read by their key (pair, id). Orders leave room
 * in each page so a partial fill updates a resting order in place.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`alter table ledger_entries drop constraint if exists ledger_entries_account_id_fkey`,
    sql`drop index if exists ledger_entries_tx_idx`,
    sql`drop index if exists ledger_entries_account_idx`,
    sql`alter table ledger_entries drop column if exists id`,
    sql`alter table orders drop constraint if exists orders_user_id_fkey`,
    sql`alter table orders drop constraint if exists orders_pair_id_fkey`,
    sql`alter table orders set (fillfactor = 85)`,
    sql`alter table trades drop constraint if exists trades_pair_id_fkey`,
    sql`drop index if exists trades_time_idx`,
    sql`alter table candles drop constraint if exists candles_pair_id_fkey`,
  ])
    await statement.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const statement of [
    sql`alter table candles add constraint candles_pair_id_fkey foreign key (pair_id) references pairs (id)`,
    sql`create index trades_time_idx on trades (pair_id, created_at)`,
    sql`alter table trades add constraint trades_pair_id_fkey foreign key (pair_id) references pairs (id)`,
    sql`alter table orders reset (fillfactor)`,
    sql`alter table orders add constraint orders_pair_id_fkey foreign key (pair_id) references pairs (id)`,
    sql`alter table orders add constraint orders_user_id_fkey foreign key (user_id) references users (id)`,
    sql`alter table ledger_entries add column id bigserial primary key`,
    sql`create index ledger_entries_account_idx on ledger_entries (account_id)`,
    sql`create index ledger_entries_tx_idx on ledger_entries (transaction_id)`,
    sql`alter table ledger_entries add constraint ledger_entries_account_id_fkey foreign key (account_id) references accounts (id)`,
  ])
    await statement.execute(db);
}
