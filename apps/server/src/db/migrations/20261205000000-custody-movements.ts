import { sql, type Kysely } from 'kysely';

/**
 * Issue 51. `custody_movements`: the book of the exchange's own wallets. Each row is one mined
 * transaction between its tiers (a deposit address swept to the cold or hot wallet, a top-up of a
 * deposit address from the gas address), once per network and hash, with its fee. Users' balances
 * (the ledger) never move: a sweep changes where the exchange keeps coins, not what it owes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table custody_movements (
    network text not null,
    tx_hash text not null,
    kind text not null check (kind in ('sweep', 'top_up')),
    plan_id text not null,
    token_id uuid references tokens (id),
    symbol text not null,
    from_tier text not null check (from_tier in ('deposit', 'gas', 'hot', 'cold')),
    from_address text not null,
    to_tier text not null check (to_tier in ('deposit', 'gas', 'hot', 'cold')),
    to_address text not null,
    units numeric(78, 0) not null check (units >= 0),
    amount numeric(78, 0),
    fee_wei numeric(78, 0) not null check (fee_wei >= 0),
    block_number bigint not null,
    recorded_at timestamptz not null,
    primary key (network, tx_hash)
  )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table custody_movements`.execute(db);
}
