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
