import { sql } from 'kysely';
import type { Db } from '../../db/connect.js';

/** The emails of the admins who approved what a page of a queue shows. */
export async function emailsOf(db: Db, ids: Iterable<string>): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', unique)
    .execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}

/**
 * What a queue's search text means: a whole transaction hash, a whole address, or part of an
 * email (or name), matched case-insensitively with LIKE's wildcards taken literally.
 */
export type QueueSearch =
  | { kind: 'hash'; value: string }
  | { kind: 'address'; value: string }
  | { kind: 'text'; pattern: string };

export function queueSearch(search: string | undefined): QueueSearch | null {
  const text = search?.trim();
  if (!text) return null;
  if (/^0x[0-9a-fA-F]{64}$/.test(text)) return { kind: 'hash', value: text.toLowerCase() };
  if (/^0x[0-9a-fA-F]{40}$/.test(text)) return { kind: 'address', value: text.toLowerCase() };
  return { kind: 'text', pattern: `%${text.replace(/[\\%_]/g, '\\$&')}%` };
}

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
