import { sql } from 'kysely';
import { INR } from '@exchange/contracts';
import type { Db } from '../../db/connect.js';
import { PAISA } from '../../core/paise.js';

const P = PAISA.toString();

/**
 * The paisa rule (`core/paise.ts`): every rupee balance, every rupee ledger entry and every TDS
 * line since the rule began (`paise`, set on every row written after the migration that rounded
 * the older balances) is a whole number of paise.
 */
export async function paiseViolations(db: Db): Promise<string[]> {
  const found: string[] = [];
  const balances = await sql<{ id: string; available: string; locked: string }>`
    select a.id, a.available::text, a.locked::text from accounts a
    join tokens t on t.id = a.token_id
    where t.short_name = ${INR} and (mod(a.available, ${P}::numeric) <> 0 or mod(a.locked, ${P}::numeric) <> 0)
    limit 10`.execute(db);
  for (const r of balances.rows)
    found.push(`rupee account ${r.id} holds ${r.available}/${r.locked}: not whole paise`);
  const entries = await sql<{ transaction_id: string; account_id: string; amount: string }>`
    select e.transaction_id::text, e.account_id, e.amount::text from ledger_entries e
    join tokens t on t.id = e.token_id
    join ledger_transactions x on x.id = e.transaction_id
    where t.short_name = ${INR} and x.paise and mod(e.amount, ${P}::numeric) <> 0
    limit 10`.execute(db);
  for (const r of entries.rows)
    found.push(
      `ledger transaction ${r.transaction_id} moves ${r.amount} rupee units on ${r.account_id}: not whole paise`,
    );
  const lines = await sql<{ id: string }>`
    select d.pair_id || ':' || d.trade_id || ':' || d.side as id from tds_deductions d
    join tokens t on t.id = d.token_id
    where d.paise and (mod(d.received_inr, ${P}::numeric) <> 0 or mod(d.tds_inr, ${P}::numeric) <> 0
        or (t.short_name = ${INR} and (mod(d.received, ${P}::numeric) <> 0 or mod(d.amount, ${P}::numeric) <> 0)))
    limit 10`.execute(db);
  for (const r of lines.rows) found.push(`TDS deduction ${r.id} is not whole paise in rupees`);
  return found;
}
