import { sql, type Kysely } from 'kysely';

/** Ledger units (10^-18 of a rupee) of one paisa; fixed here as the migration was written. */
const PAISA = 10n ** 16n;
const TRANSACTION_KIND = 'rounding';
const REFERENCE = 'rupee-paise';

interface OrderRow {
  id: string;
  user_id: string;
  held: string;
  oco_id: string | null;
}

/**
 * Open rupee buy orders whose hold changes, with the hold each keeps: its hold rounded down to the
 * paisa. An OCO pair holds once for both (the stop, the later id, holds what the larger need adds):
 * together they keep their sum rounded down, so a triggered stop, which takes both holds, still
 * covers its need; the limit keeps its own rounded down, the stop the rest.
 */
function cutHolds(orders: readonly OrderRow[]): [OrderRow, bigint][] {
  const down = (units: bigint) => units - (units % PAISA);
  const byId = new Map(orders.map((o) => [o.id, o]));
  const cut: [OrderRow, bigint][] = [];
  for (const o of orders) {
    const held = BigInt(o.held);
    const limit = o.oco_id === null ? undefined : byId.get(o.oco_id);
    const keeps =
      limit !== undefined && Number(limit.id) < Number(o.id)
        ? down(BigInt(limit.held) + held) - down(BigInt(limit.held))
        : down(held);
    if (keeps !== held) cut.push([o, keeps]);
  }
  return cut;
}

interface AccountRow {
  id: string;
  available: string;
  locked: string;
}

/**
 * The rupee to the paisa (issue 47, `core/paise.ts`). Rupee balances made before the rule carry
 * fractions of a paisa. In one balanced ledger transaction (kind `rounding`, reference
 * `rupee-paise`):
 * 1. an open rupee buy order's hold is cut to the paisa, its remainder back to available (what it
 *    keeps still covers its fills, which now cost their value rounded down; `cutHolds`);
 * 2. every rupee account's remainder below the paisa moves to the new `rounding` system account.
 * Ledger transactions and TDS lines get `paise`: false for those from before the rule (and this
 * migration's own), true for every later one (the column's default from now on, so the hot path's
 * inserts need not name it). The audit holds every rupee balance, and the rupee entries and TDS
 * lines marked `paise`, to whole paise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table accounts drop constraint if exists accounts_system_check`.execute(db);
  await sql`alter table accounts add constraint accounts_system_check check (system in ('deposits', 'withdrawals', 'fees', 'tds', 'rounding'))`.execute(
    db,
  );
  for (const table of ['ledger_transactions', 'tds_deductions']) {
    // Rows there now read false (a constant default rewrites nothing); rows inserted later, true.
    await sql`alter table ${sql.id(table)} add column paise boolean not null default false`.execute(
      db,
    );
    await sql`alter table ${sql.id(table)} alter column paise set default true`.execute(db);
  }
  const inr = await sql<{ id: string }>`select id from tokens where short_name = 'INR'`.execute(db);
  const inrId = inr.rows[0]?.id;
  if (inrId !== undefined) await roundRupees(db, inrId);
}

async function roundRupees(db: Kysely<unknown>, inrId: string): Promise<void> {
  const accounts = await sql<AccountRow>`
    select id, available::text, locked::text from accounts
    where token_id = ${inrId} and system is distinct from 'rounding'`.execute(db);
  const balances = new Map(
    accounts.rows.map((a) => [a.id, { available: BigInt(a.available), locked: BigInt(a.locked) }]),
  );
  const entries: [string, 'available' | 'locked', bigint][] = [];
  const move = (account: string, bucket: 'available' | 'locked', amount: bigint) => {
    if (amount === 0n) return;
    entries.push([account, bucket, amount]);
    const b = balances.get(account);
    if (b) b[bucket] += amount;
  };
  const orders = await sql<OrderRow>`
    select o.id::text, o.user_id, o.held::text, o.oco_id::text from orders o
    join pairs p on p.id = o.pair_id
    where p.quote_token_id = ${inrId} and o.side = 'buy' and o.status = 'open'`.execute(db);
  for (const [o, held] of cutHolds(orders.rows)) {
    const rest = BigInt(o.held) - held;
    const wallet = `u:${o.user_id}:${inrId}:spot`;
    move(wallet, 'locked', -rest);
    move(wallet, 'available', rest);
    await sql`update orders set held = ${held.toString()}::numeric where id = ${o.id}`.execute(db);
  }
  let rounded = 0n;
  for (const [id, b] of balances) {
    for (const bucket of ['available', 'locked'] as const) {
      const rest = b[bucket] % PAISA;
      move(id, bucket, -rest);
      rounded += rest;
    }
  }
  if (entries.length === 0) return;
  const rounding = `s:rounding:${inrId}`;
  await sql`insert into accounts (id, system, token_id) values (${rounding}, 'rounding', ${inrId})
    on conflict (id) do nothing`.execute(db);
  if (rounded !== 0n) entries.push([rounding, 'available', rounded]);
  await post(db, inrId, entries);
}

/** Writes the entries as one ledger transaction and moves the accounts' balances by them. */
async function post(
  db: Kysely<unknown>,
  inrId: string,
  entries: [string, 'available' | 'locked', bigint][],
): Promise<void> {
  const tx = await sql<{
    id: string;
  }>`insert into ledger_transactions (id, kind, reference, created_at, paise)
    values (gen_random_uuid(), ${TRANSACTION_KIND}, ${REFERENCE}, now(), false) returning id`.execute(
    db,
  );
  const txId = (tx.rows[0] as { id: string }).id;
  for (const [account, bucket, amount] of entries) {
    await sql`insert into ledger_entries (transaction_id, account_id, bucket, token_id, amount)
      values (${txId}, ${account}, ${bucket}, ${inrId}, ${amount.toString()}::numeric)`.execute(db);
    await sql`update accounts set ${sql.id(bucket)} = ${sql.id(bucket)} + ${amount.toString()}::numeric,
      updated_at = now() where id = ${account}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['ledger_transactions', 'tds_deductions'])
    await sql`alter table ${sql.id(table)} drop column paise`.execute(db);
}
