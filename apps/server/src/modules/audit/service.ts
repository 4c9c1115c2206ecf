import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';
import { formatAmount, ledgerOne } from '../../core/money.js';
import { PAISA } from '../../core/paise.js';
import { gstViolations } from './gst-audit.js';
import { paiseViolations } from './rupee-paise.js';

const LEDGER_ONE = ledgerOne.toString();
const PAISA_TEXT = PAISA.toString();
/** A rupee tax is rounded up to the paisa: a step of one paisa in units of 10^-36. */
const RUPEE_STEP = (ledgerOne * PAISA).toString();

export interface AssetTotals {
  token: string;
  /** What users hold, available plus locked. */
  users: string;
  fees: string;
  /** TDS deducted and held for the government. */
  tds: string;
  /** GST included in fees, payable to the government. */
  gst: string;
  /** Rupee remainders below the paisa, moved out of balances made before the paisa rule. */
  rounding: string;
  /** Everything ever deposited (the deposits account is its negative). */
  deposited: string;
  withdrawn: string;
  /** What pending withdrawals hold in funding wallets (part of `users`). */
  in_withdrawal: string;
}

export interface LedgerAudit {
  ok: boolean;
  violations: string[];
  totals: AssetTotals[];
}

/**
 * Checks the ledger from the database alone: every transaction sums to zero per token, every
 * entry belongs to a transaction and names its account's token, every balance row equals the sum
 * of its entries, no protected balance is negative, every row the trading path writes names what
 * exists, every fill since TDS began carries its two deductions (each the rate × what the side
 * received), the `tds` account holds the sum of the deductions per token, every rupee amount is
 * whole paise (`rupee-paise.ts`), the `gst` account holds the GST the fills recorded
 * (`gst-audit.ts`), and per token users + fees + tds + gst + rounding + withdrawn = deposited.
 */
export async function auditLedger(db: Db): Promise<LedgerAudit> {
  const violations: string[] = [];
  const unbalanced = await sql<{ transaction_id: string; token_id: string; total: string }>`
    select transaction_id, token_id, sum(amount)::text as total from ledger_entries
    group by transaction_id, token_id having sum(amount) <> 0`.execute(db);
  for (const r of unbalanced.rows)
    violations.push(
      `ledger transaction ${r.transaction_id} sums to ${r.total} in token ${r.token_id}`,
    );

  const drifted = await sql<{
    id: string;
    available: string;
    locked: string;
    entries_available: string;
    entries_locked: string;
  }>`
    select a.id, a.available::text, a.locked::text,
      coalesce(sum(e.amount) filter (where e.bucket = 'available'), 0)::text as entries_available,
      coalesce(sum(e.amount) filter (where e.bucket = 'locked'), 0)::text as entries_locked
    from accounts a left join ledger_entries e on e.account_id = a.id
    group by a.id, a.available, a.locked
    having a.available <> coalesce(sum(e.amount) filter (where e.bucket = 'available'), 0)
        or a.locked <> coalesce(sum(e.amount) filter (where e.bucket = 'locked'), 0)`.execute(db);
  for (const r of drifted.rows) {
    violations.push(
      `account ${r.id} holds ${r.available}/${r.locked} but its entries sum to ${r.entries_available}/${r.entries_locked}`,
    );
  }

  const mislabelled = await sql<{ transaction_id: string; account_id: string }>`
    select e.transaction_id::text, e.account_id from ledger_entries e
    join accounts a on a.id = e.account_id where e.token_id <> a.token_id limit 100`.execute(db);
  for (const r of mislabelled.rows)
    violations.push(
      `ledger transaction ${r.transaction_id} names another token than its account ${r.account_id}`,
    );

  const orphans = await sql<{ transaction_id: string }>`
    select distinct e.transaction_id::text from ledger_entries e
    left join ledger_transactions t on t.id = e.transaction_id where t.id is null limit 100`.execute(
    db,
  );
  for (const r of orphans.rows)
    violations.push(`ledger entries of ${r.transaction_id} belong to no transaction`);

  violations.push(...(await danglingReferences(db)));

  const negative = await sql<{ id: string }>`
    select id from accounts where system is distinct from 'deposits' and (available < 0 or locked < 0)`.execute(
    db,
  );
  for (const r of negative.rows) violations.push(`account ${r.id} is negative`);

  violations.push(...(await tdsViolations(db)));
  violations.push(...(await paiseViolations(db)));
  violations.push(...(await gstViolations(db)));

  const totals = await sql<{
    token: string;
    users: string;
    fees: string;
    tds: string;
    gst: string;
    rounding: string;
    deposits: string;
    withdrawals: string;
    in_withdrawal: string;
  }>`
    select t.short_name as token,
      coalesce(sum(a.available + a.locked) filter (where a.user_id is not null), 0)::text as users,
      coalesce(sum(a.available + a.locked) filter (where a.system = 'fees'), 0)::text as fees,
      coalesce(sum(a.available + a.locked) filter (where a.system = 'tds'), 0)::text as tds,
      coalesce(sum(a.available + a.locked) filter (where a.system = 'gst'), 0)::text as gst,
      coalesce(sum(a.available + a.locked) filter (where a.system = 'rounding'), 0)::text as rounding,
      coalesce(sum(a.available + a.locked) filter (where a.system = 'deposits'), 0)::text as deposits,
      coalesce(sum(a.available + a.locked) filter (where a.system = 'withdrawals'), 0)::text as withdrawals,
      (select coalesce(sum(w.amount), 0) from withdrawals w
        where w.token_id = t.id and w.status in ('awaiting_email_confirmation', 'pending', 'awaiting_signature'))::text as in_withdrawal
    from tokens t left join accounts a on a.token_id = t.id
    group by t.id, t.short_name order by t.short_name`.execute(db);
  const assets = totals.rows.map((r) => {
    const users = BigInt(r.users);
    const fees = BigInt(r.fees);
    const tds = BigInt(r.tds);
    const gst = BigInt(r.gst);
    const rounding = BigInt(r.rounding);
    const deposited = -BigInt(r.deposits);
    const withdrawn = BigInt(r.withdrawals);
    if (users + fees + tds + gst + rounding + withdrawn !== deposited)
      violations.push(`token ${r.token}: holdings do not add up to deposits`);
    return {
      token: r.token,
      users: formatAmount(users),
      fees: formatAmount(fees),
      tds: formatAmount(tds),
      gst: formatAmount(gst),
      rounding: formatAmount(rounding),
      deposited: formatAmount(deposited),
      withdrawn: formatAmount(withdrawn),
      in_withdrawal: formatAmount(BigInt(r.in_withdrawal)),
    };
  });
  return { ok: violations.length === 0, violations, totals: assets };
}

/**
 * The references the hot tables keep without per-row foreign keys (the single writer makes what
 * they name first): each is listed with the first rows that break it.
 */
const REFERENCES = [
  [
    'ledger entries naming no account',
    sql`select distinct e.account_id as id from ledger_entries e left join accounts a on a.id = e.account_id where a.id is null`,
  ],
  [
    'orders of no user',
    sql`select o.id::text from orders o left join users u on u.id = o.user_id where u.id is null`,
  ],
  [
    'orders on no pair',
    sql`select o.id::text from orders o left join pairs p on p.id = o.pair_id where p.id is null`,
  ],
  [
    'trades on no pair',
    sql`select t.id::text from trades t left join pairs p on p.id = t.pair_id where p.id is null`,
  ],
  [
    'TDS deductions of no fill',
    sql`select d.pair_id || ':' || d.trade_id as id from tds_deductions d left join trades t on t.pair_id = d.pair_id and t.id = d.trade_id where t.id is null`,
  ],
  [
    'TDS deductions of no order',
    sql`select d.order_id::text as id from tds_deductions d left join orders o on o.id = d.order_id where o.id is null`,
  ],
  [
    'candles on no pair',
    sql`select c.bucket::text as id from candles c left join pairs p on p.id = c.pair_id where p.id is null`,
  ],
] as const;

/**
 * TDS (section 194S): every fill since TDS began (the first USDT/INR rate was stored when this
 * version first started) carries one deduction per side, each deduction is the rate in force ×
 * what the side received rounded down (a rupee tax up to the paisa, `core/paise.ts`), names a
 * fill, and the `tds` account of each token holds exactly the sum of that token's deductions, less
 * what the paisa rule's migration moved out of it.
 */
async function tdsViolations(db: Db): Promise<string[]> {
  const found: string[] = [];
  const uncharged = await sql<{ id: string; deductions: number }>`
    select t.pair_id || ':' || t.id as id, count(d.side)::int as deductions from trades t
    left join tds_deductions d on d.pair_id = t.pair_id and d.trade_id = t.id
    where t.created_at >= (select min(created_at) from usdt_inr_rates)
    group by t.pair_id, t.id having count(d.side) <> 2 limit 10`.execute(db);
  for (const r of uncharged.rows)
    found.push(`fill ${r.id} carries ${r.deductions} TDS deductions instead of 2`);
  const miscomputed = await sql<{ id: string }>`
    select pair_id || ':' || trade_id || ':' || side as id from tds_deductions
    where amount <> div(received * rate, ${LEDGER_ONE}::numeric)
      and amount <> div(received * rate + ${RUPEE_STEP}::numeric - 1, ${RUPEE_STEP}::numeric) * ${PAISA_TEXT}::numeric
    limit 10`.execute(db);
  for (const r of miscomputed.rows)
    found.push(`TDS deduction ${r.id} is not the rate × what was received`);
  const unheld = await sql<{ token: string; held: string; deducted: string }>`
    select tk.short_name as token, coalesce(a.held, 0)::text as held, coalesce(d.deducted, 0)::text as deducted
    from tokens tk
    left join (select token_id, sum(available + locked) as held from accounts where system = 'tds' group by token_id) a
      on a.token_id = tk.id
    left join (select e.token_id, sum(e.amount) as moved from ledger_entries e
        join ledger_transactions t on t.id = e.transaction_id
        where t.kind = 'rounding' and e.account_id like 's:tds:%' group by e.token_id) r
      on r.token_id = tk.id
    left join (select token_id, sum(amount) as deducted from tds_deductions group by token_id) d
      on d.token_id = tk.id
    where coalesce(a.held, 0) - coalesce(r.moved, 0) <> coalesce(d.deducted, 0)`.execute(db);
  for (const r of unheld.rows)
    found.push(
      `token ${r.token}: the tds account holds ${r.held} but deductions sum to ${r.deducted}`,
    );
  return found;
}

async function danglingReferences(db: Db): Promise<string[]> {
  const found: string[] = [];
  for (const [what, query] of REFERENCES) {
    const { rows } = await sql<{ id: string }>`${query} limit 10`.execute(db);
    if (rows.length > 0) found.push(`${what}: ${rows.map((r) => r.id).join(', ')}`);
  }
  return found;
}
