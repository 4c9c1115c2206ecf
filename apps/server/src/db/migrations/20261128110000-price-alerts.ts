import { sql, type Kysely } from 'kysely';

/**
 * Issue 37 item 5. `price_alerts`: a user's alert above or below a price on a pair; `fired_at`
 * is set once, when the last price crosses it (before anyone is told), so a restart neither
 * fires it again nor loses it. `notifications`: the in-app notices the bell lists.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table price_alerts (
    id uuid primary key,
    user_id uuid not null references users (id),
    pair_id uuid not null references pairs (id),
    direction text not null check (direction in ('above', 'below')),
    price numeric(78, 0) not null check (price > 0),
    created_at timestamptz not null,
    fired_at timestamptz,
    fired_price numeric(78, 0)
  )`.execute(db);
  await sql`create index price_alerts_user_idx on price_alerts (user_id, created_at desc)`.execute(
    db,
  );
  await sql`create index price_alerts_active_idx on price_alerts (pair_id) where fired_at is null`.execute(
    db,
  );
  await sql`create table notifications (
    id uuid primary key,
    user_id uuid not null references users (id),
    kind text not null,
    title text not null,
    body text not null,
    link text,
    created_at timestamptz not null,
    read_at timestamptz
  )`.execute(db);
  await sql`create index notifications_user_idx on notifications (user_id, created_at desc)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notifications`.execute(db);
  await sql`drop table price_alerts`.execute(db);
}
