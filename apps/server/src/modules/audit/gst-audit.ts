import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/**
 * GST on fees (`core/tax/gst.ts`): the `gst` account of each token holds exactly the GST its
 * deductions' rows (one per side of a fill) recorded, and no side's GST exceeds the fee it was
 * included in (the fee: the taker's or the maker's of the fill, by the side's order).
 */
export async function gstViolations(db: Db): Promise<string[]> {
  const found: string[] = [];
  const unheld = await sql<{ token: string; held: string; recorded: string }>`
    select tk.short_name as token, coalesce(a.held, 0)::text as held, coalesce(d.recorded, 0)::text as recorded
    from tokens tk
    left join (select token_id, sum(available + locked) as held from accounts where system = 'gst' group by token_id) a
      on a.token_id = tk.id
    left join (select token_id, sum(gst) as recorded from tds_deductions group by token_id) d
      on d.token_id = tk.id
    where coalesce(a.held, 0) <> coalesce(d.recorded, 0)`.execute(db);
  for (const r of unheld.rows)
    found.push(
      `token ${r.token}: the gst account holds ${r.held} but fills recorded ${r.recorded}`,
    );
  const excessive = await sql<{ id: string }>`
    select d.pair_id || ':' || d.trade_id || ':' || d.side as id from tds_deductions d
    join trades t on t.pair_id = d.pair_id and t.id = d.trade_id
    where d.gst > 0 and d.gst > case when t.maker_order_id = d.order_id then t.maker_fee else t.taker_fee end
    limit 10`.execute(db);
  for (const r of excessive.rows) found.push(`fill side ${r.id}: its GST exceeds its fee`);
  return found;
}
