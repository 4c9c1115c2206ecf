import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/**
 * The value (USDT ledger units) of the deposits and withdrawals `adminId` approved alone since
 * `since`: the approvals that kept `solo_usdt` (four-eyes.ts).
 */
export async function soloApprovedSince(db: Db, adminId: string, since: Date): Promise<bigint> {
  const mine = JSON.stringify([{ admin_id: adminId }]);
  const { rows } = await sql<{ total: string | null }>`
    select sum((a->>'solo_usdt')::numeric)::text as total
    from (
      select jsonb_array_elements(approvals) as a from deposits
      where updated_at >= ${since} and approvals @> ${mine}::jsonb
      union all
      select jsonb_array_elements(approvals) from withdrawals
      where updated_at >= ${since} and approvals @> ${mine}::jsonb
    ) as approval
    where a->>'admin_id' = ${adminId} and a ? 'solo_usdt' and (a->>'at')::timestamptz >= ${since}
  `.execute(db);
  return BigInt(rows[0]?.total ?? '0');
}
