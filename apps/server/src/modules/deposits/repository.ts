import type { DepositStatus } from '@exchange/contracts';
import { depositFromRow } from '../../core/record-rows.js';
import type { DepositRecord } from '../../core/records.js';
import type { Db } from '../../db/connect.js';
import { type Page, paginate } from '../../db/paginate.js';
import type { QueueSearch } from '../reviews/queue-search.js';

/** The user's HD index, assigned on first use and never reused, and the address kept for it. */
export async function depositSlotOf(
  db: Db,
  userId: string,
): Promise<{ hdIndex: number; address: string | null }> {
  await db
    .insertInto('deposit_addresses')
    .values({ user_id: userId })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await db
    .selectFrom('deposit_addresses')
    .select(['hd_index', 'address'])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { hdIndex: row.hd_index, address: row.address };
}

export async function keepDepositAddress(db: Db, userId: string, address: string): Promise<void> {
  await db
    .updateTable('deposit_addresses')
    .set({ address: address.toLowerCase() })
    .where('user_id', '=', userId)
    .execute();
}

/** Users whose address is not kept yet (assigned before addresses were kept). */
export async function slotsWithoutAddress(db: Db): Promise<{ userId: string; hdIndex: number }[]> {
  const rows = await db
    .selectFrom('deposit_addresses')
    .select(['user_id', 'hd_index'])
    .where('address', 'is', null)
    .execute();
  return rows.map((r) => ({ userId: r.user_id, hdIndex: r.hd_index }));
}

/** Whether the address is one of this exchange's deposit addresses. */
export async function isDepositAddress(db: Db, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('deposit_addresses')
    .select('user_id')
    .where('address', '=', address.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Every deposit address kept, with its owner: what the deposit scanner watches and the reserves read. */
export async function depositAddressOwners(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('deposit_addresses')
    .select(['address', 'user_id'])
    .where('address', 'is not', null)
    .execute();
  return new Map(rows.map((r) => [r.address as string, r.user_id]));
}

/** The user's deposits, the last changed first: the order of the time History shows (updated_at). */
export async function userDepositPage(
  db: Db,
  userId: string,
  page: Page,
  status?: DepositStatus,
): Promise<{ records: DepositRecord[]; total: number }> {
  let query = db.selectFrom('deposits').selectAll().where('user_id', '=', userId);
  if (status) query = query.where('status', '=', status);
  const { rows, total } = await paginate(query.orderBy('updated_at', 'desc').orderBy('id'), page);
  return { records: rows.map(depositFromRow), total };
}

/**
 * Every user's deposits with the depositor's email, oldest first: the queue an admin works
 * through, by status and search (email in part, or the whole transaction hash or sender).
 */
export async function depositQueuePage(
  db: Db,
  page: Page,
  filter: { status?: DepositStatus; search: QueueSearch | null },
) {
  let query = db
    .selectFrom('deposits')
    .innerJoin('users', 'users.id', 'deposits.user_id')
    .selectAll('deposits')
    .select('users.email');
  if (filter.status) query = query.where('deposits.status', '=', filter.status);
  const search = filter.search;
  if (search?.kind === 'hash') query = query.where('deposits.tx_hash', '=', search.value);
  if (search?.kind === 'address') query = query.where('deposits.sender_address', '=', search.value);
  if (search?.kind === 'text') query = query.where('users.email', 'ilike', search.pattern);
  const ordered = query.orderBy('deposits.created_at').orderBy('deposits.id');
  const { rows, total } = await paginate(ordered, page);
  const entries = rows.map((row) => ({
    record: depositFromRow(row),
    user: { id: row.user_id, email: row.email },
  }));
  return { entries, total };
}

/** One deposit, whatever its status. */
export async function findDeposit(db: Db, id: string): Promise<DepositRecord | undefined> {
  const row = await db.selectFrom('deposits').selectAll().where('id', '=', id).executeTakeFirst();
  return row && depositFromRow(row);
}

/** The user's credited (confirmed) deposits of every coin, with when they were credited. */
export function creditedDeposits(db: Db, userId: string) {
  return db
    .selectFrom('deposits')
    .select(['token_id', 'amount', 'updated_at'])
    .where('user_id', '=', userId)
    .where('status', '=', 'confirmed')
    .execute();
}
